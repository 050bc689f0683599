// Sharing with a clinician (issue 17) against the real server. The owner makes a share on
// /reports; a stranger opens the link in a fresh browser context (no cookie, no account) and
// reads the summary; the owner sees "Opened 1 time" and the access log line; the owner stops
// sharing, and the stranger's reload says the link is no longer available. Also: the access
// code form, axe on the clinician view at 375 and 1280 px, and screenshots to look at
// (test-results/screenshots, or VITALOG_SHOTS_DIR).
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signIn, test, verifiedAccount } from './fixtures';
import { readingsForDays, seedReadings, subscribe } from './readings-fixtures';
import { reviewShotPath } from './vitalog-server';

const shot = (name: string): string => reviewShotPath('sharing', name);

interface NewShare {
  label: string;
  shownName: string;
  accessCode?: string;
}

/** Creates a share of the last 30 days with everything included, and returns its link (shown once). */
async function createShare(page: Page, share: NewShare): Promise<string> {
  const card = page.getByRole('region', { name: 'Share with your doctor' });
  await card.getByRole('button', { name: 'New share' }).click();
  await card.getByLabel('Label').fill(share.label);
  await card.getByLabel('Name your clinician sees').fill(share.shownName);
  await card.getByRole('radio', { name: 'The last 30 days' }).check();
  for (const name of ['Heart rate', 'Weight', 'Blood sugar', 'Notes', 'Medications']) {
    await card.getByRole('checkbox', { name, exact: true }).check();
  }
  if (share.accessCode) await card.getByLabel('Access code (optional)').fill(share.accessCode);
  await card.getByRole('button', { name: 'Create link' }).click();
  await expect(card.getByText('This link is shown only now. Keep it, or make a new share later.')).toBeVisible();
  const link = await card.getByRole('textbox', { name: 'Link' }).inputValue();
  expect(link).toMatch(/\/s\/[A-Za-z0-9_-]{43}$/);
  await card.getByRole('button', { name: 'Done' }).click();
  return link;
}

/** The owner's row of a share in the card's list. */
function shareRow(page: Page, label: string): Locator {
  return page.getByRole('list', { name: 'Your shares' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: label }) });
}

/** A fresh browser context: no cookie, no storage, nothing of the owner. Records every API request. */
async function stranger(browser: Browser, baseURL: string | undefined): Promise<{ context: BrowserContext; page: Page; apiCalls: string[] }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) apiCalls.push(`${request.method()} ${url.pathname}`);
  });
  return { context, page, apiCalls };
}

/** The clinician view is drawn: its heading, the summary and the blood pressure chart painted. */
async function recordShown(page: Page, shownName: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: `Health record of ${shownName}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible();
  await expect(page.locator('[data-chart="bp"] [data-painted="true"]')).toBeVisible();
}

test('share a record, open it as a stranger, see it logged, stop it: the link is dead', async ({ page, request, mailbox, browser, baseURL }) => {
  test.setTimeout(120_000);
  const account = await verifiedAccount(request, mailbox, 'share');
  await signIn(page, account);
  await subscribe(page.request);
  await seedReadings(page.request, readingsForDays(20));

  await page.goto('/reports');
  const label = `Dr Patel ${account.username}`;
  const shownName = 'Alice Example';
  const link = await createShare(page, { label, shownName });
  await expect(shareRow(page, label)).toContainText('Not opened yet');

  // A stranger opens the link: no account, nothing else of the owner's.
  const visitor = await stranger(browser, baseURL);
  const response = await visitor.page.goto(link);
  // The page itself: never indexed, cached or sent on as a referrer.
  expect(response?.headers()['cache-control']).toBe('no-store');
  expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  await recordShown(visitor.page, shownName);
  const summary = visitor.page.getByRole('region', { name: 'Summary' });
  // 20 days of two readings each, all inside the last 30 days.
  await expect(summary.getByText(/^40 readings from \d{2}\/\d{2}\/\d{4} to \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await expect(summary.getByRole('term').filter({ hasText: 'Average blood pressure' }).locator('xpath=following-sibling::dd')).toContainText(
    /^\d{2,3}\/\d{2,3} mmHgof 40 readings$/,
  );
  await expect(summary.getByRole('table', { name: 'Averages by time of day' })).toBeVisible();
  await expect(summary.getByRole('list', { name: 'Blood pressure categories' }).getByRole('listitem')).toHaveCount(5);
  for (const chart of ['bp', 'hr', 'weight', 'sugar']) {
    await expect(visitor.page.locator(`[data-chart="${chart}"]`)).toBeVisible();
  }
  const readings = visitor.page.getByRole('table', { name: 'Readings, newest first' });
  await expect(readings.getByRole('row')).toHaveCount(26);
  await expect(visitor.page.getByText('Showing 1 to 25 of 40 records')).toBeVisible();
  await expect(readings).toContainText('after tea');
  await expect(visitor.page.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', /\/api\/shared\/[A-Za-z0-9_-]{43}\/report\.pdf$/);
  expect(visitor.apiCalls.every((call) => call.startsWith('GET /api/shared/'))).toBe(true);
  expect(visitor.apiCalls).toHaveLength(1);

  await expectNoAxeViolations(visitor.page);
  await visitor.page.screenshot({ path: shot('clinician-view-1280'), fullPage: true });
  // The same page on a phone (resized, not reloaded: a reload is another opening).
  await visitor.page.setViewportSize({ width: 375, height: 812 });
  const bpCanvas = visitor.page.locator('[data-chart="bp"] canvas');
  await expect.poll(() => bpCanvas.evaluate((c) => c.getBoundingClientRect().width)).toBeLessThan(375);
  expect(await visitor.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(visitor.page);
  await visitor.page.screenshot({ path: shot('clinician-view-375'), fullPage: true });
  await visitor.page.setViewportSize({ width: 1280, height: 900 });

  // The owner sees the opening and its log line.
  await page.reload();
  const row = shareRow(page, label);
  await expect(row).toContainText('Opened 1 time');
  await row.getByRole('button', { name: 'Who opened it' }).click();
  const log = row.getByRole('list', { name: `Who opened ${label}` });
  await expect(log.getByRole('listitem')).toHaveCount(1);
  await expect(log.getByRole('listitem')).toContainText('Viewed');

  // The PDF of the same record, from the stranger's side.
  const pdf = await visitor.context.request.get(
    (await visitor.page.getByRole('link', { name: 'Download PDF' }).getAttribute('href')) ?? '',
  );
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');

  // Stop sharing: the stranger's reload is told the link is gone.
  await row.getByRole('button', { name: 'Stop sharing' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Stop sharing' });
  await dialog.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Stopped');

  await visitor.page.reload();
  await expect(visitor.page.getByRole('heading', { level: 1, name: 'This link is no longer available' })).toBeVisible();
  await expect(visitor.page.getByText('It may have expired or been withdrawn; ask for a new one.')).toBeVisible();
  await expectNoAxeViolations(visitor.page);
  await visitor.page.screenshot({ path: shot('gone-1280'), fullPage: true });
  await visitor.page.setViewportSize({ width: 375, height: 812 });
  await visitor.page.screenshot({ path: shot('gone-375'), fullPage: true });
  await visitor.context.close();
});

/** A share made through the API (the card's own flow is the first test's): returns its link. */
async function createShareByApi(request: APIRequestContext, share: NewShare & { accessCode: string }): Promise<string> {
  const res = await request.post('/api/shares', {
    data: {
      label: share.label,
      shownName: share.shownName,
      periodKind: 'rolling',
      days: 30,
      includeHeartRate: true,
      includeWeight: false,
      includeBloodSugar: false,
      includeNotes: false,
      includeMedications: false,
      lifetimeDays: 7,
      accessCode: share.accessCode,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { link: string }).link;
}

test('a share with an access code asks for it, refuses a wrong one and opens with the right one', async ({ page, request, mailbox, browser, baseURL }) => {
  const account = await verifiedAccount(request, mailbox, 'code');
  await signIn(page, account);
  await subscribe(page.request);
  await seedReadings(page.request, readingsForDays(5));
  const shownName = 'Bob Example';
  const link = await createShareByApi(page.request, { label: `Nurse ${account.username}`, shownName, accessCode: 'tulip-4821' });

  const visitor = await stranger(browser, baseURL);
  await visitor.page.setViewportSize({ width: 375, height: 812 });
  await visitor.page.goto(link);
  await expect(visitor.page.getByRole('heading', { level: 1, name: 'Enter the access code' })).toBeVisible();
  await expect(visitor.page.getByText('This record is protected. Enter the access code you were given.')).toBeVisible();
  const code = visitor.page.getByRole('textbox', { name: 'Access code' });
  await code.fill('wrong-code');
  await visitor.page.getByRole('button', { name: 'Open the record' }).click();
  await expect(visitor.page.getByText('That access code is not right.')).toBeVisible();
  await expectNoAxeViolations(visitor.page);
  await visitor.page.screenshot({ path: shot('code-form-375'), fullPage: true });

  await code.fill('tulip-4821');
  await visitor.page.getByRole('button', { name: 'Open the record' }).click();
  await recordShown(visitor.page, shownName);
  await expect(visitor.page.locator('[data-chart="hr"]')).toBeVisible();
  await expect(visitor.page.locator('[data-chart="weight"]')).toHaveCount(0);
  // The unlock lasts for this browser: a reload opens the record directly.
  await visitor.page.reload();
  await recordShown(visitor.page, shownName);
  await visitor.context.close();
});
