// Issue 36, the phone as an app: a bottom tab bar with Record Vitals in the middle (none on a
// laptop) and pages, the menu and toasts that end above it; toasts that never cover the page's
// title or actions; Dark chosen on a light device painted dark from the first frame.
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, expectSettled, test } from './fixtures';
import { subscribedUserWithReadings } from './readings-fixtures';
import { shotPath } from './vitalog-server';

test.use({ reducedMotion: 'reduce' });

const PHONE = { width: 375, height: 812 } as const;
const LAPTOP = { width: 1280, height: 900 } as const;
const SCHEMES = ['light', 'dark'] as const;

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function rectOf(locator: Locator): Promise<Rect> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not rendered');
  return box;
}

const intersects = (a: Rect, b: Rect): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const tabBar = (page: Page): Locator => page.getByRole('navigation', { name: 'Tabs' });

/** The top and bottom of what <main> shows: every visible element in it, wherever its end is. */
const contentOfMain = (page: Page): Promise<{ top: number; bottom: number }> =>
  page.evaluate(() => {
    // checkVisibility: not what a closed <details> keeps out of sight.
    const boxes = Array.from(document.querySelectorAll('main *'))
      .filter((el) => el.checkVisibility({ visibilityProperty: true }))
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0);
    return { top: Math.min(...boxes.map((r) => r.top)), bottom: Math.max(...boxes.map((r) => r.bottom)) };
  });

test('a bottom tab bar on phones: five tabs of 44 px, the current one marked, + records vitals, pages and the menu end above it; none at 1280', async ({
  page,
  request,
  mailbox,
}) => {
  // Five days of two readings: a History page of 10.
  await subscribedUserWithReadings(page, request, mailbox, 5, 'tabs');
  await page.setViewportSize(PHONE);
  await page.goto('/history');
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  await expect(page.getByRole('main').getByText(/Showing 1 to 10 of 10/)).toBeVisible();
  const tabs = tabBar(page);
  await expect(tabs).toBeVisible();
  const links = tabs.getByRole('link');
  await expect(links).toHaveText(['Dashboard', 'History', 'Record', 'Medications', 'Profile']);
  for (const link of await links.all()) {
    const box = await rectOf(link);
    expect(box.width, await link.innerText()).toBeGreaterThanOrEqual(44);
    expect(box.height, await link.innerText()).toBeGreaterThanOrEqual(44);
  }
  await expect(tabs.getByRole('link', { name: 'History' })).toHaveAttribute('aria-current', 'page');
  await expect(tabs.locator('[aria-current]')).toHaveCount(1);
  const bar = await rectOf(tabs);
  expect(bar.y + bar.height).toBeCloseTo(PHONE.height, 0);

  // The page's last element scrolls fully into view above the bar.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const content = await contentOfMain(page);
  expect(content.bottom, 'the end of History above the tab bar').toBeLessThanOrEqual(bar.y);

  // The menu keeps the rest, its last link above the bar too.
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu.getByRole('link', { name: 'Reports' })).toBeVisible();
  const lastLink = await rectOf(menu.getByRole('link').last());
  expect(lastLink.y + lastLink.height, 'the menu above the tab bar').toBeLessThanOrEqual(bar.y);
  await page.keyboard.press('Escape');

  await tabs.getByRole('link', { name: 'Record Vitals' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Record Vitals' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'Record Vitals' })).toHaveAttribute('aria-current', 'page');

  await page.setViewportSize(LAPTOP);
  await expect(tabs).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('the screens with the tab bar are axe-clean at 375 and 1280, light and dark', async ({ page, request, mailbox }) => {
  test.setTimeout(120_000);
  await subscribedUserWithReadings(page, request, mailbox, 5, 'tabsaxe');
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    for (const [path, title] of [
      ['/', 'Dashboard'],
      ['/history', 'History'],
      ['/vitals', 'Record Vitals'],
    ] as const) {
      await page.setViewportSize(PHONE);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(tabBar(page)).toBeVisible();
      await expectSettled(page);
      await expectNoAxeViolations(page, `${path} at 375, ${colorScheme}`);
      if (path === '/history') await page.screenshot({ path: shotPath(`phone-tabs-375-${colorScheme}.png`) });
      await page.setViewportSize(LAPTOP);
      await expect(tabBar(page)).toBeHidden();
      await expectNoAxeViolations(page, `${path} at 1280, ${colorScheme}`);
    }
  }
});

// Toasts sat on the h1 and the page header's buttons for 5 s.
test("the toast after saving a reading covers neither the page's title nor its actions, nor the tab bar (375 and 1280)", async ({
  page,
  request,
  mailbox,
}) => {
  await subscribedUserWithReadings(page, request, mailbox, 3, 'toastsave');
  for (const size of [PHONE, LAPTOP]) {
    await page.setViewportSize(size);
    await page.goto('/vitals');
    await page.getByLabel('Systolic (mmHg)').fill('128');
    await page.getByLabel('Diastolic (mmHg)').fill('82');
    await page.getByRole('button', { name: 'Save Reading' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Reading saved' });
    await expect(toast).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expectSettled(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    // Placement follows a scroll once a frame.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const box = await rectOf(toast);
    const title = await rectOf(page.getByRole('heading', { level: 1 }));
    expect(intersects(box, title), `toast ${JSON.stringify(box)} over the h1 ${JSON.stringify(title)}`).toBe(false);
    const header = page.locator('.page-header');
    for (const control of await header.locator('a, button').all()) {
      expect(intersects(box, await rectOf(control)), `toast over ${await control.innerText()}`).toBe(false);
    }
    expect(box.y, 'below the app header').toBeGreaterThanOrEqual(60);
    if (size === PHONE) {
      const bar = await rectOf(tabBar(page));
      expect(box.y + box.height, 'above the tab bar').toBeLessThanOrEqual(bar.y);
    } else {
      // Top right on a laptop.
      expect(box.x + box.width).toBeGreaterThan(LAPTOP.width - 40);
      expect(box.y).toBeLessThan(LAPTOP.height / 2);
    }
    await expectNoAxeViolations(page, `the saved toast at ${size.width}`);
    await page.screenshot({ path: shotPath(`phone-shell-toast-${size.width}.png`) });
    await page.getByRole('button', { name: 'Close notification' }).click();
  }
});

test('on a phone, a toast keeps clear of the update prompt at the bottom too', async ({ page, request, mailbox }) => {
  await subscribedUserWithReadings(page, request, mailbox, 0, 'toastprompt');
  await page.setViewportSize(PHONE);
  await page.goto('/vitals');
  // The prompt as UpdatePrompt draws it (a real update needs a second build).
  await page.evaluate(() => {
    const prompt = document.createElement('div');
    prompt.className = 'update-prompt';
    prompt.setAttribute('role', 'status');
    prompt.textContent = 'A new version of Vitalog is available. Reload';
    document.body.append(prompt);
  });
  await page.getByLabel('Heart rate (bpm)').fill('72');
  await page.getByRole('button', { name: 'Save Reading' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Reading saved' });
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expectSettled(page);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const box = await rectOf(toast);
  const prompt = await rectOf(page.locator('.update-prompt'));
  expect(intersects(box, prompt), `toast ${JSON.stringify(box)} over the prompt ${JSON.stringify(prompt)}`).toBe(false);
  expect(intersects(box, await rectOf(page.getByRole('heading', { level: 1 })))).toBe(false);
  expect(prompt.y + prompt.height, 'the prompt above the tab bar').toBeLessThanOrEqual((await rectOf(tabBar(page))).y);
});

/** What the document's own background was before any of the app's styles or scripts ran. */
async function firstFrameBackground(page: Page, path: string): Promise<{ theme: string | null; background: string }> {
  await page.goto(path);
  return page.evaluate(() => (window as unknown as { firstFrame: { theme: string | null; background: string } }).firstFrame);
}

test('Dark chosen on a light device is on the page, and its background dark, before anything is painted', async ({ page, request, mailbox }) => {
  await subscribedUserWithReadings(page, request, mailbox, 0, 'flash');
  await page.emulateMedia({ colorScheme: 'light' });
  // At 'interactive' the document is parsed and none of the app's (deferred) scripts has run:
  // the browser may paint from then on.
  await page.addInitScript(() => {
    if (!localStorage.getItem('vitalog.theme')) localStorage.setItem('vitalog.theme', 'dark');
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      (window as unknown as { firstFrame: unknown }).firstFrame = {
        theme: document.documentElement.getAttribute('data-theme'),
        background: getComputedStyle(document.documentElement).backgroundColor,
      };
    });
  });
  const dark = 'rgb(14, 21, 24)'; // tokens.css's dark --color-bg
  for (const path of ['/', '/auth', '/history', '/terms-of-service']) {
    expect(await firstFrameBackground(page, path), path).toEqual({ theme: 'dark', background: dark });
  }
  // Before the stylesheet has arrived at all (a slow connection): index.html's own colour.
  await page.route('**/*.css', (route) => route.abort());
  expect(await firstFrameBackground(page, '/auth')).toEqual({ theme: 'dark', background: dark });
  // And Light chosen on a dark device is light.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => localStorage.setItem('vitalog.theme', 'light'));
  expect(await firstFrameBackground(page, '/auth')).toEqual({ theme: 'light', background: 'rgb(244, 247, 248)' });
});
