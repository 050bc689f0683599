// History's layout with real data: a page of 10 fits a laptop screen (single-height rows,
// pagination in view), phone cards keep their labels and pagination on one line each, half
// a blood pressure is shown, and search finds values.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { shotPath } from './vitalog-server';
import { isoDate, reading, seedReadings, subscribedUserWithReadings, type SeedReading } from './readings-fixtures';


const LONG_NOTE =
  'Felt light-headed after climbing the stairs at work, measured sitting down after five minutes of rest, left arm, cuff at heart level';

/** 12 readings of today and the two days before: partial ones, long notes, every category. */
function mixedReadings(now: Date = new Date()): SeedReading[] {
  const day = (back: number): string => isoDate(new Date(now.getFullYear(), now.getMonth(), now.getDate() - back));
  const r = reading;
  return [
    r(day(0), '00:05', { systolic: 133, notes: 'Cuff slipped, only systolic' }),
    r(day(1), '21:40', { systolic: 185, diastolic: 125, heartRate: 96, notes: LONG_NOTE }),
    r(day(1), '20:10', { systolic: 142, diastolic: 91, heartRate: 78, weight: 183.4, bloodSugar: 142 }),
    r(day(1), '18:00', { diastolic: 88 }),
    r(day(1), '13:15', { systolic: 128, diastolic: 79, notes: LONG_NOTE }),
    r(day(1), '07:30', { systolic: 117, diastolic: 76, heartRate: 64, weight: 182.9, notes: 'Before breakfast' }),
    r(day(2), '22:00', { heartRate: 71 }),
    r(day(2), '19:45', { bloodSugar: 168.4, notes: 'Two hours after dinner, pasta and bread' }),
    r(day(2), '12:30', { systolic: 134, diastolic: 86, heartRate: 82, notes: LONG_NOTE }),
    r(day(2), '08:10', { weight: 183.0 }),
    r(day(2), '07:55', { systolic: 152, diastolic: 97, heartRate: 88, weight: 183.1, bloodSugar: 101 }),
    r(day(2), '07:00', { systolic: 121, diastolic: 78 }),
  ];
}

async function boxOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box;
}

async function rowHeights(table: Locator): Promise<number[]> {
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height));
}

async function openHistory(page: Page): Promise<Locator> {
  await page.goto('/history');
  await expect(page.getByText('Showing 1 to 10 of 12 records')).toBeVisible();
  const table = page.getByRole('table', { name: 'Your readings, newest first' });
  await expect(table.locator('tbody tr')).toHaveCount(10);
  return table;
}

test('history: a page of 10 fits 1280x800, phone cards and pagination keep their shape', async ({ page, request, mailbox }) => {
  test.setTimeout(120_000);
  await subscribedUserWithReadings(page, request, mailbox, 0, 'layout');
  await seedReadings(page.request, mixedReadings());

  // Half a blood pressure is shown wherever readings are listed: History and Dashboard.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const recent = page.getByRole('table', { name: 'Your three latest readings' });
  await expect(recent.locator('tbody tr').first()).toContainText('133/--- mmHg');

  const table = await openHistory(page);
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toContainText('133/--- mmHg');
  await expect(rows.nth(3)).toContainText('---/88 mmHg');

  // Laptop: every row is one line high (a long note or a category badge makes none taller),
  // and the table fits its card's width.
  const heights = await rowHeights(table);
  const single = Math.min(...heights);
  expect(single).toBeLessThan(48);
  for (const h of heights) expect(h).toBeLessThanOrEqual(single + 1);
  // The whole page of 10 and the pagination under it are in view without scrolling.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const tenth = await boxOf(rows.nth(9));
  expect(tenth.y + tenth.height).toBeLessThanOrEqual(800);
  const pagination = await boxOf(page.getByRole('navigation', { name: 'Pages' }));
  expect(pagination.y + pagination.height).toBeLessThanOrEqual(800);
  await expect(page.getByRole('button', { name: 'Page 2' })).toBeInViewport({ ratio: 1 });
  // Not cramped: values stay at 14 px or more, rows about 40 px.
  expect(single).toBeGreaterThanOrEqual(36);
  const valueSize = await rows.first().locator('td').first().evaluate((td) => parseFloat(getComputedStyle(td).fontSize));
  expect(valueSize).toBeGreaterThanOrEqual(14);
  // Notes get a fairer share of the width: even beside a 'Hypertensive Crisis' badge (the
  // widest blood pressure) a note shows over 20 characters, not 12.
  const noteWidth = await rows.nth(1).locator('.cell-notes-text').evaluate((el) => el.clientWidth);
  expect(noteWidth).toBeGreaterThanOrEqual(160);
  const overflow = await table.evaluate((t) => t.scrollWidth - (t.parentElement?.clientWidth ?? 0));
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(rows.first().getByRole('button', { name: /^Delete reading/ })).toBeInViewport();
  // A cut note stays whole for tooltips and screen readers.
  await expect(rows.nth(1).locator('.cell-notes-text')).toHaveAttribute('title', LONG_NOTE);
  await expect(rows.nth(1)).toContainText(LONG_NOTE);
  await page.screenshot({ path: shotPath('history-1280.png') });

  // Pressing a long-note row's Edit button never moves it: a browser focuses a button on
  // mousedown, and a row that grew then would move the button from under the pointer.
  const edit = rows.nth(1).getByRole('button', { name: /^Edit reading/ });
  const idle = await boxOf(edit);
  const rowIdle = await boxOf(rows.nth(1));
  await page.mouse.move(idle.x + idle.width / 2, idle.y + idle.height / 2);
  await page.mouse.down();
  await expect(edit).toBeFocused();
  expect(await boxOf(edit)).toEqual(idle);
  expect((await boxOf(rows.nth(1))).height).toBeCloseTo(rowIdle.height, 0);
  await page.mouse.up();
  // The click landed: the reading opens for editing.
  await expect(page).toHaveURL(/\/vitals\?edit=/);
  await openHistory(page);
  // The keyboard focus still shows a long note whole, with the buttons where they were.
  await rows.nth(1).getByRole('button', { name: /^Edit reading/ }).focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(edit).toBeFocused();
  expect((await boxOf(rows.nth(1))).height).toBeGreaterThan(rowIdle.height + 10);
  expect((await boxOf(edit)).y).toBeCloseTo(idle.y, 0);
  await edit.blur();

  // Phone (issue 36): a reading is a compact row, its values on one line, not a card of
  // seven labelled lines with '---' for what was not measured; a long note is read whole.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(rows).toHaveCount(10);
  await expect(rows.nth(2).locator('.cell-missing:visible')).toHaveCount(0);
  await expect(rows.nth(9).locator('.cell-missing:visible')).toHaveCount(0);
  const phoneHeights = await rowHeights(table);
  for (const [i, h] of phoneHeights.entries()) {
    // Two or three lines (values, wrapped when all five are there; date and actions), not the
    // ~280 px card of before; a note, read whole, adds its own lines.
    if ((await rows.nth(i).locator('td.cell-notes-written').count()) === 0) expect(h, `row ${i}`).toBeLessThanOrEqual(120);
  }
  await expect(rows.nth(1).locator('.cell-notes-text')).toBeVisible();
  const noteText = await rows.nth(1).locator('.cell-notes-text').evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
  expect(noteText, 'the long note is whole, not cut').toBe(true);
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  console.log(`History at 375 px, a page of 10: ${pageHeight} px high`);
  // This page holds three long notes, read whole; without notes a page of 10 is far shorter.
  expect(pageHeight).toBeLessThan(2200);
  const previous = await boxOf(page.getByRole('button', { name: 'Previous' }));
  const next = await boxOf(page.getByRole('button', { name: 'Next' }));
  const pageOne = await boxOf(page.getByRole('button', { name: 'Page 1' }));
  expect(Math.abs(previous.y - next.y)).toBeLessThan(1);
  expect(next.height).toBeLessThanOrEqual(pageOne.height + 1);
  expect(previous.height).toBeLessThanOrEqual(pageOne.height + 1);
  expect(next.x + next.width).toBeLessThanOrEqual(375);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: shotPath('history-375.png'), fullPage: true });
});

test('history: search finds values as shown, and "Today" is today alone', async ({ page, request, mailbox }) => {
  await subscribedUserWithReadings(page, request, mailbox, 0, 'search');
  await seedReadings(page.request, mixedReadings());
  const table = await openHistory(page);

  await page.getByLabel('Search').fill('133');
  await expect(page.getByText('Showing 1 to 1 of 1 records')).toBeVisible();
  await expect(table.locator('tbody tr')).toContainText('133/--- mmHg');
  // 142 is a systolic and a blood sugar of the same reading.
  await page.getByLabel('Search').fill('142');
  await expect(page.getByText('Showing 1 to 1 of 1 records')).toBeVisible();
  await page.getByLabel('Search').fill('183.4');
  await expect(page.getByText('Showing 1 to 1 of 1 records')).toBeVisible();
  await page.getByLabel('Search').fill('152/97');
  await expect(page.getByText('Showing 1 to 1 of 1 records')).toBeVisible();
  await expect(table.locator('tbody tr')).toContainText('152/97 mmHg');

  await page.getByLabel('Search').fill('');
  await page.getByLabel('Time period').selectOption({ label: 'Today' });
  await expect(page.getByText('Showing 1 to 1 of 1 records')).toBeVisible();
  await expect(page.getByLabel('Time period')).toHaveAccessibleDescription('Calendar days, today included.');
  await page.getByLabel('Time period').selectOption({ label: 'Last 3 days' });
  await expect(page.getByText('Showing 1 to 10 of 12 records')).toBeVisible();
});
