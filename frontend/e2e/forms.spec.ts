// Messages appearing on blur must not move the submit button from under the pointer
// (issue 14, items 4 and 5): one click on submit is one submit.
import type { Locator, Page } from '@playwright/test';
import { expect, linkFromEmail, loginThroughUi, newAccount, test, verifiedAccount } from './fixtures';

/**
 * Presses and releases the mouse over `button` like a person does: the press moves focus
 * (the focused field blurs and validates) and the release comes a couple of frames later,
 * at the same spot.
 */
async function humanClick(page: Page, button: Locator): Promise<void> {
  await button.scrollIntoViewIfNeeded();
  const box = await button.boundingBox();
  if (!box) throw new Error('button not rendered');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  // Two animation frames: whatever the blur renders is on screen before the release.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.mouse.up();
}

test('login: with the empty username focused, one click on Login submits', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Username', { exact: true }).focus();
  await humanClick(page, page.getByRole('button', { name: 'Login' }));
  // The submit's messages, both fields (the blur alone would only flag the username).
  await expect(page.getByText('Username is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByLabel('Username', { exact: true })).toBeFocused();
});

test('register: one click shows every message, the terms one included', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByLabel('Username', { exact: true }).fill('ab');
  await page.getByLabel('Password', { exact: true }).fill('weak');
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill('other');
  // The fields left so far show their messages already (the layout is settled before the press).
  await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();
  await expect(page.getByText('Passwords do not match.')).toBeHidden();
  await humanClick(page, page.getByRole('button', { name: 'Create Account' }));
  for (const message of [
    'Please enter a valid email address.',
    'Username must be at least 3 characters.',
    'Password must be at least 8 characters.',
    'Passwords do not match.',
    'You must agree to the terms and conditions.',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await expect(page.getByLabel('Email')).toBeFocused();
});

test('report email: with the empty recipient focused, one click on Send Report submits', async ({ page, request, mailbox }) => {
  const account = await verifiedAccount(request, mailbox, 'formrep');
  await loginThroughUi(page, account);
  const day = new Date().toISOString().slice(0, 10);
  await page.route('**/api/reports', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    return route.fulfill({
      json: [
        {
          id: 7,
          userId: 1,
          name: 'Blood pressure report',
          type: 'bp',
          dateStart: day,
          dateEnd: day,
          includeCharts: true,
          includeTable: true,
          includeAnalysis: true,
          dateGenerated: new Date().toISOString(),
        },
      ],
    });
  });
  let sent = 0;
  await page.route('**/api/reports/email', async (route) => {
    sent += 1;
    return route.fulfill({ status: 500, json: { message: 'not expected' } });
  });
  await page.goto('/reports');
  const form = page.getByRole('form', { name: 'Email Report' });
  await expect(form.getByLabel('Report')).toHaveValue('7');
  await form.getByLabel('Subject').fill('');
  await form.getByLabel('Recipient email').focus();
  await expect(form.getByText('Subject is required')).toBeVisible();
  await humanClick(page, form.getByRole('button', { name: 'Send Report' }));
  // The submit ran: the recipient's message, and focus on the first invalid field (the button kept it otherwise).
  await expect(form.getByText('Please enter a recipient email address.')).toBeVisible();
  await expect(form.getByLabel('Recipient email')).toBeFocused();
  expect(sent).toBe(0);
});

test('login ends in the native form post (for password managers), after the JSON call', async ({ page, request, mailbox }) => {
  const account = await verifiedAccount(request, mailbox, 'native');
  await page.goto('/auth');
  await page.getByLabel('Username', { exact: true }).fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/login') posts.push(r.headers()['content-type'] ?? '');
  });
  const native = page.waitForRequest(
    (r) => r.isNavigationRequest() && r.method() === 'POST' && new URL(r.url()).pathname === '/api/login',
  );
  await page.getByRole('button', { name: 'Login' }).click();
  const form = await native;
  const fields = new URLSearchParams(form.postData() ?? '');
  expect(fields.get('username')).toBe(account.username);
  expect(fields.get('password')).toBe(account.password);
  expect(fields.get('redirect')).toBe('/');
  expect(Number(fields.get('timestamp'))).toBeGreaterThan(0);
  expect((await form.response())?.status()).toBe(303);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  expect(posts).toEqual(['application/json', 'application/x-www-form-urlencoded']);
});

test('register ends in the native form post, answered /verify-pending without registering again', async ({ page, mailbox }) => {
  const account = newAccount('nativereg');
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Username', { exact: true }).fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill(account.password);
  await page.getByRole('checkbox', { name: /I am 18 or older/ }).check();
  const native = page.waitForRequest(
    (r) => r.isNavigationRequest() && r.method() === 'POST' && new URL(r.url()).pathname === '/api/register',
  );
  await page.getByRole('button', { name: 'Create Account' }).click();
  const form = await native;
  expect(new URLSearchParams(form.postData() ?? '').get('username')).toBe(account.username);
  const answer = await form.response();
  expect(answer?.status()).toBe(303);
  expect(answer?.headers()['location']).toBe(`/verify-pending?email=${encodeURIComponent(account.email)}&registered=1`);
  await expect(page.getByText('Thanks for registering.')).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();
  await linkFromEmail(mailbox, account.email, '/verify-email/');
});
