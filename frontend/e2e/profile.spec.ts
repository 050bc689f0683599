// The /profile page against the real server: test-mode payment, personal information,
// password change and preferences, each checked after a reload; plus screenshots.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, loginThroughUi, signIn, test, verifiedAccount } from './fixtures';
import { RESULTS_DIR } from './vitalog-server';

/** MM/DD/YYYY in the browser's (and this machine's) time zone, as the page shows it. */
function mmddyyyy(date: Date): string {
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  const dd = String(date.getDate()).padStart(2, '0');
  return `${mm}/${dd}/${date.getFullYear()}`;
}

/** Today plus 12 calendar months, with a day either side for runs across midnight. */
function oneYearAheadLabels(): string[] {
  const labels: string[] = [];
  for (const offset of [-1, 0, 1]) {
    const date = new Date();
    date.setFullYear(date.getFullYear() + 1);
    date.setDate(date.getDate() + offset);
    labels.push(mmddyyyy(date));
  }
  return labels;
}

function section(page: Page, id: string): ReturnType<Page['locator']> {
  return page.locator(`#${id}`);
}

test('subscribe in test mode: the order is activated and the subscription runs one year', async ({ page, request, mailbox }) => {
  const account = await verifiedAccount(request, mailbox, 'sub');
  await signIn(page, account);
  await page.goto('/profile#profile-subscription');
  const subscription = section(page, 'profile-subscription');
  await expect(subscription.getByTestId('subscription-active-until')).toHaveText('N/A');
  await expect(subscription.getByText('Test mode — no money moves')).toBeVisible();
  await expect(subscription).toBeInViewport();

  const orders = page.waitForResponse((r) => r.url().endsWith('/api/subscription/orders') && r.status() === 201);
  const activation = page.waitForResponse((r) => r.url().endsWith('/api/subscription/activate'));
  await subscription.getByRole('button', { name: 'Pay 5 USD (test payment)' }).click();
  await orders;
  expect((await activation).status()).toBe(200);

  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Subscription activated');
  const until = subscription.getByTestId('subscription-active-until');
  await expect(until).not.toHaveText('N/A');
  expect(oneYearAheadLabels()).toContain((await until.textContent())?.trim());
  await expect(subscription.getByText('Active', { exact: true })).toBeVisible();

  // The 1 s refetch and a reload both read the server's state.
  const refetch = await page.waitForResponse((r) => r.url().endsWith('/api/user/subscription'), { timeout: 5_000 });
  expect(refetch.status()).toBe(200);
  await page.reload();
  expect(oneYearAheadLabels()).toContain((await section(page, 'profile-subscription').getByTestId('subscription-active-until').textContent())?.trim());
});

test('a return to /profile?payment=success with the order id activates it once', async ({ page, request, mailbox }) => {
  const account = await verifiedAccount(request, mailbox, 'ret');
  await loginThroughUi(page, account);
  // The order is created by the server for this session, as PayPal's buttons would.
  const order = await page.request.post('/api/subscription/orders');
  expect(order.status()).toBe(201);
  const { id } = (await order.json()) as { id: string };
  // What the payment button leaves in this tab before the trip to PayPal (payment.ts).
  await page.evaluate((orderId) => {
    sessionStorage.setItem('vitalog.paymentPending', JSON.stringify({ orderId, at: Date.now() }));
  }, id);

  let activations = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/subscription/activate')) activations += 1;
  });
  const activation = page.waitForResponse((r) => r.url().endsWith('/api/subscription/activate'));
  await page.goto(`/profile?payment=success&token=${encodeURIComponent(id)}&PayerID=TESTPAYER`);
  expect((await activation).status()).toBe(200);
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Subscription activated');
  await expect(page).toHaveURL(/\/profile#profile-subscription$/);
  const until = section(page, 'profile-subscription').getByTestId('subscription-active-until');
  await expect(until).not.toHaveText('N/A');
  expect(oneYearAheadLabels()).toContain((await until.textContent())?.trim());
  // The 1 s refetch has come and gone: still one activation.
  await page.waitForResponse((r) => r.url().endsWith('/api/user/subscription'), { timeout: 5_000 });
  expect(activations).toBe(1);
});

test('/profile?payment=success tells a user who started no payment nothing (issue 14.8)', async ({ page, request, mailbox }) => {
  const account = await verifiedAccount(request, mailbox, 'nopay');
  await signIn(page, account);
  await page.goto('/profile?payment=success');
  await expect(page).toHaveURL(/\/profile#profile-subscription$/);
  // A pending payment would show "Confirming your payment…" from the moment the URL is
  // tidied until the 1 s refetch; nothing is waiting here.
  await expect(page.getByText('Confirming your payment…')).toHaveCount(0);
  await expect(page.getByText("Your payment was processed, but we couldn't activate")).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Notifications' })).not.toContainText('Subscription activation failed');
  await expect(section(page, 'profile-subscription').getByTestId('subscription-active-until')).toHaveText('N/A');
});

test('personal information is saved and kept after a reload', async ({ page, request, mailbox }) => {
  const account = await verifiedAccount(request, mailbox, 'pers');
  await signIn(page, account);
  await page.goto('/profile');
  const personal = section(page, 'profile-personal');
  const save = personal.getByRole('button', { name: 'Save changes' });
  await expect(personal.getByLabel('Email')).toHaveValue(account.email);
  await expect(personal.getByLabel('Gender')).toHaveValue('other');
  await expect(save).toBeDisabled();

  await personal.getByLabel('Email').fill('not-an-email');
  await personal.getByLabel('Email').blur();
  await expect(personal.getByText('Please enter a valid email address.')).toBeVisible();
  await personal.getByLabel('Email').fill(account.email);

  await personal.getByLabel('First name').fill('Ada');
  await personal.getByLabel('Last name').fill('Lovelace');
  await personal.getByLabel('Date of birth').fill('1985-12-10');
  await personal.getByLabel('Gender').selectOption('prefer-not-to-say');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Profile updated');
  await expect(save).toBeDisabled();
  await expect(page.getByRole('banner')).toContainText('Ada Lovelace');

  await page.reload();
  const reloaded = section(page, 'profile-personal');
  await expect(reloaded.getByLabel('First name')).toHaveValue('Ada');
  await expect(reloaded.getByLabel('Last name')).toHaveValue('Lovelace');
  await expect(reloaded.getByLabel('Date of birth')).toHaveValue('1985-12-10');
  await expect(reloaded.getByLabel('Gender')).toHaveValue('prefer-not-to-say');
  await expect(reloaded.getByLabel('Email')).toHaveValue(account.email);
});

test('change the password, log out, and log in with the new one', async ({ page, request, mailbox }) => {
  const account = await verifiedAccount(request, mailbox, 'pwd');
  const newPassword = 'N3w!Secure&Pass';
  await signIn(page, account);
  await page.goto('/profile#profile-security');
  const security = section(page, 'profile-security');
  const submit = security.getByRole('button', { name: 'Change password' });
  await expect(submit).toBeDisabled();

  await security.getByLabel('Current password', { exact: true }).fill(account.password);
  await security.getByLabel('New password', { exact: true }).fill('short');
  await security.getByLabel('Confirm new password', { exact: true }).fill('other');
  await security.getByLabel('Confirm new password', { exact: true }).blur();
  await expect(security.getByText('Password must be at least 8 characters.')).toBeVisible();
  await expect(security.getByText('Passwords do not match.')).toBeVisible();
  await expect(submit).toBeDisabled();

  await security.getByLabel('New password', { exact: true }).fill(newPassword);
  await expect(security.getByTestId('password-strength')).toContainText('Strong');
  await security.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Password changed');
  await expect(security.getByLabel('Current password', { exact: true })).toHaveValue('');
  await expect(security.getByLabel('New password', { exact: true })).toHaveValue('');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByLabel('Username', { exact: true }).fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid username or password');

  await loginThroughUi(page, { username: account.username, password: newPassword });
});

test('preferences are saved and kept after a reload', async ({ page, request, mailbox }) => {
  const account = await verifiedAccount(request, mailbox, 'pref');
  await signIn(page, account);
  await page.goto('/profile#profile-preferences');
  const prefs = section(page, 'profile-preferences');
  const save = prefs.getByRole('button', { name: 'Save preferences' });
  await expect(prefs.getByRole('radio', { name: 'Pounds (lbs)' })).toBeChecked();
  await expect(prefs.getByRole('radio', { name: 'mg/dL' })).toBeChecked();
  await expect(save).toBeDisabled();

  await prefs.getByRole('radio', { name: 'Kilograms (kg)' }).check();
  await prefs.getByRole('radio', { name: 'mmol/L' }).check();
  await prefs.getByRole('switch', { name: 'Weekly reports' }).check();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Preferences saved');
  await expect(save).toBeDisabled();

  await page.reload();
  const reloaded = section(page, 'profile-preferences');
  await expect(reloaded.getByRole('radio', { name: 'Kilograms (kg)' })).toBeChecked();
  await expect(reloaded.getByRole('radio', { name: 'mmol/L' })).toBeChecked();
  await expect(reloaded.getByRole('switch', { name: 'Weekly reports' })).toBeChecked();
  await expect(reloaded.getByRole('switch', { name: 'Email reminders' })).not.toBeChecked();
});

test('the page has no axe violations and fits a desktop and a 375 px phone (screenshots)', async ({ page, request, mailbox }) => {
  const dir = process.env.PROFILE_SCREENSHOT_DIR ?? path.join(RESULTS_DIR, 'screenshots');
  mkdirSync(dir, { recursive: true });
  const account = await verifiedAccount(request, mailbox, 'shot');
  await signIn(page, account);
  await page.goto('/profile');
  await expect(section(page, 'profile-personal').getByLabel('Email')).toHaveValue(account.email);
  await expect(section(page, 'profile-subscription').getByText('Test mode — no money moves')).toBeVisible();
  await expect(section(page, 'profile-preferences').getByRole('switch', { name: 'Weekly reports' })).toBeVisible();
  await expectNoAxeViolations(page, '/profile at 1280 px');
  await page.screenshot({ path: path.join(dir, 'profile-desktop.png'), fullPage: true });

  const subscription = section(page, 'profile-subscription');
  await subscription.getByRole('button', { name: 'Pay 5 USD (test payment)' }).click();
  await expect(subscription.getByText('Payment received')).toBeVisible();
  await subscription.screenshot({ path: path.join(dir, 'profile-subscription-active.png') });

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/profile#profile-security');
  await expect(section(page, 'profile-security')).toBeInViewport();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'no horizontal scrolling on a phone').toBeLessThanOrEqual(0);
  const security = section(page, 'profile-security');
  await security.getByLabel('New password', { exact: true }).fill('Abc12345');
  await security.getByLabel('Confirm new password', { exact: true }).fill('Abc');
  await security.getByLabel('Current password', { exact: true }).focus();
  await security.getByLabel('Current password', { exact: true }).blur();
  await expect(security.getByText('Passwords do not match.')).toBeVisible();
  await expectNoAxeViolations(page, '/profile at 375 px with errors');
  await page.screenshot({ path: path.join(dir, 'profile-phone.png'), fullPage: true });
  await page.goto('/profile');
  await expect(section(page, 'profile-personal').getByLabel('Email')).toHaveValue(account.email);
  await page.screenshot({ path: path.join(dir, 'profile-phone-top.png') });
});
