// Where the browser has no Web Bluetooth (Debian's Chromium without its flag, like Safari
// and Firefox): the page says which browsers can, and the typed form stays (issue 39).
import { expect, test } from './fixtures';
import { subscribedUserWithReadings } from './readings-fixtures';

test('without Web Bluetooth, the page says which browsers can and the typed form stays', async ({ page, request, mailbox }) => {
  await subscribedUserWithReadings(page, request, mailbox, 0, 'nocuff');
  await page.goto('/vitals');
  await expect(page.getByRole('heading', { level: 1, name: 'Record Vitals' })).toBeVisible();
  await expect(page.getByText('Reading a cuff over Bluetooth works in Chrome and Edge on Android, Windows, macOS and ChromeOS.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect a Bluetooth cuff' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save Reading' })).toBeVisible();
  // No quick action on the dashboard where it cannot work.
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Connect a Bluetooth cuff' })).toHaveCount(0);
});
