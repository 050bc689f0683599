// Issue 36, "wrong in front of a doctor", in the browser against the real server: the email
// form follows the report just generated and the email names it; the PDF's table has the
// columns and rows of what the report covers; one wild evening does not make a flat month
// "rising" in the PDF or the clinician's view; blood pressure averages in whole mmHg.
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { pdfText } from './pdf';
import { isoDate, reading, seedReadings, subscribedUserWithReadings, type SeedReading } from './readings-fixtures';

const day = (offset: number): string => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return isoDate(d);
};
const usDay = (offset: number): string => {
  const [y, m, d] = day(offset).split('-');
  return `${m}/${d}/${y}`;
};


/** Generates a report on /reports with the form's defaults but `startOffset` days back. */
async function generate(page: Page, startOffset: number): Promise<void> {
  const create = page.getByRole('form', { name: 'Create Report' });
  await create.getByLabel('Start date').fill(day(startOffset));
  await create.getByLabel('Report name').fill('');
  await create.getByRole('button', { name: 'Generate Report' }).click();
  await expect(page.getByRole('heading', { name: 'Report generated' })).toBeVisible();
}

test('the email form sends the report just generated, and the email names it and its period', async ({ page, request, mailbox }) => {
  await subscribedUserWithReadings(page, request, mailbox, 0, 'mailform');
  await seedReadings(page.request, [
    reading(day(-5), '08:00', { systolic: 128, diastolic: 82 }),
    reading(day(-400), '08:00', { systolic: 138, diastolic: 88 }),
  ]);
  await page.goto('/reports');
  await generate(page, -30);
  const form = page.getByRole('form', { name: 'Email Report' });
  await expect(form.getByLabel('Report').locator('option:checked')).toContainText(usDay(-30));
  await page.getByRole('button', { name: 'Create another report' }).click();
  await generate(page, -730);
  // The form follows the report just made (it kept the 30-day one before).
  await expect(form.getByLabel('Report').locator('option:checked')).toContainText(usDay(-730));
  const period = `${usDay(-730)} to ${usDay(0)}`;
  await expect(form.getByLabel('Subject')).toHaveValue(`Vitalog Health Report: Blood Pressure Report, ${period}`);
  await form.getByLabel('Recipient email').fill('dr.lee@clinic.example');
  await form.getByRole('button', { name: 'Send Report' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Report sent' }).first()).toBeVisible();
  const mail = await mailbox.waitFor('dr.lee@clinic.example');
  expect(mail.subject).toBe(`Vitalog Health Report: Blood Pressure Report, ${period}`);
  const text = mail.parts.map((p) => p.text).join('\n');
  expect(text).toContain(`covers ${period}`);
  expect(mail.raw).toContain(`${day(-730)}-to-${day(0)}.pdf`);
  await expectNoAxeViolations(page, '/reports after sending');
});

test("the PDF's table has the columns and rows of what it covers, and says what it leaves out", async ({ page, request, mailbox }) => {
  await subscribedUserWithReadings(page, request, mailbox, 0, 'columns');
  const seeded: SeedReading[] = [];
  for (let d = 1; d <= 10; d += 1) {
    seeded.push(reading(day(-d), '07:30', { systolic: 124 + d, diastolic: 80, heartRate: 64 }));
    seeded.push(reading(day(-d), '08:00', { weight: 170 + d / 10 }));
    seeded.push(reading(day(-d), '12:30', { bloodSugar: 100 + d }));
  }
  await seedReadings(page.request, seeded);
  await page.goto('/reports');
  await generate(page, -30);
  const download = page.getByRole('list', { name: 'Generated reports' }).getByRole('link', { name: /^Download / }).first();
  const pdf = await page.request.get((await download.getAttribute('href')) ?? '');
  expect(pdf.status()).toBe(200);
  const table = pdfText(await pdf.body(), { layout: true }).split('All readings')[1] ?? '';
  const header = table.split('\n').find((l) => l.trim().startsWith('Date '));
  expect(header?.trim().split(/\s+/)).toEqual(['Date', 'Time', 'BP', '(mmHg)', 'Category', 'HR']);
  const rows = table.split('\n').filter((l) => /^\s*\d\d\/\d\d\/\d{4}/.test(l));
  expect(rows).toHaveLength(10);
  for (const row of rows) expect(row).toMatch(/\d{3}\/80/);
  expect(pdfText(await pdf.body())).toContain(
    'Not listed: 20 readings of the period that hold only weight or blood sugar, not part of a blood pressure report.',
  );

  // The comprehensive report (through the API: the form offers the blood pressure report)
  // prints every weight and sugar in its column.
  const created = await page.request.post('/api/reports', { data: { type: 'comprehensive', dateStart: day(-30), dateEnd: day(0) } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const full = pdfText(await (await page.request.get(`/api/reports/${id}/download`)).body(), { layout: true }).split('All readings')[1] ?? '';
  const fullRows = full.split('\n').filter((l) => /^\s*\d\d\/\d\d\/\d{4}/.test(l));
  expect(fullRows).toHaveLength(30);
  expect(fullRows.filter((r) => /\b17\d\.\d\b/.test(r))).toHaveLength(10);
  expect(fullRows.filter((r) => /\s1(0\d|10)\s*$/.test(r))).toHaveLength(10);
});

test('one wild evening does not make a flat month rise, in the PDF or the clinician view', async ({ page, request, mailbox, browser, baseURL }) => {
  await subscribedUserWithReadings(page, request, mailbox, 0, 'outlier');
  const month: SeedReading[] = [];
  for (let d = 1; d <= 30; d += 1) {
    month.push(reading(day(-d), '07:30', { systolic: 128 + ((d * 7) % 13) - 6, diastolic: 82 + ((d * 5) % 9) - 4, heartRate: 66 }));
    month.push(reading(day(-d), '20:00', { systolic: 128 + ((d * 5) % 11) - 5, diastolic: 82 + ((d * 3) % 7) - 3, heartRate: 70 }));
  }
  month.push(reading(day(-1), '22:30', { systolic: 212, diastolic: 126, heartRate: 90 }));
  await seedReadings(page.request, month);

  await page.goto('/reports');
  await generate(page, -30);
  const download = page.getByRole('list', { name: 'Generated reports' }).getByRole('link', { name: /^Download / }).first();
  const text = pdfText(await (await page.request.get((await download.getAttribute('href')) ?? '')).body());
  expect(text).toContain('Systolic: stable over the period.');
  expect(text).toContain('Diastolic: stable over the period.');
  expect(text).not.toContain('rising by');
  expect(text).toContain('Theil-Sen');
  // Whole mmHg: no decimal in the analysis' blood pressure averages.
  expect(text).toMatch(/Systolic \(mmHg\) 61 \d{3} /);

  const share = await page.request.post('/api/shares', {
    data: {
      label: 'Dr. Lee',
      shownName: 'Ann Example',
      periodKind: 'rolling',
      days: 30,
      includeHeartRate: true,
      includeWeight: false,
      includeBloodSugar: false,
      includeNotes: false,
      includeMedications: false,
      lifetimeDays: 7,
    },
  });
  expect(share.status(), await share.text()).toBe(201);
  const { link } = (await share.json()) as { link: string };
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const visitor = await context.newPage();
  await visitor.goto(link);
  const measures = visitor.getByRole('table', { name: /trend over the period/ });
  const trendOf = (name: string) =>
    measures.getByRole('rowheader', { name, exact: true }).locator('xpath=..').getByRole('cell').last();
  await expect(trendOf('Systolic')).toHaveText('Stable');
  await expect(trendOf('Diastolic')).toHaveText('Stable');
  await expect(visitor.getByText(/Theil-Sen/)).toBeVisible();
  const average = visitor.getByText('Average blood pressure', { exact: true }).locator('xpath=following-sibling::dd[1]');
  await expect(average).toHaveText(/^\d{3}\/\d{2} mmHg/);
  await context.close();
});

test('a medication started a year ago and added today: no missed doses before it was added; the current dose says since when', async ({ page, request, mailbox }) => {
  await subscribedUserWithReadings(page, request, mailbox, 0, 'backdated');
  const res = await page.request.post('/api/medications', {
    data: { name: 'Amlodipine', strength: 5, unit: 'mg', form: 'tablet', frequency: 'once-daily', times: ['08:00'], startDate: day(-365) },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  const change = await page.request.post(`/api/medications/${id}/changes`, {
    data: { strength: 10, unit: 'mg', frequency: 'once-daily', times: ['08:00'], startDate: day(-40) },
  });
  expect(change.status(), await change.text()).toBe(201);

  await page.goto(`/medications/${id}`);
  const doses = page.getByRole('region', { name: 'Doses, last 30 days' });
  await expect(doses).toContainText(`since you added it on ${usDay(0)}`);
  await expect(doses).toContainText('Earlier doses: not recorded.');
  await expect(doses).not.toContainText(/Missed\s*(2[0-9]|30)/);
  // The current dose began 40 days ago; the medication a year ago.
  await expect(page.getByText(`This dose since ${usDay(-40)} · taken since ${usDay(-365)}`)).toBeVisible();
  await expectNoAxeViolations(page, '/medications/:id back-dated');
  await page.goto('/medications');
  await expect(page.getByRole('region', { name: 'Current medications' })).toContainText(`This dose since ${usDay(-40)}`);
});
