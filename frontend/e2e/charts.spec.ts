// Dashboard charts with alarming readings: every point stays on the chart, whole, and a
// very high reading (the person's guideline's severe rule) is marked and explained.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { shotPath } from './vitalog-server';
import { isoDate, readingsForDays, seedReadings, setUnits, subscribedUserWithReadings, type SeedReading } from './readings-fixtures';


const card = (page: Page, title: string): Locator => page.getByRole('region', { name: title });

const pad = (n: number): string => String(n).padStart(2, '0');

/** Six ordinary days, then the outliers: a crisis reading now, a low one, a systolic-only one. */
function outlierReadings(now: Date): SeedReading[] {
  const day = (back: number): string => isoDate(new Date(now.getFullYear(), now.getMonth(), now.getDate() - back));
  const empty = { systolic: null, diastolic: null, heartRate: null, weight: null, bloodSugar: null, notes: null };
  return [
    ...readingsForDays(6, 2, now),
    // The newest reading, at this very minute: it sits on the chart's right edge.
    {
      ...empty,
      date: day(0),
      time: `${pad(now.getHours())}:${pad(now.getMinutes())}`,
      systolic: 210,
      diastolic: 125,
      heartRate: 150,
      weight: 171.2,
      bloodSugar: 300,
    },
    { ...empty, date: day(2), time: '06:00', systolic: 92, diastolic: 48, heartRate: 44 },
    { ...empty, date: day(1), time: '12:00', systolic: 135, notes: 'cuff slipped' },
  ];
}

interface Tip {
  text: string;
  /** The hovered point's centre, in CSS pixels from the canvas's top left. */
  x: number;
  y: number;
}

/** Hovers the newest point (the plot's right edge) and returns the tooltip and where the point is. */
async function newestPoint(page: Page, c: Locator): Promise<Tip> {
  const canvas = c.locator('canvas');
  await expect(c.locator('.trend-chart')).toHaveAttribute('data-painted', 'true');
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no canvas');
  // Just inside the plot (chart.js shows no tooltip over the layout padding on its right).
  await page.mouse.move(box.x + box.width - 14, box.y + box.height / 2);
  const tip = c.locator('.chart-tooltip');
  await expect(tip).toBeVisible();
  const at = await tip.evaluate((el) => ({ x: parseFloat((el as HTMLElement).style.left), y: parseFloat((el as HTMLElement).style.top) }));
  return { text: (await tip.textContent()) ?? '', ...at };
}

/**
 * The pixels of `color` near the hovered point's x (within 15 CSS px either side, every
 * row), measured on the canvas: how far right of the point's centre they reach and how
 * high the highest is (CSS px; the tooltip's caret y is the average of the points under
 * the pointer, so the rows are all searched). A point clipped at the plot's right edge
 * reaches at most 1 px right of its centre; -1 when no pixel has the colour.
 */
async function pointReach(c: Locator, tip: Tip, color: string): Promise<{ right: number; top: number }> {
  return c.locator('canvas').evaluate(
    (el, { x, color }) => {
      const canvas = el as HTMLCanvasElement;
      const ratio = canvas.width / canvas.clientWidth;
      const ctx = canvas.getContext('2d');
      if (!ctx) return { right: -1, top: -1 };
      const rgb = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));
      const cx = Math.round(x * ratio);
      const x0 = Math.max(0, cx - Math.round(15 * ratio));
      const x1 = Math.min(canvas.width, cx + Math.round(15 * ratio));
      const data = ctx.getImageData(x0, 0, x1 - x0, canvas.height).data;
      let right = -Infinity;
      let top = -1;
      for (let py = 0; py < canvas.height; py += 1) {
        for (let px = x0; px < x1; px += 1) {
          const i = (py * (x1 - x0) + (px - x0)) * 4;
          const match = (data[i + 3] ?? 0) > 200 && rgb.every((v, k) => Math.abs((data[i + k] ?? 0) - v) < 40);
          if (!match) continue;
          if (top < 0) top = py / ratio;
          right = Math.max(right, (px - cx) / ratio);
        }
      }
      return { right: Number.isFinite(right) ? right : -1, top };
    },
    { x: tip.x, color },
  );
}

/** Moves the pointer off the chart; the points are drawn again in their own size and colour. */
async function unhover(page: Page, c: Locator): Promise<void> {
  await page.mouse.move(0, 0);
  await expect(c.locator('.chart-tooltip')).toHaveCount(0);
}

async function inside(c: Locator, tip: Tip): Promise<void> {
  const box = await c.locator('canvas').boundingBox();
  if (!box) throw new Error('no canvas');
  expect(tip.y, 'the point is below the canvas top').toBeGreaterThan(0);
  expect(tip.y, 'the point is above the canvas bottom').toBeLessThan(box.height);
  expect(tip.x, 'the point is left of the canvas edge').toBeLessThan(box.width);
}

test('dashboard charts: alarming readings stay on the chart, whole, and crisis readings are marked', async ({ page, request, mailbox }) => {
  test.setTimeout(120_000);
  await subscribedUserWithReadings(page, request, mailbox, 0, 'charts');
  await seedReadings(page.request, outlierReadings(new Date()));
  await page.reload();

  const bp = card(page, 'Blood Pressure Trends');
  // Issue 36: no paragraphs under the chart; what it leaves out and marks is said once, behind its (i).
  const left = bp.getByText('A point needs both numbers, systolic and diastolic. 1 reading of this range with only one is not drawn.');
  await expect(left).toBeHidden();
  await bp.getByText('About this chart').click();
  await expect(left).toBeVisible();
  await expect(bp.getByText(/^1 reading in this range is very high \(above 180\/120\) \(ACC\/AHA 2025\)/)).toBeVisible();
  // The range select's caption is gone (the select says "Last 7 days").
  await expect(bp.getByLabel('Blood Pressure Trends time range')).not.toHaveAccessibleDescription(/./);
  await bp.getByText('About this chart').click();

  // 210/125 now: on the chart, its tooltip says so, and the triangle is drawn whole on the right edge.
  const crisis = await newestPoint(page, bp);
  expect(crisis.text).toContain('Systolic: 210 mmHg');
  expect(crisis.text).toContain('Diastolic: 125 mmHg');
  expect(crisis.text).toContain('Very high reading');
  await inside(bp, crisis);
  await unhover(page, bp);
  const mark = await pointReach(bp, crisis, '#b42318');
  expect(mark.right, 'the marked point is not cut at the right edge').toBeGreaterThanOrEqual(4);
  expect(mark.top, 'the marked point is not cut at the top').toBeGreaterThan(0);

  // Heart rate 150 and blood sugar 300: inside their charts, whole.
  for (const [title, line, color] of [
    ['Heart Rate Trend', 'Heart rate: 150 bpm', '#8a4fa8'],
    ['Blood Sugar Trend', 'Blood sugar: 300 mg/dL', '#b54708'],
  ] as const) {
    const c = card(page, title);
    const tip = await newestPoint(page, c);
    expect(tip.text).toContain(line);
    expect(tip.text).not.toContain('Crisis');
    await inside(c, tip);
    await unhover(page, c);
    const reach = await pointReach(c, tip, color);
    expect(reach.right, `${title}: the newest point is not cut at the right edge`).toBeGreaterThanOrEqual(2);
    expect(reach.top, `${title}: the newest point is not cut at the top`).toBeGreaterThan(0);
  }

  const shoot = async (name: string): Promise<void> => {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.reload();
      for (const title of ['Blood Pressure Trends', 'Heart Rate Trend', 'Weight Trend', 'Blood Sugar Trend']) {
        await expect(card(page, title).locator('.trend-chart')).toHaveAttribute('data-painted', 'true');
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: shotPath(`${name}-${width}.png`), fullPage: true });
    }
  };
  await shoot('charts');
  await page.setViewportSize({ width: 1280, height: 900 });
  await bp.scrollIntoViewIfNeeded();
  await newestPoint(page, bp);
  // A page shot of the card's box: an element shot would scroll and drop the hover.
  const bpBox = await bp.boundingBox();
  if (bpBox) await page.screenshot({ path: shotPath('charts-bp-tooltip-1280.png'), clip: bpBox });
  await page.mouse.move(0, 0);

  // kg and mmol/L: 300 mg/dL is 16.7 mmol/L, still on the chart.
  await setUnits(page.request, 'kg', 'mmol/L');
  await shoot('charts-kg-mmol');
  await page.setViewportSize({ width: 1280, height: 900 });
  const sugar = card(page, 'Blood Sugar Trend');
  const tip = await newestPoint(page, sugar);
  expect(tip.text).toContain('Blood sugar: 16.7 mmol/L');
  await inside(sugar, tip);
  expect(await newestPoint(page, card(page, 'Weight Trend')).then((t) => t.text)).toContain('Weight: 77.7 kg');
  await setUnits(page.request, 'lbs', 'mg/dL');
});
