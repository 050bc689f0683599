// The Bluetooth cuff's browser tests (issue 39), with no cuff and no radio: Chromium's
// Bluetooth emulation plays a cuff (cuff.ts). A burst of stored records, a duplicate, an error
// record, a kPa cuff and a disconnection in the middle each end with the readings in the
// database exactly once. Run on SQLite by bluetooth.spec.ts and on PostgreSQL by
// bluetooth-postgres.spec.ts (a worker's options are set per file).
import type { APIRequestContext, Page } from '@playwright/test';
import { bpRecord, type BpTime, EmulatedCuff, sfloat } from './cuff';
import { shotPath } from './vitalog-server';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { screenshots, subscribedUserWithReadings } from './readings-fixtures';

interface ApiReading {
  original: { systolic: number | null; diastolic: number | null; heartRate: number | null } | null;
  date: string;
  time: string;
  systolic: number | null;
  diastolic: number | null;
  heartRate: number | null;
  source: string;
  device: string | null;
  flags: string[];
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** A cuff time `daysAgo` days before today at hh:mm (cuffs keep local time, as the browser). */
function daysAgo(days: number, h: number, mi: number): BpTime {
  const d = new Date();
  d.setDate(d.getDate() - days);
  return { y: d.getFullYear(), mo: d.getMonth() + 1, d: d.getDate(), h, mi, s: 0 };
}

const dateOf = (t: BpTime): string => `${t.y}-${pad(t.mo)}-${pad(t.d)}`;

async function readings(request: APIRequestContext): Promise<ApiReading[]> {
  const res = await request.get('/api/readings');
  expect(res.status()).toBe(200);
  return (await res.json()) as ApiReading[];
}

async function openCuffPanel(page: Page): Promise<void> {
  await page.goto('/vitals');
  await expect(page.getByRole('heading', { level: 1, name: 'Record Vitals' })).toBeVisible();
}

/** The cuff's tests, on the storage the calling file chose (with CUFF_LAUNCH_OPTIONS). */
export function cuffTests(db: 'sqlite' | 'postgres'): void {
  test('a burst of stored readings, a duplicate, an error record and a kPa reading: each stored once', async ({
    page,
    request,
    mailbox,
    browser,
  }) => {
    await subscribedUserWithReadings(page, request, mailbox, 0, 'cuff');
    const cuff = await EmulatedCuff.start(browser, page, {
      name: 'BLESmart_0000',
      maker: 'OMRON',
      model: 'HEM-7600T',
      feature: 0x0007,
      currentTime: true,
      intermediate: true,
    });
    await openCuffPanel(page);
    await page.getByRole('button', { name: 'Connect a Bluetooth cuff' }).click();
    await cuff.waitConnected();
    const status = page.locator('.cuff-status');
    await expect(status).toHaveText('Connected to OMRON HEM-7600T · waiting for readings');
    // The app set the cuff's clock (Current Time, 10 bytes, this year).
    expect(cuff.clockWrites).toHaveLength(1);
    const written = cuff.clockWrites[0] ?? [];
    expect(written).toHaveLength(10);
    expect((written[0] ?? 0) | ((written[1] ?? 0) << 8)).toBe(new Date().getFullYear());

    // The cuff inflates: the gauge follows.
    // Intermediate Cuff Pressure: the pressure in the systolic field, the others NaN.
    await cuff.sendIntermediate([0x00, ...sfloat(142), 0xff, 0x07, 0xff, 0x07]);
    await expect(page.getByRole('meter', { name: 'Cuff pressure' })).toHaveAttribute('aria-valuenow', '142');

    // The burst of stored records, the first with an irregular pulse.
    const t1 = daysAgo(2, 7, 5);
    const t2 = daysAgo(2, 21, 40);
    const t3 = daysAgo(1, 7, 12);
    await cuff.send(bpRecord({ systolic: 121, diastolic: 81, map: 94.3, unit: 'mmHg', time: t1, pulse: 64, userId: 1, status: 0x0004 }));
    await cuff.send(bpRecord({ systolic: 134, diastolic: 86, map: 102, unit: 'mmHg', time: t2, pulse: 71, userId: 1, status: 0 }));
    await cuff.send(bpRecord({ systolic: 128, diastolic: 84, map: 98.7, unit: 'mmHg', time: t3, pulse: 68, userId: 1, status: 0x0001 }));
    // A shared cuff: the person says which user they are, once.
    await page.getByRole('button', { name: 'User 1' }).click();
    const tally = page.locator('.cuff-tally');
    await expect(tally).toHaveText('3 new readings saved.');

    // The cuff sends its memory again: nothing is doubled.
    await cuff.send(bpRecord({ systolic: 121, diastolic: 81, map: 94.3, unit: 'mmHg', time: t1, pulse: 64, userId: 1, status: 0x0004 }));
    await expect(tally).toHaveText('3 new readings saved, 1 was already in your record.');
    // The other person's reading is shown, not stored.
    await cuff.send(bpRecord({ systolic: 150, diastolic: 95, map: 113, unit: 'mmHg', time: t3, pulse: 80, userId: 2, status: 0 }));
    await expect(tally).toContainText('1 belonged to another user of the cuff.');
    // A failed measurement: every value NaN. Shown with its reason, not stored.
    await cuff.send([0x16, 0xff, 0x07, 0xff, 0x07, 0xff, 0x07, ...[t3.y & 0xff, t3.y >> 8, t3.mo, t3.d, 8, 0, 0], 0xff, 0x07, 0x00, 0x00]);
    await expect(page.getByText('The cuff reported an error instead of a systolic value (not a number)')).toBeVisible();
    await expect(tally).toContainText('1 could not be stored.');

    const stored = await readings(page.request);
    expect(stored).toHaveLength(3);
    for (const r of stored) {
      expect(r.source).toBe('device');
      expect(r.device).toBe('OMRON HEM-7600T');
    }
    const first = stored.find((r) => r.date === dateOf(t1) && r.time === '07:05');
    expect(first).toMatchObject({ time: '07:05', systolic: 121, diastolic: 81, heartRate: 64, flags: ['irregular-pulse'] });
    expect(stored.find((r) => r.date === dateOf(t3) && r.time === '07:12')?.flags).toEqual(['body-movement']);

    await expectNoAxeViolations(page);
    if (db === 'sqlite') {
      await page.screenshot({ path: shotPath('cuff-connected-1280.png'), fullPage: true });
      await page.setViewportSize({ width: 375, height: 812 });
      await expectNoAxeViolations(page);
      await page.screenshot({ path: shotPath('cuff-connected-375.png'), fullPage: true });
      await page.emulateMedia({ colorScheme: 'dark' });
      await expectNoAxeViolations(page);
      await page.screenshot({ path: shotPath('cuff-connected-375-dark.png'), fullPage: true });
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    await cuff.stop();

    // The cuff is remembered: Profile → Preferences lists it with its last sync.
    await page.goto('/profile');
    const cuffs = page.getByRole('list', { name: 'Your Bluetooth cuffs' });
    await expect(cuffs.getByText('OMRON HEM-7600T')).toBeVisible();
    await expect(cuffs).toContainText('Last sync');
    await expect(cuffs).toContainText('you are user 1');

    // History marks where each reading came from and the cuff's irregular pulse.
    await page.goto('/history');
    const row = page.getByRole('row').filter({ hasText: '121/81' });
    await expect(row.getByRole('img', { name: 'Irregular pulse' })).toBeVisible();
    await expect(row).toContainText('Measured by OMRON HEM-7600T');
    if (db === 'sqlite') await screenshots(page, 'cuff-history', async () => expect(row).toBeVisible());

    // Its detail says so; changing its values makes it typed and keeps what the cuff measured.
    await row.getByRole('button', { name: /^Edit reading/ }).click();
    const note = page.getByRole('note').filter({ hasText: 'Measured by OMRON HEM-7600T' });
    await expect(note).toContainText('Irregular pulse.');
    await page.getByLabel('Systolic (mmHg)').fill('125');
    await page.getByRole('button', { name: 'Update Reading' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Reading updated' })).toBeVisible();
    const edited = (await readings(page.request)).find((r) => r.time === '07:05' && r.date === dateOf(t1));
    expect(edited).toMatchObject({ systolic: 125, source: 'manual', device: 'OMRON HEM-7600T', original: { systolic: 121, diastolic: 81, heartRate: 64 } });
    await page.goto('/history');
    await page.getByRole('row').filter({ hasText: '125/81' }).getByRole('button', { name: /^Edit reading/ }).click();
    await expect(page.getByRole('note')).toContainText('Edited by hand. OMRON HEM-7600T measured 121/81 mmHg, pulse 64');
    if (db === 'sqlite') await screenshots(page, 'cuff-edited-detail', async () => expect(page.getByRole('note')).toBeVisible());
  });

  test('a kPa cuff, and a disconnection in the middle of the burst: reconnected, nothing lost or doubled', async ({
    page,
    request,
    mailbox,
    browser,
  }) => {
    await subscribedUserWithReadings(page, request, mailbox, 0, 'cuffkpa');
    const cuff = await EmulatedCuff.start(browser, page, { name: 'UA-651BLE', maker: 'A&D Medical', model: 'UA-651BLE', currentTime: true });
    await openCuffPanel(page);
    await page.getByRole('button', { name: 'Connect a Bluetooth cuff' }).click();
    await cuff.waitConnected();
    await expect(page.locator('.cuff-status')).toHaveText('Connected to A&D Medical UA-651BLE · waiting for readings');

    const t1 = daysAgo(3, 8, 0);
    const t2 = daysAgo(3, 20, 30);
    const t3 = daysAgo(1, 8, 15);
    // 16.0/10.7 kPa = 120/80 mmHg.
    await cuff.send(bpRecord({ systolic: 16, diastolic: 10.7, map: 12.5, unit: 'kPa', time: t1, pulse: 70 }));
    await cuff.send(bpRecord({ systolic: 17.3, diastolic: 11.3, map: 13.3, unit: 'kPa', time: t2, pulse: 75 }));
    const tally = page.locator('.cuff-tally');
    await expect(tally).toHaveText('2 new readings saved.');

    await cuff.disconnect();
    await expect(page.locator('.cuff-status')).toContainText('A&D Medical UA-651BLE disconnected');
    await page.getByRole('button', { name: 'Connect again' }).click();
    await cuff.restore();
    await cuff.waitConnected();
    await expect(page.locator('.cuff-status')).toHaveText('Connected to A&D Medical UA-651BLE · waiting for readings');
    // After reconnecting the cuff starts its memory again from the first unsent one.
    await cuff.send(bpRecord({ systolic: 17.3, diastolic: 11.3, map: 13.3, unit: 'kPa', time: t2, pulse: 75 }));
    await cuff.send(bpRecord({ systolic: 16.5, diastolic: 10.9, map: 12.8, unit: 'kPa', time: t3, pulse: 72 }));
    await expect(tally).toHaveText('3 new readings saved, 1 was already in your record.');

    const stored = await readings(page.request);
    expect(stored.map((r) => [r.date, r.time, r.systolic, r.diastolic]).sort()).toEqual(
      [
        [dateOf(t1), '08:00', 120, 80],
        [dateOf(t2), '20:30', 130, 85],
        [dateOf(t3), '08:15', 124, 82],
      ].sort(),
    );
    await cuff.stop();
  });
}

