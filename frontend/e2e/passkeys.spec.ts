// Issue 38: passkeys. Chromium's virtual authenticator (DevTools WebAuthn domain: CTAP2,
// internal transport, resident keys, user verification) stands in for a phone's: a person
// adds a passkey in Profile → Security, names it, signs out, signs in with it (no username
// typed), sees it used, and removes it with their password. The server is opened as
// http://localhost:PORT: browsers refuse WebAuthn on an IP address. Axe at 1280 and
// 375 px, light and dark, with screenshots looked at.
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, loginThroughUi, test, verifiedAccount } from './fixtures';
import { shotPath } from './vitalog-server';

test.use({ publicHost: 'localhost' });

const card = (page: Page) => page.getByRole('group', { name: 'Passkeys' });

type StoredCredential = Record<string, unknown>;

/** A virtual platform authenticator on `page`, holding `credentials` if given; what it holds, on demand. */
async function virtualAuthenticator(page: Page, credentials: StoredCredential[] = []): Promise<() => Promise<StoredCredential[]>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  for (const credential of credentials) {
    await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: credential as never });
  }
  return async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials as unknown as StoredCredential[];
}

async function lookedAt(page: Page, where: string, shot: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await card(page).scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page, `${where}, ${scheme}`);
    await card(page).screenshot({ path: shotPath(`${shot}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('add a passkey, sign out, sign in with it, remove it', async ({ page: first, request, mailbox, baseURL }) => {
  let page = first;
  test.setTimeout(120_000);
  expect(baseURL).toMatch(/^http:\/\/localhost:\d+$/);
  const account = await verifiedAccount(request, mailbox, 'passkey');
  const held = await virtualAuthenticator(page);
  await loginThroughUi(page, account);

  await page.goto('/profile#profile-security');
  await expect(card(page)).toContainText("A passkey signs you in with your phone's or computer's fingerprint, face or screen lock");
  await lookedAt(page, 'passkeys, none yet, 1280 px', 'passkeys-empty-1280');

  // Add: the platform prompt (the virtual authenticator answers), then a name.
  await card(page).getByRole('button', { name: 'Add a passkey' }).click();
  // The password first (a passkey signs in without it), then the platform's prompt.
  const confirm = page.getByRole('alertdialog', { name: 'Add a passkey' });
  await confirm.getByLabel('Password', { exact: true }).fill(account.password);
  await expectNoAxeViolations(page, 'adding a passkey, the password asked');
  await confirm.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You can now sign in with it.' })).toBeVisible();
  const name = card(page).getByLabel('Passkey name');
  await expect(name).toBeFocused();
  await expect(name).toHaveValue(/Chrome on Linux|Chrome/);
  await expectNoAxeViolations(page, 'naming a new passkey');
  await card(page).screenshot({ path: shotPath('passkeys-naming-1280-light.png') });
  await name.fill('Phone');
  await card(page).getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'It is called “Phone”.' })).toBeVisible();
  const row = card(page).getByRole('list', { name: 'Your passkeys' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Phone');
  await expect(row).toContainText(/Added \d{2}\/\d{2}\/\d{4} · Not used yet/);
  const added = await mailbox.waitFor(account.email, (m) => m.subject === 'A passkey was added to your Vitalog account');
  expect(added.links.some((l) => l.endsWith('/profile#profile-security'))).toBe(true);
  await lookedAt(page, 'passkeys, one, 1280 px', 'passkeys-one-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  await lookedAt(page, 'passkeys, one, 375 px', 'passkeys-one-375');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'no horizontal scrolling on a phone').toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  const registered = await held();
  expect(registered).toHaveLength(1);
  expect(registered[0]?.isResidentCredential, 'a discoverable credential').toBe(true);

  // Signed out, then in with the passkey's button: no username or password typed. (This
  // page's browser offers no autofill, so the button is what signs in.)
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
  });
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByLabel('Username', { exact: true })).toHaveAttribute('autocomplete', 'username webauthn');
  const passkeyButton = page.getByRole('button', { name: 'Sign in with a passkey' });
  await expect(passkeyButton).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 812 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoAxeViolations(page, `login with a passkey button, ${width} px, ${scheme}`);
      await page.locator('form[aria-labelledby="login-heading"]').screenshot({ path: shotPath(`passkeys-login-${width}-${scheme}.png`) });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
  await passkeyButton.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.goto('/profile#profile-security');
  await expect(row).toContainText(/Last used \d{2}\/\d{2}\/\d{4}/);

  // Another tab whose browser offers autofill: opening the Login page signs in with the
  // passkey (the virtual authenticator picks the one suggestion at once). Its authenticator
  // holds the same credential, counter included: an older counter would be refused as a
  // cloned authenticator's.
  const credentials = await held();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth/);
  const tab = await page.context().newPage();
  await virtualAuthenticator(tab, credentials);
  await tab.goto('/auth');
  await expect(tab).toHaveURL(/\/$/);
  await expect(tab.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.close();
  page = tab;

  // Removing it asks for the password.
  await page.goto('/profile#profile-security');
  const rowHere = card(page).getByRole('list', { name: 'Your passkeys' }).getByRole('listitem');
  await expect(rowHere).toContainText('Phone');
  await card(page).getByRole('button', { name: 'Remove Phone' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove “Phone”?' });
  await dialog.getByLabel('Password', { exact: true }).fill('not the password');
  await dialog.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(dialog).toContainText(/password/i);
  await expect(dialog.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, 'remove passkey, wrong password');
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(page.getByRole('status').filter({ hasText: '“Phone” no longer signs in to your account.' })).toBeVisible();
  await expect(card(page)).toContainText('A passkey signs you in');
  await mailbox.waitFor(account.email, (m) => m.subject === 'A passkey was removed from your Vitalog account');
});
