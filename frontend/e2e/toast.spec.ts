// The error toast never covers the control that caused it (issue 14, item 3).
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { shotPath } from './vitalog-server';
import { subscribedUserWithReadings } from './readings-fixtures';

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

function intersects(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function rectOf(locator: Locator): Promise<Rect> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not rendered');
  return box;
}

async function failSave(page: Page): Promise<{ toast: Rect; save: Rect }> {
  await page.getByLabel('Heart rate (bpm)').fill('72');
  const save = page.getByRole('button', { name: 'Save Reading' });
  await save.scrollIntoViewIfNeeded();
  await save.click();
  const toast = page.getByRole('alert').filter({ has: page.locator('.toast-title') });
  await expect(toast).toBeVisible();
  await expect(save).toBeEnabled();
  // Its entry animation has ended: the box measured is where it stays.
  await toast.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  return { toast: await rectOf(toast), save: await rectOf(save) };
}

test('a failed save: the error toast keeps clear of Save Reading (1280x900 and 375x812)', async ({ page, request, mailbox }) => {
  await subscribedUserWithReadings(page, request, mailbox, 0, 'toast');
  await page.route('**/api/readings', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Server error' }) });
  });

  for (const [width, height] of [
    [1280, 900],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/vitals');
    await expect(page.getByRole('heading', { level: 1, name: 'Record Vitals' })).toBeVisible();
    const { toast, save } = await failSave(page);
    expect(intersects(toast, save), `toast ${JSON.stringify(toast)} over Save Reading ${JSON.stringify(save)}`).toBe(false);
    // The toast is inside the viewport, under the header.
    expect(toast.y).toBeGreaterThanOrEqual(60);
    expect(toast.y + toast.height).toBeLessThanOrEqual(height);
    await page.screenshot({ path: shotPath(`record-toast-${width}.png`) });

    // A retry click reaches the button (playwright checks nothing else receives it).
    await page.getByRole('button', { name: 'Save Reading' }).click({ trial: true });
  }
});

test('a toast that would cover the control that caused it moves to the top', async ({ page, request, mailbox }) => {
  await subscribedUserWithReadings(page, request, mailbox, 0, 'toastb');
  await page.route('**/api/readings', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Server error' }) });
  });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/vitals');
  await page.getByLabel('Heart rate (bpm)').fill('72');
  // Room to scroll Save Reading down to the bottom of the screen, where a toast goes first.
  await page.addStyleTag({ content: 'body { padding-top: 2000px; padding-bottom: 2000px; }' });
  const save = page.getByRole('button', { name: 'Save Reading' });
  await save.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - (window.innerHeight - 80)));
  await save.click();
  const toast = page.getByRole('alert').filter({ has: page.locator('.toast-title') });
  await expect(toast).toHaveAttribute('data-placement', 'top');
  await toast.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  expect(intersects(await rectOf(toast), await rectOf(save))).toBe(false);
});

// Issue 36: toasts sat on the h1 and the page header's buttons for 5 s.
test('a toast never covers the page title or its actions (375 and 1280)', async ({ page, request, mailbox }) => {
  await subscribedUserWithReadings(page, request, mailbox, 3, 'toasth');
  for (const [width, height] of [
    [1280, 900],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/reports');
    await page.getByRole('form', { name: 'Create Report' }).getByRole('button', { name: 'Generate Report' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Report generated' }).first();
    await expect(toast).toBeVisible();
    await toast.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    const box = await rectOf(toast);
    await page.evaluate(() => window.scrollTo(0, 0));
    const title = await rectOf(page.getByRole('heading', { level: 1, name: 'Reports' }));
    expect(intersects(box, title), `toast ${JSON.stringify(box)} over the h1 ${JSON.stringify(title)}`).toBe(false);
    const header = page.locator('.page-header');
    for (const button of await header.getByRole('button').all()) {
      expect(intersects(box, await rectOf(button))).toBe(false);
    }
    for (const link of await header.getByRole('link').all()) {
      expect(intersects(box, await rectOf(link))).toBe(false);
    }
    if (width === 375) {
      const tabs = await rectOf(page.getByRole('navigation', { name: 'Tabs' }));
      expect(box.y + box.height, 'above the tab bar').toBeLessThanOrEqual(tabs.y);
    }
    await page.screenshot({ path: shotPath(`toast-clear-${width}.png`) });
    await page.getByRole('button', { name: 'Create another report' }).click();
  }
});
