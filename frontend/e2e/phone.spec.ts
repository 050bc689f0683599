// Issue 36, the phone as an app: a bottom tab bar with Record Vitals in the middle (none on
// a laptop), pages that end above it, and Dark chosen on a light device painted dark from
// the first frame.
import { expect, expectNoAxeViolations, test } from './fixtures';
import { subscribedUserWithReadings } from './readings-fixtures';

test('a bottom tab bar on phones: five tabs of 44 px, the current one marked, + records vitals; none at 1280', async ({ page, request, mailbox }) => {
  await subscribedUserWithReadings(page, request, mailbox, 12, 'tabs');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/history');
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Tabs' });
  await expect(tabs).toBeVisible();
  const links = tabs.getByRole('link');
  await expect(links).toHaveText(['Dashboard', 'History', 'Record', 'Medications', 'Profile']);
  for (const link of await links.all()) {
    const box = await link.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  }
  await expect(tabs.getByRole('link', { name: 'History' })).toHaveAttribute('aria-current', 'page');
  const bar = await tabs.boundingBox();
  expect((bar?.y ?? 0) + (bar?.height ?? 0)).toBeCloseTo(812, 0);
  // The page's last element scrolls into view above the bar.
  const pages = page.getByRole('navigation', { name: 'Pages' });
  await pages.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const last = await pages.boundingBox();
  expect((last?.y ?? 0) + (last?.height ?? 0)).toBeLessThanOrEqual(bar?.y ?? 0);
  await expectNoAxeViolations(page, '/history with the tab bar at 375');
  await page.screenshot({ path: 'test-results/screenshots/phone-tabs-375.png' });

  await tabs.getByRole('link', { name: 'Record Vitals' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Record Vitals' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'Record Vitals' })).toHaveAttribute('aria-current', 'page');

  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(tabs).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('Dark chosen on a light device is on the page before anything is painted', async ({ page, request, mailbox }) => {
  await subscribedUserWithReadings(page, request, mailbox, 0, 'flash');
  await page.emulateMedia({ colorScheme: 'light' });
  // What <html> carried when the document was parsed ('interactive'), before any of the
  // app's (deferred) scripts ran: the browser may paint from then on.
  await page.addInitScript(() => {
    localStorage.setItem('vitalog.theme', 'dark');
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        (window as unknown as { atBody: string | null }).atBody = document.documentElement.getAttribute('data-theme');
      }
    });
  });
  for (const path of ['/', '/auth', '/history']) {
    await page.goto(path);
    expect(await page.evaluate(() => (window as unknown as { atBody: string | null }).atBody), path).toBe('dark');
  }
});
