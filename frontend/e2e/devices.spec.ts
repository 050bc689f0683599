// Issue 38: where you're signed in. Two browsers of one person: the laptop lists both,
// signs the phone out, and the phone is signed out at its next request; then "Sign out
// everywhere else". Axe at 1280 and 375 px, light and dark, with screenshots looked at.
import type { Browser, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, loginThroughUi, test, verifiedAccount, type Account } from './fixtures';
import { shotPath } from './vitalog-server';

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

const devices = (page: Page) => page.getByRole('group', { name: "Where you're signed in" });

async function phoneSignedIn(browser: Browser, baseURL: string | undefined, account: Account): Promise<Page> {
  const context = await browser.newContext({ baseURL, userAgent: PHONE_UA, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const phone = await context.newPage();
  await loginThroughUi(phone, account);
  return phone;
}

test('one browser signs another out, at once; then everywhere else', async ({ page, browser, baseURL, request, mailbox }) => {
  test.setTimeout(120_000);
  const account = await verifiedAccount(request, mailbox, 'devices');
  await loginThroughUi(page, account);
  const phone = await phoneSignedIn(browser, baseURL, account);
  // A browser that never signed in to the account: the person is told where and when.
  const notice = await mailbox.waitFor(account.email, (m) => m.subject === 'New sign-in to Vitalog');
  const text = notice.parts.find((p) => p.contentType.startsWith('text/plain'))?.text ?? '';
  expect(text).toContain('Chrome on Android, from network 127.0.0.0/24');
  expect(notice.links.some((l) => l.endsWith('/profile#profile-security'))).toBe(true);

  await page.goto('/profile#profile-security');
  const list = devices(page).getByRole('list', { name: 'Signed-in sessions' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  const [here, other] = [list.getByRole('listitem').nth(0), list.getByRole('listitem').nth(1)];
  await expect(here).toContainText('This device');
  await expect(here).toContainText(/Chrome on Linux|Chrome/);
  await expect(here.getByRole('button')).toHaveCount(0);
  await expect(other).toContainText('Chrome on Android');
  await expect(other).toContainText(/Last active (just now|\d+ minutes? ago)/);
  await expect(other).toContainText('from network 127.0.0.0/24');
  const signOut = other.getByRole('button', { name: /^Sign out Chrome on Android/ });
  expect((await signOut.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await devices(page).scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page, 'sessions at 1280 px');
  await devices(page).screenshot({ path: shotPath('devices-1280.png') });

  // The phone sees itself as "This device", at 375 px, light and dark.
  await phone.goto('/profile#profile-security');
  const phoneList = devices(phone).getByRole('list', { name: 'Signed-in sessions' });
  await expect(phoneList.getByRole('listitem').first()).toContainText('Chrome on Android This device');
  for (const scheme of ['light', 'dark'] as const) {
    await phone.emulateMedia({ colorScheme: scheme });
    await devices(phone).scrollIntoViewIfNeeded();
    await expectNoAxeViolations(phone, `sessions at 375 px, ${scheme}`);
    await devices(phone).screenshot({ path: shotPath(`devices-375-${scheme}.png`) });
  }
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'no horizontal scrolling on a phone').toBeLessThanOrEqual(0);

  // The laptop signs the phone out: confirmed, gone from the list, and the phone is out.
  await signOut.click();
  await expect(page.getByRole('status').filter({ hasText: 'Chrome on Android is signed out of your account.' })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(devices(page)).toContainText('You are signed in on this device only.');
  await phone.reload();
  await expect(phone).toHaveURL(/\/auth/);
  await expect(phone.getByRole('button', { name: 'Login' })).toBeVisible();

  // Signed in again on the phone (known by now: no second notice), then "Sign out
  // everywhere else" from the laptop.
  await loginThroughUi(phone, account);
  expect(mailbox.messages.filter((m) => m.subject === 'New sign-in to Vitalog' && m.to.includes(account.email))).toHaveLength(1);
  await page.reload();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await devices(page).getByRole('button', { name: 'Sign out everywhere else' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Sign out everywhere else?' });
  await expect(dialog).toContainText('The 1 other session will be signed out at once. You stay signed in here.');
  await expectNoAxeViolations(page, 'sign out everywhere else, asked');
  await dialog.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 other session is signed out.' })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await phone.goto('/');
  await expect(phone).toHaveURL(/\/auth/);
  // This browser is still signed in.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await phone.context().close();
});
