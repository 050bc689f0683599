// Helpers of the readings, history and dashboard browser tests: a subscribed, signed-in
// user and readings seeded through the API.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signIn, verifiedAccount, type Account } from './fixtures';
import type { Mailbox } from './smtp-sink';
import { shotPath } from './vitalog-server';

export interface SeedReading {
  date: string;
  time: string;
  systolic: number | null;
  diastolic: number | null;
  heartRate: number | null;
  weight: number | null;
  bloodSugar: number | null;
  notes: string | null;
}

/** A reading of only `values` (the rest not recorded), for seeding. */
export const reading = (date: string, time: string, values: Partial<SeedReading>): SeedReading => ({
  date,
  time,
  systolic: null,
  diastolic: null,
  heartRate: null,
  weight: null,
  bloodSugar: null,
  notes: null,
  ...values,
});

const pad = (n: number): string => String(n).padStart(2, '0');
export const isoDate = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** Pays (test payment mode) and activates the subscription of the signed-in user. */
export async function subscribe(request: APIRequestContext): Promise<void> {
  const order = await request.post('/api/subscription/orders');
  expect(order.status(), await order.text()).toBe(201);
  const { id } = (await order.json()) as { id: string };
  const res = await request.post('/api/subscription/activate', {
    data: { paymentMethod: 'paypal', amount: '5.00', transactionId: id, paymentDetails: {} },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * `days` days of readings before today (none today, none in the future): a morning reading
 * with blood pressure, heart rate and weight, an evening one with blood pressure, heart rate
 * and blood sugar; every 10th morning carries the note 'after tea'.
 */
export function readingsForDays(days: number, perDay: 2 | 3 = 2, now: Date = new Date()): SeedReading[] {
  const out: SeedReading[] = [];
  for (let d = 1; d <= days; d += 1) {
    const day = isoDate(new Date(now.getFullYear(), now.getMonth(), now.getDate() - d));
    out.push({
      date: day,
      time: '07:30',
      systolic: 112 + ((d * 7) % 34),
      diastolic: 70 + ((d * 5) % 22),
      heartRate: 58 + ((d * 3) % 30),
      weight: Math.round((168 + 6 * Math.sin(d / 20)) * 10) / 10,
      bloodSugar: null,
      notes: d % 10 === 0 ? 'after tea' : null,
    });
    out.push({
      date: day,
      time: '20:15',
      systolic: 118 + ((d * 11) % 30),
      diastolic: 74 + ((d * 3) % 18),
      heartRate: 64 + ((d * 7) % 26),
      weight: null,
      bloodSugar: 88 + ((d * 13) % 60),
      notes: null,
    });
    if (perDay === 3) {
      out.push({
        date: day,
        time: '13:00',
        systolic: null,
        diastolic: null,
        heartRate: 72 + (d % 20),
        weight: null,
        bloodSugar: 110 + ((d * 17) % 50),
        notes: 'after lunch',
      });
    }
  }
  return out;
}

/** Posts readings through the API, `concurrency` at a time. */
export async function seedReadings(request: APIRequestContext, readings: SeedReading[], concurrency = 6): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < readings.length) {
      const reading = readings[next];
      next += 1;
      const res = await request.post('/api/readings', { data: reading });
      if (res.status() !== 201) throw new Error(`seeding failed: ${res.status()} ${await res.text()}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** A verified user, signed in in `page`, subscribed, with `days` days of readings. */
export async function subscribedUserWithReadings(
  page: Page,
  request: APIRequestContext,
  mailbox: Mailbox,
  days: number,
  prefix = 'vitals',
): Promise<Account> {
  const account = await verifiedAccount(request, mailbox, prefix);
  await signIn(page, account);
  await subscribe(page.request);
  if (days > 0) await seedReadings(page.request, readingsForDays(days));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  return account;
}

/** Switches the signed-in user's units. */
export async function setUnits(request: APIRequestContext, weightUnit: 'lbs' | 'kg', bloodSugarUnit: 'mg/dL' | 'mmol/L'): Promise<void> {
  const res = await request.patch('/api/user/preferences', { data: { weightUnit, bloodSugarUnit } });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Saves a full-page screenshot at 1280 px and at 375 px into test-results/screenshots/readings-{name}-{width}.png,
 * the page resized in place (the layout follows the width; a reload would only repeat the load).
 */
export async function screenshots(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await ready();
    // Full-page shots of a scrolled page would paint the sticky header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: shotPath(`readings-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
