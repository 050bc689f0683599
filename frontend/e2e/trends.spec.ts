// The Trends page (issue 36): two years of readings day by day, each span, blood pressure as
// range bars with the home threshold, the year on the axis, medication markers, and axe in
// both themes at both widths.
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signIn, test, verifiedAccount } from './fixtures';
import { isoDate, readingsForDays, seedReadings, subscribedUserWithReadings } from './readings-fixtures';
import { shotPath } from './vitalog-server';

const SYSTOLIC = { light: '#0f6e6e', dark: '#4fbdb3' } as const;

const day = (offset: number): string => {
  const d = new Date();
  return isoDate(new Date(d.getFullYear(), d.getMonth(), d.getDate() + offset));
};

const region = (page: Page, name: string): Locator => page.getByRole('region', { name: new RegExp(`^${name}`) });

/** How many pixels of `color` (#rrggbb) the chart's canvas has, once painted. */
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

test('Trends: each span day by day, range bars, the home threshold, the year on a 2-year axis, medications; axe in both themes', async ({
  page,
  request,
  mailbox,
}) => {
  test.setTimeout(300_000);
  await subscribedUserWithReadings(page, request, mailbox, 0, 'trends');
  await seedReadings(page.request, readingsForDays(730), 8);
  const med = await page.request.post('/api/medications', {
    data: { name: 'Amlodipine', strength: 5, unit: 'mg', form: 'tablet', frequency: 'once-daily', times: ['08:00'], startDate: day(-100), forBloodPressure: true },
  });
  expect(med.status(), await med.text()).toBe(201);
  await page.reload();

  // From the dashboard's blood pressure card.
  const daily: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/readings/daily')) daily.push(new URL(r.url()).search);
  });
  await page.getByRole('region', { name: 'Blood Pressure Trends' }).getByRole('link', { name: /^See trends/ }).click();
  await expect(page).toHaveURL(/\/trends\?measure=bp$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Trends' })).toBeVisible();
  const spans = page.getByRole('radiogroup', { name: 'Span of the charts' });
  await expect(spans.getByRole('radio', { name: 'Month', exact: true })).toBeChecked();
  const bp = region(page, 'Blood pressure');

  for (const [label, words, days] of [
    ['Week', 'last 7 days', 7],
    ['Month', 'last 30 days', 30],
    ['3 months', 'last 3 months', 90],
    ['Year', 'last 12 months', 365],
    ['All', 'all your readings', 730],
  ] as const) {
    await spans.getByRole('radio', { name: label, exact: true }).click();
    await expect(spans.getByRole('radio', { name: label, exact: true })).toBeChecked();
    // Readings until yesterday: one day less than the span (All: the 730 seeded).
    const withReadings = label === 'All' ? days : days - 1;
    await expect(page.getByText(new RegExp(`· ${withReadings} days with readings$`))).toBeVisible();
    await expect(bp.getByRole('img')).toHaveAccessibleName(new RegExp(`^Blood pressure, ${words}: latest \\d+/\\d+ mmHg, range \\d+–\\d+ systolic, `));
    // Range bars drawn, in the systolic colour.
    await expect.poll(() => pixelsOf(bp, SYSTOLIC.light)).toBeGreaterThan(50);
    for (const measure of ['Heart rate', 'Weight', 'Blood sugar']) {
      await expect(region(page, measure).getByRole('img')).toHaveAccessibleName(new RegExp(`^${measure}, ${words}: latest `));
    }
    // The medication started 100 days ago is marked from 3 months on.
    await expect(bp.getByRole('list', { name: 'Medications on the chart' })).toHaveCount(days > 90 ? 1 : 0);
  }
  // The 2-year axis names its years; a month does not cross one here unless the calendar does.
  const ticks = (await bp.locator('.trend-chart').getAttribute('data-x-ticks')) ?? '';
  const years = ticks.match(/\b20\d\d\b/g) ?? [];
  expect(new Set(years).size, ticks).toBeGreaterThanOrEqual(2);
  await expect(bp.getByText(/^Home threshold 130\/80 mmHg \(ACC\/AHA 2025\)$/)).toBeVisible();
  await expect(bp.getByRole('list', { name: 'Medications on the chart' })).toContainText('Started Amlodipine');
  // Bounded: each span asked the server once for its days, never for every reading.
  expect(daily.length).toBeGreaterThanOrEqual(5);
  for (const q of daily) expect(q).toMatch(/^\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  // How the weight is smoothed is said.
  const weight = region(page, 'Weight');
  await weight.getByText('About this chart').click();
  await expect(weight.getByText(/moving average: on each day, the mean of the days' weights within the 7 days up to it/)).toBeVisible();

  await spans.getByRole('radio', { name: 'Year', exact: true }).click();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [width, height] of [
      [1280, 900],
      [375, 812],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.reload();
      await expect.poll(() => pixelsOf(bp, SYSTOLIC[scheme])).toBeGreaterThan(50);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: shotPath(`trends-year-${width}-${scheme}.png`), fullPage: true });
      await expectNoAxeViolations(page, `/trends at ${width} px, ${scheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
});

test('Trends: a new person sees an empty state that leads to recording or importing', async ({ page, request, mailbox }) => {
  const account = await verifiedAccount(request, mailbox, 'tempty');
  await signIn(page, account);
  await page.goto('/trends?span=all');
  await expect(page.getByText('No readings yet. Record one, or bring your history from another app.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bring your history from another app' })).toHaveAttribute('href', '/profile#profile-data');
  await expect(page.getByText('No blood pressure readings in this span')).toBeVisible();
  await expectNoAxeViolations(page);
});
