// Issue 16 in the browser: adding a medication (for blood pressure, issue 35), marking its doses from the dashboard (today
// and a past day), its marker on the blood pressure chart, changing the dose, the medication's
// page, and the Medications section of the PDF report. Axe on every new screen at 375 and
// 1280 px, with screenshots (test-results/screenshots, and I16_SHOTS when set).
// The server's "today" is the real clock in the user's time zone (UTC until they choose one):
// the browser runs in UTC with its clock at noon of that day, so both sides agree on dates.
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { pdfText } from './pdf';
import { seedReadings, subscribedUserWithReadings, type SeedReading } from './readings-fixtures';
import { shotPath } from './vitalog-server';

test.use({ timezoneId: 'UTC' });

const now = new Date();
/** Today in UTC plus `offset` days, YYYY-MM-DD. */
const day = (offset: number): string =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset)).toISOString().slice(0, 10);
/** MM/DD/YYYY, as the screens write dates. */
const us = (iso: string): string => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

async function fixBrowserClock(page: Page): Promise<void> {
  await page.clock.setFixedTime(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12, 0)));
}

/** Morning and evening readings of the days `from`..`to` (offsets from today), `systolic`/`diastolic` each. */
function bpDays(from: number, to: number, systolic: number, diastolic: number): SeedReading[] {
  const out: SeedReading[] = [];
  for (let d = from; d <= to; d += 1) {
    for (const time of ['07:30', '20:00']) {
      out.push({ date: day(d), time, systolic, diastolic, heartRate: 70, weight: null, bloodSugar: null, notes: null });
    }
  }
  return out;
}

const SHOTS = process.env.I16_SHOTS;

/** Axe, then a full-page screenshot (and a part of it) at 1280 and 375 px. */
async function checkScreens(page: Page, name: string, ready: () => Promise<void>, part?: () => Locator): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.reload();
    await ready();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoAxeViolations(page);
    const files = [shotPath(`medications-${name}-${width}.png`), ...(SHOTS ? [path.join(SHOTS, `${name}-${width}.png`)] : [])];
    for (const file of files) await page.screenshot({ path: file, fullPage: true });
    if (part) {
      const element = part();
      await element.scrollIntoViewIfNeeded();
      // Below the sticky header.
      await page.evaluate(() => window.scrollBy(0, -80));
      for (const file of files) await element.screenshot({ path: file.replace(/\.png$/, '-part.png') });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const dosesCard = (page: Page, title = "Today's medications"): Locator => page.getByRole('region', { name: title });
const bpCard = (page: Page): Locator => page.getByRole('region', { name: 'Blood Pressure Trends' });

/** How many pixels of `color` (#rrggbb) the canvas in `card` has. */
async function pixelsOf(card: Locator, color: string): Promise<number> {
  await expect(card.locator('.trend-chart')).toHaveAttribute('data-painted', 'true');
  return card.locator('canvas').evaluate((el, hex) => {
    const canvas = el as HTMLCanvasElement;
    const ctx = canvas.getContext('2d');
    if (!ctx) return 0;
    const rgb = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      if ((data[i + 3] ?? 0) > 200 && rgb.every((v, k) => Math.abs((data[i + k] ?? 0) - v) < 12)) n += 1;
    }
    return n;
  }, color);
}

const STARTED_COLOR = '#6941c6';
const CHANGED_COLOR = '#b54708';

test('add a medication, mark its doses from the dashboard, see it on the chart, change the dose', async ({ page, request, mailbox }) => {
  test.setTimeout(240_000);
  await fixBrowserClock(page);
  await subscribedUserWithReadings(page, request, mailbox, 0, 'meds');
  // Readings around the start 10 days ago: 150/95 in the 14 days before, 132/84 from day 3 after.
  await seedReadings(page.request, [...bpDays(-20, -11, 150, 95), ...bpDays(-8, -1, 132, 84)]);

  // No medication yet: no doses card, and the chart has no toggle.
  await page.reload();
  await expect(bpCard(page).locator('.trend-chart')).toHaveAttribute('data-painted', 'true');
  await expect(dosesCard(page)).toHaveCount(0);
  await expect(bpCard(page).getByRole('checkbox', { name: 'Show medications' })).toHaveCount(0);

  // Add one from the Medications page (the side menu's link).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Medications' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Medications' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No medications yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Add medication' }).first().click();
  const form = page.getByRole('form', { name: 'Add medication' });
  await form.getByRole('button', { name: 'Add medication' }).click();
  await expect(form.getByText("Name is required")).toBeVisible();
  await checkScreens(page, 'add-errors', async () => {
    await page.getByRole('button', { name: 'Add medication' }).first().click();
    await form.getByRole('button', { name: 'Add medication' }).click();
    await expect(form.getByText("Name is required")).toBeVisible();
  });
  await page.getByRole('button', { name: 'Add medication' }).first().click();
  await form.getByLabel('Name').fill('Amlodipine');
  await form.getByLabel('Strength').fill('5');
  await form.getByLabel('How often').selectOption('twice-daily');
  await expect(form.getByLabel('First dose')).toHaveValue('08:00');
  await expect(form.getByLabel('Second dose')).toHaveValue('20:00');
  await form.getByLabel('Start date').fill(day(-10));
  await form.getByLabel('Why you take it (optional)').fill('blood pressure');
  // Issue 35: taken for blood pressure, ticked from anywhere on its 44 px row.
  const forBp = form.getByRole('checkbox', { name: 'For blood pressure' });
  await expect(forBp).toHaveAccessibleDescription('Used to describe your home and clinic readings in treated terms');
  await form.getByText('For blood pressure', { exact: true }).click();
  await expect(forBp).toBeChecked();
  expect((await form.locator('.med-check .checkbox-label').boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoAxeViolations(page);
  const why = form.getByRole('group', { name: 'Why and reminders' });
  await why.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, -80));
  await why.screenshot({ path: shotPath('medications-for-bp-375-part.png') });
  if (SHOTS) await why.screenshot({ path: path.join(SHOTS, 'for-bp-375-part.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await form.getByRole('button', { name: 'Add medication' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Medication added' })).toBeVisible();
  const current = page.getByRole('region', { name: 'Current medications' });
  await expect(current.getByRole('link', { name: 'Amlodipine' })).toBeVisible();
  await expect(current).toContainText('5 mg');
  await expect(current).toContainText(`Since ${us(day(-10))}`);
  await expect(current).toContainText('For: blood pressure');
  await expect(current.getByText('Blood pressure', { exact: true })).toBeVisible();
  await expect(current).toContainText('Taken for blood pressure');
  await checkScreens(page, 'list', () => expect(current).toBeVisible());

  // Today's doses on the dashboard: take one, skip the other with a reason, undo, mark all.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  const card = dosesCard(page);
  await expect(card.getByText('0 of 2 taken')).toBeVisible();
  await card.getByRole('button', { name: /^Taken: Amlodipine 5 mg, 8:00 AM/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Dose taken' })).toBeVisible();
  await expect(card.getByText('1 of 2 taken')).toBeVisible();
  // The pressed button is gone: focus stays on its row.
  await expect(card.getByRole('button', { name: /^Undo: Amlodipine 5 mg, 8:00 AM/ })).toBeFocused();
  await card.getByRole('button', { name: /^Skip: Amlodipine 5 mg, 8:00 PM/ }).click();
  const skip = page.getByRole('alertdialog', { name: 'Skip Amlodipine?' });
  await skip.getByLabel('Reason (optional)').fill('felt dizzy');
  await skip.getByRole('button', { name: 'Skip dose' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Dose skipped' })).toBeVisible();
  await expect(card.getByText('Skipped: felt dizzy')).toBeVisible();
  await expect(card.getByText('All 2 recorded')).toBeVisible();
  await checkScreens(page, 'dashboard', () => expect(card.getByText('All 2 recorded')).toBeVisible(), () => dosesCard(page));
  await card.getByRole('button', { name: /^Undo: Amlodipine 5 mg, 8:00 PM/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Dose undone' })).toBeVisible();
  await expect(card.getByText('1 of 2 taken')).toBeVisible();
  await card.getByRole('button', { name: 'Mark all taken' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Dose taken' })).toBeVisible();
  await expect(card.getByText('All 2 recorded')).toBeVisible();

  // Yesterday, filled in afterwards.
  await card.getByLabel('Day', { exact: true }).fill(day(-1));
  const yesterday = dosesCard(page, `Medications on ${us(day(-1))}`);
  await expect(yesterday.getByText('0 of 2 taken')).toBeVisible();
  await yesterday.getByRole('button', { name: 'Mark all taken' }).click();
  await expect(yesterday.getByText('All 2 recorded')).toBeVisible();
  await yesterday.getByRole('button', { name: 'Today' }).click();
  await expect(dosesCard(page).getByText('All 2 recorded')).toBeVisible();

  // The start is marked on the blood pressure chart (the last 30 days), explained under it.
  const chart = bpCard(page);
  await chart.getByLabel('Blood Pressure Trends time range').selectOption('30');
  const toggle = chart.getByRole('checkbox', { name: 'Show medications' });
  await expect(toggle).toBeChecked();
  const legend = chart.getByRole('list', { name: 'Medications on the chart' });
  await expect(legend.getByRole('listitem')).toHaveCount(1);
  await expect(legend).toContainText(us(day(-10)));
  await expect(legend).toContainText(/Started Amlodipine/);
  // The legend is in the DOM a moment before react-chartjs-2 redraws the canvas (an effect): poll.
  await expect.poll(() => pixelsOf(chart, STARTED_COLOR)).toBeGreaterThan(100);
  await toggle.uncheck();
  await expect(legend).toHaveCount(0);
  await expect.poll(() => pixelsOf(chart, STARTED_COLOR)).toBe(0);
  // Remembered in this browser.
  await page.reload();
  await expect(bpCard(page).getByRole('checkbox', { name: 'Show medications' })).not.toBeChecked();
  await bpCard(page).getByRole('checkbox', { name: 'Show medications' }).check();

  // The medication's page: doses taken, the before/after averages, then a change of dose.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Medications' }).click();
  await page.getByRole('link', { name: 'Amlodipine' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Amlodipine' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Current dose' }).getByText('Blood pressure', { exact: true })).toBeVisible();
  const effects = page.getByRole('region', { name: 'Blood pressure before and after' });
  await expect(effects).toContainText('150/95 mmHg');
  await expect(effects).toContainText('average of 20 readings');
  await expect(effects).toContainText('132/84 mmHg');
  await expect(effects.getByRole('note')).not.toBeEmpty();
  const adherence = page.getByRole('region', { name: 'Doses, last 30 days' });
  await expect(adherence).toContainText(/Taken \d+ of \d+ doses due/);
  await checkScreens(page, 'page', () => expect(effects).toContainText('150/95 mmHg'));

  await page.getByRole('button', { name: 'Change dose' }).click();
  const change = page.getByRole('form', { name: 'Change dose' });
  await change.getByLabel('Strength').fill('10');
  await change.getByLabel('New dose from').fill(day(-2));
  await change.getByRole('button', { name: 'Save new dose' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Dose changed' })).toBeVisible();
  const history = page.getByRole('list', { name: 'Dose history' }).getByRole('listitem');
  await expect(history).toHaveCount(2);
  await expect(history.nth(0)).toContainText(`from ${us(day(-10))} to ${us(day(-3))}`);
  await expect(history.nth(1)).toContainText('10 mg');
  await expect(history.nth(1)).toContainText(`from ${us(day(-2))}`);
  await expect(page.getByRole('region', { name: 'Blood pressure before and after' }).getByRole('listitem')).toHaveCount(2);
  // Two days on, there is no "after" yet: the server's sentence says what is needed.
  await expect(page.getByText(/^Not enough readings to compare yet: \d+ before and 0 after; at least \d+ on each side are needed\.$/)).toBeVisible();

  // Back on the dashboard the change is the chart's second marker, and today's doses are 10 mg.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await bpCard(page).getByLabel('Blood Pressure Trends time range').selectOption('30');
  await expect(bpCard(page).getByRole('list', { name: 'Medications on the chart' }).getByRole('listitem')).toHaveCount(2);
  await expect.poll(() => pixelsOf(bpCard(page), CHANGED_COLOR)).toBeGreaterThan(50);
  await expect(dosesCard(page)).toContainText('10 mg');
  await checkScreens(page, 'chart', () => expect(bpCard(page).locator('.trend-chart')).toHaveAttribute('data-painted', 'true'), () =>
    bpCard(page),
  );
});

test('an as-needed medication is logged with its time; deleting one says its doses go too', async ({ page, request, mailbox }) => {
  await fixBrowserClock(page);
  await subscribedUserWithReadings(page, request, mailbox, 0, 'prn');
  const res = await page.request.post('/api/medications', {
    data: { name: 'Ibuprofen', strength: 200, unit: 'mg', form: 'tablet', frequency: 'as-needed', times: [], startDate: day(-3), reason: 'headache' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  await page.reload();
  const card = dosesCard(page);
  await card.getByRole('button', { name: /^Log a dose: Ibuprofen/ }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Log a dose of Ibuprofen' });
  await expect(dialog.getByLabel('Time taken')).toHaveValue('12:00');
  // The browser's clock is pinned to 12:00 but the server's runs: a dose logged at 00:00 is
  // in the past for the server whenever the suite runs (a later time would be refused as in
  // the future before it).
  await dialog.getByLabel('Time taken').fill('00:00');
  await dialog.getByRole('button', { name: 'Log dose' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Dose logged' })).toBeVisible();
  await expect(card.getByRole('list', { name: 'Doses of Ibuprofen logged' })).toContainText('Taken at 12:00 AM');

  await page.goto(`/medications/${id}`);
  // Emptying the reason in Edit details clears it on the server.
  await expect(page.getByText('For: headache')).toBeVisible();
  await page.getByRole('button', { name: 'Edit details' }).click();
  const details = page.getByRole('form', { name: 'Edit details' });
  await details.getByLabel('Why you take it (optional)').fill('');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Details saved' })).toBeVisible();
  await expect(page.getByText('For: headache')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Ibuprofen' })).toBeVisible();
  await expect(page.getByText('For: headache')).toHaveCount(0);
  await page.getByRole('button', { name: 'Delete medication' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Ibuprofen?' });
  await expect(confirm).toContainText('every dose you recorded');
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Delete medication' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Medication deleted' })).toBeVisible();
  await expect(page).toHaveURL(/\/medications$/);
  await expect(page.getByRole('heading', { name: 'No medications yet' })).toBeVisible();
  expect((await page.request.get(`/api/medications/${id}`)).status()).toBe(404);
});


test('the PDF report with analysis has a Medications section', async ({ page, request, mailbox }) => {
  await fixBrowserClock(page);
  await subscribedUserWithReadings(page, request, mailbox, 0, 'medpdf');
  await seedReadings(page.request, [...bpDays(-25, -13, 148, 94), ...bpDays(-10, -1, 134, 85)]);
  const res = await page.request.post('/api/medications', {
    data: { name: 'Amlodipine', strength: 5, unit: 'mg', form: 'tablet', frequency: 'once-daily', times: ['08:00'], startDate: day(-12) },
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.request.post('/api/medications/doses', { data: { date: day(-1), status: 'taken' } });

  await page.goto('/reports');
  const create = page.getByRole('form', { name: 'Create Report' });
  await expect(create.getByRole('checkbox', { name: 'Analysis' })).toBeChecked();
  await create.getByRole('button', { name: 'Generate Report' }).click();
  await expect(page.getByRole('heading', { name: 'Report generated' })).toBeVisible();
  const view = page.getByRole('list', { name: 'Generated reports' }).getByRole('link', { name: /^View / }).first();
  const pdf = await page.request.get((await view.getAttribute('href')) ?? '');
  expect(pdf.status()).toBe(200);
  const text = pdfText(await pdf.body());
  expect(text).toContain('Medications');
  expect(text).toContain('Amlodipine');
  expect(text).toMatch(/5 mg/);
});
