// Issue 38: the person's security log. A wrong password tried from another browser, a sign-in
// on a phone, an export: the laptop's Security section lists them newest first with where each
// came from, the refused one marked. Axe at 1280 and 375 px, light and dark; screenshots.
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, loginThroughUi, test, verifiedAccount } from './fixtures';
import { shotPath } from './vitalog-server';

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

const securityLog = (page: Page) => page.getByRole('group', { name: 'Security log' });

test('the security log lists sign-ins, a refused password and an export, newest first', async ({ page, browser, baseURL, request, mailbox }) => {
  test.setTimeout(120_000);
  const account = await verifiedAccount(request, mailbox, 'seclog');
  // Someone with the wrong password, from a phone.
  const phoneContext = await browser.newContext({ baseURL, userAgent: PHONE_UA, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const refused = await phoneContext.request.post('/api/login', { data: { username: account.username, password: 'Wrong&pass1' } });
  expect(refused.status()).toBe(401);
  await loginThroughUi(page, account);
  const exported = await page.request.get('/api/data/readings.csv');
  expect(exported.status()).toBe(200);

  await page.goto('/profile#profile-security');
  const items = securityLog(page).getByRole('list', { name: 'Security events, newest first' }).getByRole('listitem');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText('Data exported (readings, CSV)');
  // A wrong password is noted after its answer, so it may land just after the sign-in.
  const refusedItem = items.filter({ hasText: 'Sign-in refused: wrong password' });
  await expect(refusedItem).toContainText('Was this you?');
  await expect(refusedItem).toContainText('Chrome on Android · network 127.0.0.0/24');
  await expect(items.filter({ hasText: 'Signed in with a password' })).toHaveCount(1);
  await expect(securityLog(page).getByRole('button', { name: 'Show older events' })).toHaveCount(0);
  await securityLog(page).scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page, 'security log at 1280 px');
  await securityLog(page).screenshot({ path: shotPath('security-log-1280.png') });

  // The same log on the phone, light and dark, once signed in there.
  const phone = await phoneContext.newPage();
  await loginThroughUi(phone, account);
  await phone.goto('/profile#profile-security');
  const phoneItems = securityLog(phone).getByRole('listitem');
  await expect(phoneItems.first()).toContainText('Signed in with a password');
  await expect(phoneItems.first()).toContainText('Chrome on Android');
  for (const scheme of ['light', 'dark'] as const) {
    await phone.emulateMedia({ colorScheme: scheme });
    await securityLog(phone).scrollIntoViewIfNeeded();
    await expectNoAxeViolations(phone, `security log at 375 px, ${scheme}`);
    await securityLog(phone).screenshot({ path: shotPath(`security-log-375-${scheme}.png`) });
  }
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'no horizontal scrolling on a phone').toBeLessThanOrEqual(0);
  await phoneContext.close();
});
