import { expect, expectNoAxeViolations, signIn, test, verifiedAccount } from './fixtures';
import { screenshots, setUnits, subscribedUserWithReadings } from './readings-fixtures';
import { shotPath } from './vitalog-server';

test('record a reading, edit it (Cancel goes to /history), then delete it', async ({ page, request, mailbox }) => {
  await subscribedUserWithReadings(page, request, mailbox, 14, 'rec');

  await page.getByRole('link', { name: 'Record Vitals' }).first().click();
  await expect(page).toHaveURL('/vitals');
  await expect(page.getByRole('heading', { level: 1, name: 'Record Vitals' })).toBeVisible();
  await expect(page.getByLabel('Date')).not.toHaveValue('');
  await expect(page.getByLabel('Time')).not.toHaveValue('');

  // The spec's messages, and nothing is sent.
  await page.getByLabel('Systolic (mmHg)').fill('69');
  await page.getByLabel('Heart rate (bpm)').fill('221');
  await page.getByRole('button', { name: 'Save Reading' }).click();
  await expect(page.getByText('Systolic must be at least 70')).toBeVisible();
  await expect(page.getByText('Heart rate must be less than 220')).toBeVisible();

  await page.getByLabel('Systolic (mmHg)').fill('185');
  await page.getByLabel('Diastolic (mmHg)').fill('85');
  await expect(page.getByLabel('Blood pressure category: Hypertensive Crisis (ACC/AHA 2025)')).toBeVisible();
  await page.getByLabel('Heart rate (bpm)').fill('77');
  await page.getByLabel('Weight (lbs)').fill('171.4');
  await page.getByLabel('Notes').fill('e2e reading');
  await page.getByRole('button', { name: 'Save Reading' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Reading saved' })).toBeVisible();
  await expect(page).toHaveURL('/');

  const recent = page.getByRole('region', { name: 'Recent Readings' });
  const newest = recent.getByRole('row').nth(1);
  await expect(newest).toContainText('185/85 mmHg');
  await expect(newest).toContainText('77 bpm');
  await expect(newest).toContainText('171.4 lbs');
  await expect(newest).toContainText('Hypertensive Crisis');

  // Edit, then Cancel: back to the history.
  await newest.getByRole('button', { name: /^Edit reading/ }).click();
  await expect(page).toHaveURL(/\/vitals\?edit=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Reading' })).toBeVisible();
  await expect(page.getByLabel('Heart rate (bpm)')).toHaveValue('77');
  await expect(page.getByLabel('Notes')).toHaveValue('e2e reading');
  const editUrl = page.url();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL('/history');

  await page.goto(editUrl);
  await page.getByLabel('Heart rate (bpm)').fill('81');
  await page.getByRole('button', { name: 'Update Reading' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Reading updated' })).toBeVisible();
  await expect(page).toHaveURL('/history');
  const row = page.getByRole('row').filter({ hasText: 'e2e reading' });
  await expect(row).toContainText('81 bpm');
  await expect(row).toContainText('171.4 lbs');

  await row.getByRole('button', { name: /^Delete reading/ }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this reading?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Reading deleted' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'e2e reading' })).toHaveCount(0);
});

test('kg and mmol/L: the form shows and saves converted values without drift', async ({ page, request, mailbox }) => {
  await subscribedUserWithReadings(page, request, mailbox, 0, 'kg');
  await setUnits(page.request, 'kg', 'mmol/L');
  await page.goto('/vitals');
  await page.getByLabel('Weight (kg)').fill('226.9');
  await page.getByLabel('Blood sugar (mmol/L)').fill('2.1');
  await page.getByRole('button', { name: 'Save Reading' }).click();
  await expect(page.getByText('Weight must be less than 226.8')).toBeVisible();
  await expect(page.getByText('Blood sugar must be at least 2.2')).toBeVisible();

  // The displayed bounds are accepted by the server's canonical range check.
  await page.getByLabel('Weight (kg)').fill('226.8');
  await page.getByLabel('Blood sugar (mmol/L)').fill('5.6');
  await page.getByRole('button', { name: 'Save Reading' }).click();
  await expect(page).toHaveURL('/');
  const readings = (await (await page.request.get('/api/readings')).json()) as Array<{ id: number; weight: number; bloodSugar: number }>;
  expect(readings[0]?.weight).toBe(500);
  const storedSugar = readings[0]?.bloodSugar;
  const recent = page.getByRole('region', { name: 'Recent Readings' });
  await expect(recent).toContainText('226.8 kg');
  await expect(recent).toContainText('5.6 mmol/L');

  // Saving again unchanged keeps the stored canonical values exactly.
  await page.goto(`/vitals?edit=${readings[0]?.id}`);
  await expect(page.getByLabel('Weight (kg)')).toHaveValue('226.8');
  await page.getByRole('button', { name: 'Update Reading' }).click();
  await expect(page).toHaveURL('/history');
  const again = (await (await page.request.get(`/api/readings/${readings[0]?.id}`)).json()) as { weight: number; bloodSugar: number };
  expect(again.weight).toBe(500);
  expect(again.bloodSugar).toBe(storedSugar);
});

test('without a subscription: the warning, and submit is blocked with a toast', async ({ page, request, mailbox }) => {
  const account = await verifiedAccount(request, mailbox, 'nosub');
  await signIn(page, account);
  await page.goto('/vitals');
  const alert = page.locator('.subscription-alert');
  await expect(alert).toContainText('Subscription Required');
  await expect(alert.getByRole('link', { name: 'Subscribe Now' })).toHaveAttribute('href', '/profile#profile-subscription');
  await page.getByLabel('Heart rate (bpm)').fill('70');
  await page.getByRole('button', { name: 'Save Reading' }).click();
  await expect(page.locator('.toast-title')).toHaveText('Subscription Required');
  await expect(page).toHaveURL('/vitals');
  const list = await page.request.get('/api/readings');
  expect(await list.json()).toEqual([]);
});

test('screenshots of Record Vitals and Edit Reading', async ({ page, request, mailbox }) => {
  await subscribedUserWithReadings(page, request, mailbox, 2, 'shotv');
  await page.goto('/vitals');
  await screenshots(page, 'vitals', async () => {
    await page.getByLabel('Systolic (mmHg)').fill('132');
    await page.getByLabel('Diastolic (mmHg)').fill('84');
    await page.getByLabel('Heart rate (bpm)').fill('300');
    await page.getByRole('button', { name: 'Save Reading' }).click();
    await expect(page.getByText('Heart rate must be less than 220')).toBeVisible();
    await expectNoAxeViolations(page);
  });
  const readings = (await (await page.request.get('/api/readings')).json()) as Array<{ id: number }>;
  await page.goto(`/vitals?edit=${readings[0]?.id}`);
  await screenshots(page, 'edit', async () => {
    await expect(page.getByRole('button', { name: 'Update Reading' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test('at 375 px: a reading taken at the clinic is recorded and tagged in History (issue 35)', async ({ page, request, mailbox }) => {
  await subscribedUserWithReadings(page, request, mailbox, 3, 'clinic');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/vitals');
  const where = page.getByRole('group', { name: 'Where was this taken?' });
  await expect(where.getByRole('radio', { name: 'Home' })).toBeChecked();
  await where.getByRole('radio', { name: 'At the clinic' }).check();
  await expect(where.getByRole('radio', { name: 'At the clinic' })).toBeChecked();
  // The segments are a thumb's width tall.
  const segment = await where.locator('.segment').first().boundingBox();
  expect(segment?.height ?? 0).toBeGreaterThanOrEqual(44);
  await page.getByLabel('Systolic (mmHg)').fill('146');
  await page.getByLabel('Diastolic (mmHg)').fill('92');
  await page.getByLabel('Notes').fill('annual check-up');
  await expectNoAxeViolations(page);
  // Full-page shots of a scrolled page would paint the sticky header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: shotPath('readings-clinic-form-375.png'), fullPage: true });
  await page.getByRole('button', { name: 'Save Reading' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Reading saved' })).toBeVisible();

  await page.goto('/history');
  const row = page.getByRole('row').filter({ hasText: 'annual check-up' });
  await expect(row).toContainText('146/92 mmHg');
  await expect(row.getByText('Taken at the clinic')).toBeAttached();
  await expect(row.getByText('Clinic', { exact: true })).toBeVisible();
  // Only the clinic reading carries the tag.
  await expect(page.getByText('Taken at the clinic')).toHaveCount(1);
  await expectNoAxeViolations(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: shotPath('readings-clinic-history-375.png'), fullPage: true });
});
