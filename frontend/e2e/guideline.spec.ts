// Issue 35 in the browser: the person chooses their guideline in Preferences, and History
// names every category in it (ESH 2023 here), with its legend, at 1280 and 375 px.
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { isoDate, seedReadings, subscribedUserWithReadings, type SeedReading } from './readings-fixtures';
import { shotPath } from './vitalog-server';

const bp = (date: string, time: string, systolic: number | null, diastolic: number | null): SeedReading => ({
  date,
  time,
  systolic,
  diastolic,
  heartRate: null,
  weight: null,
  bloodSugar: null,
  notes: null,
});

async function shots(page: Page, name: string): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.screenshot({ path: shotPath(`guideline-${name}-${width}.png`), fullPage: true });
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('choosing ESH 2023 in Preferences restates History in its categories, named with it', async ({ page, request, mailbox }) => {
  test.setTimeout(120_000);
  await subscribedUserWithReadings(page, request, mailbox, 0, 'guideline');
  // Yesterday morning: a run before 07:10 would otherwise seed readings in the future, which are refused.
  const yesterday = new Date();
  yesterday.setDate(yesterday.getDate() - 1);
  const day = isoDate(yesterday);
  await seedReadings(page.request, [bp(day, '07:00', 145, 85), bp(day, '07:05', 136, 82), bp(day, '07:10', 150, null)], 1);

  // ACC/AHA 2025 first: the default.
  await page.goto('/history');
  await expect(page.getByLabel('Blood pressure category: Stage 2 (ACC/AHA 2025)').first()).toBeVisible();

  await page.goto('/profile#profile-preferences');
  const guideline = page.getByRole('combobox', { name: 'Guideline' });
  await expect(guideline).toHaveValue('acc-aha-2025');
  await guideline.selectOption('esh-2023');
  await page.getByText('What each guideline says').click();
  await expect(page.getByText(/ESH 2023: Optimal, Normal, High-normal/)).toBeVisible();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Preferences saved' })).toBeVisible();
  await shots(page, 'preferences');

  await page.goto('/history');
  await expect(page.getByLabel('Blood pressure category: Isolated systolic hypertension (ESH 2023)')).toBeVisible();
  await expect(page.getByLabel('Blood pressure category: High-normal (ESH 2023)')).toBeVisible();
  // A lone systolic of 150 could be isolated systolic or grade 1 in ESH terms: no badge.
  await expect(page.getByLabel(/^Blood pressure category: .*ACC\/AHA/)).toHaveCount(0);
  await expect(page.getByText('Isolated systolic', { exact: true })).toBeVisible();
  await shots(page, 'history');
  await page.getByText('About blood pressure categories (ESH 2023)').click();
  await expect(page.getByText('Systolic 140 or higher and diastolic below 90')).toBeVisible();
});

test('clinic and home side by side on the week page, in the guideline of the person', async ({ page, request, mailbox }) => {
  test.setTimeout(120_000);
  await page.clock.setFixedTime(new Date());
  await subscribedUserWithReadings(page, request, mailbox, 0, 'pattern');
  const day = (offset: number): string => {
    const d = new Date();
    d.setDate(d.getDate() + offset);
    return isoDate(d);
  };
  const res = await page.request.post('/api/home-week', { data: { startDate: day(-6) } });
  expect(res.status()).toBe(201);
  const home: SeedReading[] = [];
  for (const offset of [-5, -4, -3]) for (const time of ['07:00', '07:05', '19:00', '19:05']) home.push(bp(day(offset), time, 132, 78));
  const clinic = [day(-30), day(-20)].map((date) => ({ ...bp(date, '10:00', 150, 95), setting: 'office' }));
  await seedReadings(page.request, [...home, ...clinic], 1);

  await page.goto('/home-week');
  const section = page.getByRole('region', { name: 'Clinic and home' });
  await expect(section.locator('.week-pattern-label')).toHaveText('Sustained hypertension (ACC/AHA 2025)');
  await expect(section.getByText(/^150\/95 mmHg/)).toBeVisible();
  await expect(section.getByText(/not a diagnosis\.$/)).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.reload();
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: shotPath(`guideline-pattern-${width}.png`) });
    await expectNoAxeViolations(page);
  }
});
