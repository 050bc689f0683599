// Issue 15 in the browser: the home monitoring week card filling up day by day, the week's
// page, severe guidance on the dashboard and a guided measurement expanding in History.
// The server's "today" is the real clock in the user's time zone (UTC until they choose one):
// the week and the readings are dated from today in UTC, and the browser runs in UTC with
// its clock fixed at noon of that same day, whatever the zone of the machine running this.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { seedReadings, subscribedUserWithReadings, type SeedReading } from './readings-fixtures';
import { REPO_DIR, shotPath } from './vitalog-server';

interface Rules {
  homeWeek: { source: string; note: string };
  severe: { steps: string[] };
  guidelines: Array<{
    severe: { title: string };
    home: { levels: Array<{ code: string; label: string; text: string }> };
  }>;
}
const rules = JSON.parse(readFileSync(path.join(REPO_DIR, 'crates/readings/rules.json'), 'utf8')) as Rules;
/** The default guideline (ACC/AHA 2025), the new user's. */
const [acc] = rules.guidelines;
if (!acc) throw new Error('rules.json lists no guideline');

test.use({ timezoneId: 'UTC' });

const now = new Date();
/** Today in UTC plus `offset` days, YYYY-MM-DD. */
const day = (offset: number): string =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset)).toISOString().slice(0, 10);

/** The browser's "now": noon (UTC) of the server's today, so both sides agree on the date. */
async function fixBrowserClock(page: Page): Promise<void> {
  await page.clock.setFixedTime(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12, 0)));
}

const bp = (date: string, time: string, systolic: number, diastolic: number): SeedReading => ({
  date,
  time,
  systolic,
  diastolic,
  heartRate: 70,
  weight: null,
  bloodSugar: null,
  notes: null,
});

const weekCard = (page: Page): Locator => page.getByRole('region', { name: 'Home monitoring week' });

/** The card's slot of day `n` (1..7) in the 'Morning' or 'Evening' row (the wide table). */
const slot = (card: Locator, period: 'Morning' | 'Evening', n: number): Locator =>
  card.getByRole('row', { name: new RegExp(`^${period}`) }).getByRole('cell').nth(n - 1);

async function shots(page: Page, name: string, ready: () => Promise<void>, element?: () => Locator): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.reload();
    await ready();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: shotPath(`week-${name}-${width}.png`), fullPage: true });
    if (element && width === 375) await element().screenshot({ path: shotPath(`week-${name}-part-375.png`) });
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function startWeekByApi(request: APIRequestContext, startDate: string): Promise<void> {
  const res = await request.post('/api/home-week', { data: { startDate } });
  expect(res.status(), await res.text()).toBe(201);
}

test('the week card filling up: start and stop, then day by day to the average and its level', async ({ page, request, mailbox }) => {
  test.setTimeout(180_000);
  await fixBrowserClock(page);
  await subscribedUserWithReadings(page, request, mailbox, 0, 'week');
  const card = weekCard(page);

  // No week: a line and a start; what a week is behind "Why?" (issue 36: compact, no paragraphs).
  await expect(card.getByText('Measure morning and evening for 7 days for a home average.')).toBeVisible();
  await expect(card.getByText(/judge home blood pressure over a week/)).toBeHidden();
  await card.getByText('Why?').click();
  await expect(card.getByText(/judge home blood pressure over a week/)).toBeVisible();
  await shots(page, 'card-none', () => expect(card.getByRole('button', { name: 'Start a home monitoring week' })).toBeVisible(), () => weekCard(page));
  await card.getByRole('button', { name: 'Start a home monitoring week' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Home monitoring week started' })).toBeVisible();
  await expect(card.getByText(/^Day 1 of 7 · /)).toBeVisible();
  await expect(card.getByRole('columnheader').first()).toContainText('not counted');
  await expectNoAxeViolations(page);

  // Stopped from its page, after confirming.
  await card.getByRole('link', { name: 'See the whole week' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Home monitoring week' })).toBeVisible();
  await page.getByRole('button', { name: 'Stop this week' }).click();
  await page.getByRole('alertdialog', { name: 'Stop this home monitoring week?' }).getByRole('button', { name: 'Stop the week' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Home monitoring week stopped' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start a home monitoring week' })).toBeVisible();

  // A week that began six days ago: today is day 7, and days 1 to 6 are behind us.
  await startWeekByApi(page.request, day(-6));
  await seedReadings(page.request, [bp(day(-6), '07:30', 150, 95), bp(day(-6), '20:00', 150, 95)], 1);
  await page.goto('/');
  await expect(card.getByText(/^Day 7 of 7 · /)).toBeVisible();
  await expect(slot(card, 'Morning', 1)).toHaveClass(/week-slot-done/);
  await expect(slot(card, 'Morning', 1)).toContainText('1 reading');
  await expect(
    card.getByText('0 of the 12 readings needed, on 0 of 3 days (day 2 on): 12 more readings and 3 more days needed for an average'),
  ).toBeVisible();

  // Days 2 and 3: two counted days, still no average.
  await seedReadings(page.request, [bp(day(-5), '07:30', 132, 84), bp(day(-5), '07:32', 134, 86), bp(day(-4), '20:00', 138, 90)], 1);
  await page.reload();
  await expect(
    card.getByText('3 of the 12 readings needed, on 2 of 3 days (day 2 on): 9 more readings and 1 more day needed for an average'),
  ).toBeVisible();
  await expect(slot(card, 'Morning', 2)).toContainText('2 readings');
  await expect(slot(card, 'Evening', 2)).toContainText('no readings');
  await expect(slot(card, 'Evening', 3)).toContainText('1 reading');
  await expect(card.getByText('Your home average')).toHaveCount(0);
  await shots(page, 'card-progress', () => expect(card.getByText(/^Day 7 of 7/)).toBeVisible(), () => weekCard(page));

  // Day 4: three counted days, but 5 readings are short of the AHA's minimum of 12: no
  // average and no level yet (issue 35: an average from 3 readings was given before).
  await seedReadings(page.request, [bp(day(-3), '07:30', 136, 88), bp(day(-3), '20:00', 140, 92)], 1);
  await page.reload();
  await expect(card.getByText('5 of the 12 readings needed, on 3 of 3 days (day 2 on): 7 more readings needed for an average')).toBeVisible();
  await expect(card.getByText('Your home average')).toHaveCount(0);

  // Days 5 and 6 bring the twelfth reading: the average of every reading from day 2 on.
  await seedReadings(
    page.request,
    [
      bp(day(-2), '07:30', 134, 86),
      bp(day(-2), '07:32', 136, 88),
      bp(day(-2), '20:00', 138, 90),
      bp(day(-2), '20:02', 140, 90),
      bp(day(-1), '07:30', 130, 84),
      bp(day(-1), '07:32', 132, 84),
      bp(day(-1), '20:00', 136, 88),
    ],
    1,
  );
  await page.reload();
  const level = acc.home.levels.find((l) => l.code === 'from-135-85');
  if (!level) throw new Error('rules.json has no from-135-85 level');
  await expect(card.getByText('12 readings on 5 days counted (day 2 on)')).toBeVisible();
  await expect(card.locator('.week-average')).toContainText('136/88 mmHg');
  await expect(card.locator('.week-average')).toContainText('average of 12 readings');
  await expect(card.getByText(level.label, { exact: true })).toBeVisible();
  // What the level means, its source and the note: behind "Why?".
  await expect(card.getByText(level.text)).toBeHidden();
  await card.getByText('Why?').click();
  // 1626/12 = 135.5 and 1050/12 = 87.5: the figures compared with 135/85, unrounded.
  await expect(card.getByText('Compared with the thresholds unrounded: 135.5/87.5 mmHg')).toBeVisible();
  await expect(card.getByText(level.text)).toBeVisible();
  await expect(card.getByText(`Source: ${rules.homeWeek.source}`)).toBeVisible();
  await expect(card.getByText(rules.homeWeek.note)).toBeVisible();
  await shots(page, 'card-average', () => expect(card.getByText(level.label, { exact: true })).toBeVisible(), () => weekCard(page));

  // The page: day by day, and the morning and evening averages.
  await card.getByRole('link', { name: 'See the whole week' }).click();
  const rows = page.getByRole('table', { name: 'Blood pressure readings of each day of the week' }).getByRole('row');
  await expect(rows).toHaveCount(8);
  await expect(rows.nth(1)).toContainText('Not counted');
  await expect(rows.nth(2)).toContainText('Counted');
  await expect(rows.nth(5)).toContainText('Counted');
  await expect(rows.nth(6)).toContainText('Counted');
  await expect(rows.nth(7)).toContainText('today');
  const averages = page.locator('.week-average');
  await expect(averages).toHaveText([
    /Days 2 to 7\s*136\/88 mmHg\s*average of 12 readings/,
    /Mornings\s*133\/86 mmHg\s*average of 7 readings/,
    /Evenings\s*138\/90 mmHg\s*average of 5 readings/,
  ]);
  await shots(page, 'page', () => expect(page.getByText(level.text)).toBeVisible());
});

test('the dashboard shows the severe guidance for a 185/95 reading, until a newer one is not severe', async ({ page, request, mailbox }) => {
  await fixBrowserClock(page);
  await subscribedUserWithReadings(page, request, mailbox, 3, 'severe');
  const panel = page.getByRole('region', { name: 'Your latest blood pressure reading' });
  await expect(page.getByRole('region', { name: 'Recent Readings' }).getByRole('row')).toHaveCount(4);
  await expect(panel).toHaveCount(0);
  // Three days of morning and evening readings, no week started: the server recognises one.
  await expect(weekCard(page).getByText('Found from your readings')).toBeVisible();
  await expect(weekCard(page).getByRole('button', { name: 'Start this week' })).toBeVisible();

  await seedReadings(page.request, [bp(day(0), '00:00', 185, 95)], 1);
  await page.reload();
  await expect(panel).toContainText('185/95 mmHg');
  await expect(panel.getByRole('note')).toContainText(acc.severe.title);
  for (const step of rules.severe.steps) await expect(panel).toContainText(step);
  await shots(page, 'severe', () => expect(panel).toBeVisible(), () => page.getByRole('region', { name: 'Your latest blood pressure reading' }));

  await seedReadings(page.request, [bp(day(0), '00:01', 128, 82)], 1);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Recent Readings' })).toContainText('128/82');
  await expect(panel).toHaveCount(0);
});

test('History marks a guided measurement and expands it to its readings, on a desktop and a phone', async ({ page, request, mailbox }) => {
  await fixBrowserClock(page);
  await subscribedUserWithReadings(page, request, mailbox, 2, 'guided');
  const res = await page.request.post('/api/bp-sessions', {
    data: {
      date: day(-1),
      time: '07:30',
      restSkipped: true,
      readings: [
        { time: '07:30', systolic: 138, diastolic: 88, heartRate: 72 },
        { time: '07:31', systolic: 134, diastolic: 86 },
        { time: '07:33', systolic: 130, diastolic: 84, heartRate: 68 },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.goto('/history');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.reload();
    const toggle = page.getByRole('button', { name: 'Guided · 3 readings · Morning · rest skipped' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
    await expect(panel.getByRole('listitem')).toHaveCount(3);
    await expect(panel.getByRole('listitem').first()).toContainText('138/88 mmHg');
    await expect(panel.getByRole('listitem').nth(1)).toContainText('---');
    // The session's row shows its average: (138+134+130)/3 = 134, (88+86+84)/3 = 86.
    await expect(toggle.locator('xpath=ancestor::tr')).toContainText('134/86 mmHg');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: shotPath(`week-history-session-${width}.png`), fullPage: true });
    await expectNoAxeViolations(page);
  }
});
