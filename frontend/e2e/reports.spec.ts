// The /reports screen against the real server: create, view, download, email (through the
// outbox to the SMTP sink, with the PDF attached) and delete a blood pressure report.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signIn, test, type Account, verifiedAccount } from './fixtures';
import { RESULTS_DIR } from './vitalog-server';

const SHOTS = path.join(RESULTS_DIR, 'screenshots');
mkdirSync(SHOTS, { recursive: true });

const pad = (n: number): string => String(n).padStart(2, '0');
const isoDay = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const usDay = (d: Date): string => `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;
function daysAgo(n: number): Date {
  const d = new Date();
  d.setHours(12, 0, 0, 0);
  d.setDate(d.getDate() - n);
  return d;
}

/** Subscribes in test mode and records a few readings, through the page's session. */
async function subscribeAndRecord(request: APIRequestContext): Promise<void> {
  const order = await request.post('/api/subscription/orders');
  expect(order.status(), await order.text()).toBe(201);
  const { id } = (await order.json()) as { id: string };
  const activate = await request.post('/api/subscription/activate', {
    data: { paymentMethod: 'paypal', amount: '5.00', transactionId: id, paymentDetails: {} },
  });
  expect(activate.status(), await activate.text()).toBe(200);
  const readings = [
    { day: 20, time: '07:30', systolic: 128, diastolic: 82, heartRate: 70 },
    { day: 10, time: '08:05', systolic: 135, diastolic: 86, heartRate: 74 },
    { day: 2, time: '21:15', systolic: 122, diastolic: 79, heartRate: 66 },
  ];
  for (const r of readings) {
    const res = await request.post('/api/readings', {
      data: {
        userId: null,
        date: isoDay(daysAgo(r.day)),
        time: r.time,
        systolic: r.systolic,
        diastolic: r.diastolic,
        heartRate: r.heartRate,
        weight: null,
        bloodSugar: null,
        notes: null,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

async function signedInWithReadings(page: Page, request: APIRequestContext, mailbox: Parameters<typeof verifiedAccount>[1], prefix: string): Promise<Account> {
  const account = await verifiedAccount(request, mailbox, prefix);
  await signIn(page, account);
  await subscribeAndRecord(page.request);
  return account;
}

/** Holds POST /api/reports back for a moment so the processing state can be seen. */
async function slowGeneration(page: Page, ms: number): Promise<void> {
  await page.route('**/api/reports', async (route) => {
    if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

test('create, view, download, email and delete a report', async ({ page, request, mailbox }) => {
  const account = await signedInWithReadings(page, request, mailbox, 'rep');
  await page.goto('/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page.getByText("You haven't generated any reports yet.")).toBeVisible();
  await expectNoAxeViolations(page, '/reports (empty) at 1280px');
  await page.screenshot({ path: path.join(SHOTS, 'reports-empty-1280.png'), fullPage: true });

  // Defaults: bp, last 30 days to today, everything included.
  const create = page.getByRole('form', { name: 'Create Report' });
  await expect(create.getByLabel('Report type')).toHaveValue('bp');
  await expect(create.getByLabel('Start date')).toHaveValue(isoDay(daysAgo(30)));
  await expect(create.getByLabel('End date')).toHaveValue(isoDay(daysAgo(0)));
  await expect(create.getByLabel('Report name')).toHaveValue(
    `Blood Pressure Report ${usDay(daysAgo(30))} – ${usDay(daysAgo(0))}`,
  );
  for (const name of ['Charts', 'Table of readings', 'Analysis']) {
    await expect(create.getByRole('checkbox', { name })).toBeChecked();
  }

  // The server's rule, shown before any request: the end may not precede the start.
  await create.getByLabel('End date').fill(isoDay(daysAgo(40)));
  await create.getByRole('button', { name: 'Generate Report' }).click();
  await expect(create.getByText('End date must be on or after the start date')).toBeVisible();
  await create.getByLabel('End date').fill(isoDay(daysAgo(0)));

  const name = `For Dr. Lee ${account.username}`;
  await create.getByLabel('Report name').fill(name);
  await slowGeneration(page, 1200);
  await create.getByRole('button', { name: 'Generate Report' }).click();
  await expect(page.getByText(/Generating your report/)).toBeVisible();
  await expect(create.getByRole('button', { name: 'Generating...' })).toBeDisabled();
  await page.screenshot({ path: path.join(SHOTS, 'reports-generating-1280.png'), fullPage: true });

  await expect(page.getByRole('heading', { name: 'Report generated' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Report generated' }).first()).toBeVisible();
  const list = page.getByRole('list', { name: 'Generated reports' });
  const row = list.getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText('Blood Pressure Report');
  await expect(row).toContainText(`${usDay(daysAgo(30))} – ${usDay(daysAgo(0))}`);
  await expect(row).toContainText(usDay(new Date()));
  await expectNoAxeViolations(page, '/reports (generated) at 1280px');
  await page.screenshot({ path: path.join(SHOTS, 'reports-list-1280.png'), fullPage: true });

  // View: a new tab on /view, which answers the PDF inline (headless tabs can't render it).
  const view = row.getByRole('link', { name: `View ${name} (opens in a new tab)` });
  await expect(view).toHaveAttribute('target', '_blank');
  const viewUrl = (await view.getAttribute('href')) ?? '';
  expect(viewUrl).toMatch(/^\/api\/reports\/\d+\/view$/);
  const pdf = await page.request.get(viewUrl);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdf.headers()['content-disposition']).toMatch(/^inline/);
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const [tab] = await Promise.all([page.context().waitForEvent('page'), view.click()]);
  await expect.poll(() => tab.url()).toContain(viewUrl);
  await tab.close();

  // Download: the same PDF as an attachment.
  const download = row.getByRole('link', { name: `Download ${name}` });
  const downloadUrl = (await download.getAttribute('href')) ?? '';
  expect(downloadUrl).toBe(viewUrl.replace(/\/view$/, '/download'));
  const attachment = await page.request.get(downloadUrl);
  expect(attachment.status()).toBe(200);
  expect(attachment.headers()['content-type']).toBe('application/pdf');
  expect(attachment.headers()['content-disposition']).toMatch(/^attachment; filename=".*\.pdf"/);

  // Email from the list: the form gets that report, the sink gets the PDF.
  await row.getByRole('button', { name: `Email ${name}` }).click();
  const emailForm = page.getByRole('form', { name: 'Email Report' });
  await expect(emailForm.getByLabel('Recipient email')).toBeFocused();
  await expect(emailForm.getByLabel('Report')).toHaveValue(viewUrl.split('/')[3] ?? '');
  // The subject names the report and its period (issue 36).
  const subject = `Vitalog Health Report: Blood Pressure Report, ${usDay(daysAgo(30))} to ${usDay(daysAgo(0))}`;
  await expect(emailForm.getByLabel('Subject')).toHaveValue(subject);
  await emailForm.getByRole('button', { name: 'Send Report' }).click();
  await expect(emailForm.getByText('Please enter a recipient email address.')).toBeVisible();
  const doctor = `dr.${account.username}@clinic.example.test`;
  await emailForm.getByLabel('Recipient email').fill(doctor);
  await emailForm.getByLabel('Message (optional)').fill('My readings since the last visit.');
  const before = mailbox.count();
  await emailForm.getByRole('button', { name: 'Send Report' }).click();
  await expect(page.getByRole('status').filter({ hasText: `The report is on its way to ${doctor}.` })).toBeVisible();
  const mail = await mailbox.waitFor(doctor, () => true, { after: before });
  expect(mail.subject).toBe(subject);
  const pdfPart = mail.parts.find((p) => /^application\/pdf/i.test(p.contentType));
  expect(pdfPart, `parts: ${mail.parts.map((p) => p.contentType).join(', ')}`).toBeDefined();
  expect(pdfPart?.text.startsWith('%PDF-')).toBe(true);
  expect(mail.parts.some((p) => p.text.includes('My readings since the last visit.'))).toBe(true);

  // A person closes the confirmation toast (it pauses while the pointer rests on it and
  // may cover the list's last row), then deletes after confirming.
  await page.getByRole('button', { name: 'Close notification' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Report sent' })).toBeHidden();
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete report?' });
  await expect(dialog).toContainText(name);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Report deleted' })).toBeVisible();
  await expect(page.getByText("You haven't generated any reports yet.")).toBeVisible();
  expect((await page.request.get(viewUrl)).status()).toBe(404);
});

test('the reports screen works at phone width', async ({ page, request, mailbox }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signedInWithReadings(page, request, mailbox, 'repm');
  await page.goto('/reports');
  await expect(page.getByText("You haven't generated any reports yet.")).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'reports-empty-375.png'), fullPage: true });

  await slowGeneration(page, 1200);
  await page.getByRole('button', { name: 'Generate Report' }).click();
  await expect(page.getByText(/Generating your report/)).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'reports-generating-375.png'), fullPage: true });
  await expect(page.getByRole('heading', { name: 'Report generated' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Generated reports' }).getByRole('listitem')).toHaveCount(1);
  await expectNoAxeViolations(page, '/reports (generated) at 375px');

  await page.getByRole('button', { name: 'Close notification' }).click();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, 'no horizontal scrolling at 375px').toBeLessThanOrEqual(375);
  await page.screenshot({ path: path.join(SHOTS, 'reports-list-375.png'), fullPage: true });

  const row = page.getByRole('list', { name: 'Generated reports' }).getByRole('listitem');
  await row.getByRole('button', { name: /^Delete / }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete report?' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.screenshot({ path: path.join(SHOTS, 'reports-delete-375.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(1);
});
