import { expect, expectNoAxeViolations, test } from './fixtures';
import { screenshots, setUnits, subscribedUserWithReadings } from './readings-fixtures';

test('history: server-side filters, search and paging over a year of readings', async ({ page, request, mailbox }) => {
  test.setTimeout(120_000);
  await subscribedUserWithReadings(page, request, mailbox, 365, 'hist');
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL('/history');
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/reports');

  // Last 30 days by default: today and the 29 days before (calendar days), so the seeded
  // days 1..29, two readings a day.
  await expect(page.getByLabel('Time period')).toHaveValue('30');
  await expect(page.getByText('Showing 1 to 10 of 58 records')).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(11);
  await expect(table.getByRole('columnheader', { name: 'Notes' })).toBeVisible();
  await expect(table.getByText('---').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(5);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Showing 11 to 20 of 58 records')).toBeVisible();
  await page.getByRole('button', { name: 'Page 5' }).click();
  await expect(page.getByText('Showing 41 to 50 of 58 records')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Page 6' })).toBeVisible();
  await page.getByRole('button', { name: 'Page 6' }).click();
  await expect(page.getByText('Showing 51 to 58 of 58 records')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

  // Filters start again at page 1.
  await page.getByLabel('Reading type').selectOption('weight');
  await expect(page.getByText('Showing 1 to 10 of 29 records')).toBeVisible();
  await expect(table.getByText(/lbs$/).first()).toBeVisible();
  await page.getByLabel('Time period').selectOption({ label: 'All time' });
  await expect(page.getByText('Showing 1 to 10 of 365 records')).toBeVisible();
  // Last 7 days: today (nothing seeded) and the 6 days before.
  await page.getByLabel('Time period').selectOption('7');
  await expect(page.getByText('Showing 1 to 6 of 6 records')).toBeVisible();

  await page.getByLabel('Reading type').selectOption('all');
  await page.getByLabel('Time period').selectOption('3650');
  await page.getByLabel('Search').fill('tea');
  await expect(page.getByText('Showing 1 to 10 of 36 records')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'after tea' })).toHaveCount(10);
  // Dates are searched as they are shown.
  const d = new Date();
  d.setDate(d.getDate() - 3);
  const shown = `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
  await page.getByLabel('Search').fill(shown);
  await expect(page.getByText('Showing 1 to 2 of 2 records')).toBeVisible();
  await expect(table.getByText(shown)).toHaveCount(2);
  await page.getByLabel('Search').fill('no such note');
  await expect(page.getByText('No records found. Try adjusting your filters or search term.')).toBeVisible();
  await page.getByLabel('Search').fill('');
  await expect(page.getByText('Showing 1 to 10 of 730 records')).toBeVisible();

  // Units follow the preferences.
  await setUnits(page.request, 'kg', 'mmol/L');
  await page.goto('/history?type=weight');
  await expect(page.getByText('Showing 1 to 10 of 29 records')).toBeVisible();
  await expect(table.getByText(/\d+\.\d kg$/).first()).toBeVisible();
  await expect(table.getByText(/lbs$/)).toHaveCount(0);
  await page.goto('/history?type=sugar');
  await expect(table.getByText(/\d+\.\d mmol\/L$/).first()).toBeVisible();
  await setUnits(page.request, 'lbs', 'mg/dL');

  await page.goto('/history');
  await screenshots(page, 'history', async () => {
    await expect(page.getByText('Showing 1 to 10 of 58 records')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
