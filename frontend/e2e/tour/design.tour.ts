// Two years of a person's record, every main screen at 1280 × 900 and 375 × 812, light and
// dark, and the 2-year report PDF as PNGs: test-results/tour/$TOUR_LABEL/.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { isoDate, readingsForDays, seedReadings, subscribedUserWithReadings } from '../readings-fixtures';
import { RESULTS_DIR } from '../vitalog-server';

const OUT = path.join(RESULTS_DIR, 'tour', process.env.TOUR_LABEL ?? 'now');
mkdirSync(OUT, { recursive: true });

const day = (offset: number): string => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return isoDate(d);
};

const SCREENS: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  { name: 'dashboard', path: '/', ready: (p) => expect(p.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible() },
  { name: 'history', path: '/history', ready: (p) => expect(p.getByRole('heading', { level: 1, name: 'History' })).toBeVisible() },
  { name: 'medications', path: '/medications', ready: (p) => expect(p.getByRole('heading', { level: 1, name: 'Medications' })).toBeVisible() },
  { name: 'reports', path: '/reports', ready: (p) => expect(p.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible() },
  { name: 'record', path: '/readings/new', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { name: 'trends', path: '/trends', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
];

test('design tour', async ({ page, request, mailbox }) => {
  await subscribedUserWithReadings(page, request, mailbox, 0, 'tour');
  await seedReadings(page.request, readingsForDays(730));
  const med = await page.request.post('/api/medications', {
    data: { name: 'Amlodipine', strength: 5, unit: 'mg', form: 'tablet', frequency: 'once-daily', times: ['08:00'], startDate: day(-365), forBloodPressure: true },
  });
  expect(med.status(), await med.text()).toBe(201);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const screen of SCREENS) {
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await page.goto(screen.path);
        await screen.ready(page).catch(() => undefined);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(500);
        const base = path.join(OUT, `${screen.name}-${width}-${scheme}`);
        await page.screenshot({ path: `${base}-fold.png` });
        await page.screenshot({ path: `${base}-full.png`, fullPage: true });
      }
    }
  }
  // The 2-year report, as a doctor gets it.
  await page.setViewportSize({ width: 1280, height: 900 });
  const created = await page.request.post('/api/reports', {
    data: { type: 'comprehensive', dateStart: day(-730), dateEnd: day(-1) },
  });
  if (created.ok()) {
    const { id } = (await created.json()) as { id: number };
    const pdf = await page.request.get(`/api/reports/${id}/download`);
    if (pdf.ok()) {
      const file = path.join(OUT, 'report.pdf');
      writeFileSync(file, await pdf.body());
      execFileSync('pdftoppm', ['-png', '-r', '60', '-l', '4', file, path.join(OUT, 'report')]);
      execFileSync('pdftotext', ['-layout', file, path.join(OUT, 'report.txt')]);
    }
  } else {
    writeFileSync(path.join(OUT, 'report-error.txt'), await created.text());
  }
});
