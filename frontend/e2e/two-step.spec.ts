// Issue 38: two-step verification. Turned on from Profile → Security with the displayed
// secret (codes computed here with node:crypto's HMAC-SHA-1, RFC 6238), the recovery codes
// shown once; then a sign-in with the password and a code, and one with a recovery code.
// Axe at 1280 and 375 px, light and dark, with screenshots looked at.
import { createHmac } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, loginThroughUi, test, verifiedAccount, type Account } from './fixtures';
import { shotPath } from './vitalog-server';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Bytes(text: string): Buffer {
  let bits = '';
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The authenticator app's 6-digit code for the 30-second step holding `seconds` (RFC 6238, SHA-1). */
function totp(secret: string, seconds: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(seconds / 30)));
  const mac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

const nowSeconds = (): number => Date.now() / 1000;
const twoStep = (page: Page) => page.getByRole('group', { name: 'Two-step verification' });

async function newBrowser(browser: Browser, baseURL: string | undefined, width: number): Promise<Page> {
  const phone = width < 600;
  const context = await browser.newContext({ baseURL, viewport: { width, height: phone ? 812 : 900 }, isMobile: phone, hasTouch: phone, reducedMotion: 'reduce' });
  return context.newPage();
}

/** The password typed on /auth: the second step is asked, and nothing is signed in yet. */
async function pastThePassword(page: Page, account: Account): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Username', { exact: true }).fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByLabel('Enter the 6-digit code from your authenticator app')).toBeFocused();
  const cookies = await page.context().cookies();
  expect(cookies.some((c) => c.name === 'vitalog_auth'), 'no presence cookie before the code').toBe(false);
  expect((await page.request.get('/api/user')).status()).toBe(401);
}

test('two-step verification: turn on, sign in with a code, then with a recovery code', async ({ page, browser, baseURL, request, mailbox }) => {
  test.setTimeout(150_000);
  const account = await verifiedAccount(request, mailbox, 'twostep');
  await loginThroughUi(page, account);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/profile#profile-security');
  await twoStep(page).getByRole('button', { name: 'Turn on' }).click();
  // The password first (a stolen session must not tie the account to its own app).
  const confirm = page.getByRole('alertdialog', { name: 'Turn on two-step verification' });
  await confirm.getByLabel('Password', { exact: true }).fill(account.password);
  await confirm.getByRole('button', { name: 'Continue' }).click();

  // The QR code and the secret in text; both checked by axe, light and dark.
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('two-step-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const field = page.getByLabel('2. Enter the 6-digit code the app shows');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await twoStep(page).scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page, `two-step setup at 1280 px, ${scheme}`);
    await twoStep(page).screenshot({ path: shotPath(`two-step-setup-1280-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // A wrong code is said on the field; the right one turns it on and shows 10 codes once.
  await field.fill('000000');
  await twoStep(page).getByRole('button', { name: 'Turn on' }).click();
  await expect(twoStep(page)).toContainText('That code did not work.');
  await field.fill(totp(secret, nowSeconds()));
  await twoStep(page).getByRole('button', { name: 'Turn on' }).click();
  const codesList = page.getByRole('list', { name: 'Recovery codes' });
  await expect(codesList.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = (await codesList.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
  const firstCode = recoveryCodes[0] ?? '';
  expect(firstCode).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download .txt' }).click();
  expect((await download).suggestedFilename()).toBe('vitalog-recovery-codes.txt');
  await expectNoAxeViolations(page, 'recovery codes at 1280 px');
  await twoStep(page).screenshot({ path: shotPath('two-step-codes-1280.png') });
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(twoStep(page)).toContainText('10 recovery codes are left.');
  const on = await mailbox.waitFor(account.email, (m) => m.subject === 'Two-step verification is on for your Vitalog account');
  expect(on.links.some((l) => l.endsWith('/profile#profile-security'))).toBe(true);

  // Signed out, then in on a phone: password, then the code (the next step's: the one
  // that turned it on was spent, and a phone a little ahead is accepted).
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth/);
  const phone = await newBrowser(browser, baseURL, 375);
  await pastThePassword(phone, account);
  await expect(phone.getByRole('button', { name: 'Use a recovery code instead' })).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await phone.emulateMedia({ colorScheme: scheme });
    await expectNoAxeViolations(phone, `second step at 375 px, ${scheme}`);
    await phone.screenshot({ path: shotPath(`two-step-second-step-375-${scheme}.png`), fullPage: true });
  }
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'no horizontal scrolling on a phone').toBeLessThanOrEqual(0);
  await phone.getByLabel('Enter the 6-digit code from your authenticator app').fill('111111');
  await phone.getByRole('button', { name: 'Verify' }).click();
  await expect(phone.getByText('That code did not work. Check the time on your phone and try the newest code.')).toBeVisible();
  await phone.getByLabel('Enter the 6-digit code from your authenticator app').fill(totp(secret, nowSeconds() + 30));
  await phone.getByRole('button', { name: 'Verify' }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // The card, on, at 375 px in both themes.
  await phone.goto('/profile#profile-security');
  await expect(twoStep(phone)).toContainText('10 recovery codes are left.');
  for (const scheme of ['light', 'dark'] as const) {
    await phone.emulateMedia({ colorScheme: scheme });
    await twoStep(phone).scrollIntoViewIfNeeded();
    await expectNoAxeViolations(phone, `two-step on at 375 px, ${scheme}`);
    await twoStep(phone).screenshot({ path: shotPath(`two-step-on-375-${scheme}.png`) });
  }
  await phone.context().close();

  // A laptop with a recovery code instead; axe at 1280, light and dark.
  const laptop = await newBrowser(browser, baseURL, 1280);
  await pastThePassword(laptop, account);
  await laptop.getByRole('button', { name: 'Use a recovery code instead' }).click();
  const recovery = laptop.getByLabel('Enter one of your recovery codes');
  await expect(recovery).toBeFocused();
  await laptop.getByText('Lost your phone and your recovery codes?').click();
  await expect(laptop.getByText('vitalog reset-two-step')).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await laptop.emulateMedia({ colorScheme: scheme });
    await expectNoAxeViolations(laptop, `recovery code at 1280 px, ${scheme}`);
    await laptop.screenshot({ path: shotPath(`two-step-recovery-1280-${scheme}.png`) });
  }
  await recovery.fill(firstCode.toUpperCase());
  await laptop.getByRole('button', { name: 'Verify' }).click();
  await expect(laptop.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // The same recovery code does not work twice.
  await laptop.context().clearCookies();
  await pastThePassword(laptop, account);
  await laptop.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await laptop.getByLabel('Enter one of your recovery codes').fill(firstCode);
  await laptop.getByRole('button', { name: 'Verify' }).click();
  await expect(laptop.getByText('That code did not work. Check the time on your phone and try the newest code.')).toBeVisible();
  await laptop.context().close();
});
