import { expect, linkFromEmail, loginThroughUi, newAccount, registerByApi, test, verifiedAccount } from './fixtures';

test('register, follow the emailed verification link, log in and land on the dashboard', async ({ page, mailbox, baseURL }) => {
  const account = newAccount('reg');
  await page.goto('/auth');
  await expect(page.getByText('Your Personal Health Monitor')).toBeVisible();
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Username', { exact: true }).fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await expect(page.getByTestId('password-strength')).toContainText('Strong');
  await page.getByLabel('Confirm Password', { exact: true }).fill(account.password);
  await page.getByRole('checkbox', { name: /I am 18 or older/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();

  // The JSON registration, then the native form post (password managers) answered with 303.
  await expect(page).toHaveURL(`/verify-pending?email=${encodeURIComponent(account.email)}&registered=1`);
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(page.getByText('Thanks for registering.')).toBeVisible();
  await expect(page.getByLabel('Email address')).toHaveValue(account.email);

  const link = await linkFromEmail(mailbox, account.email, '/verify-email/');
  expect(link.startsWith(`${baseURL}/verify-email/`), `link ${link} uses VITALOG_PUBLIC_URL`).toBe(true);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
  await page.getByRole('link', { name: 'Proceed to Login' }).click();
  await expect(page).toHaveURL('/auth');

  await page.getByLabel('Username', { exact: true }).fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(account.username);

  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === 'vitalog_session');
  const presence = cookies.find((c) => c.name === 'vitalog_auth');
  expect(session?.httpOnly, 'session cookie is HttpOnly').toBe(true);
  expect(presence?.httpOnly, 'presence cookie is readable by the page').toBe(false);
});

test('a wrong password shows the red alert', async ({ page, request, mailbox }) => {
  const account = await verifiedAccount(request, mailbox, 'wrong');
  await page.goto('/auth');
  await page.getByLabel('Username', { exact: true }).fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill('Not-the-password1!');
  await page.getByRole('button', { name: 'Login' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Invalid username or password');
  await expect(alert).toHaveClass(/alert-danger/);
  await expect(page).toHaveURL('/auth');
});

test('an unverified account is sent to /verify-pending and can resend the email', async ({ page, request, mailbox }) => {
  const account = newAccount('unv');
  await registerByApi(request, account);
  await mailbox.waitFor(account.email);
  const before = mailbox.count();

  await page.goto('/auth');
  await page.getByLabel('Username', { exact: true }).fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(`/verify-pending?email=${encodeURIComponent(account.email)}`);
  await expect(page.getByLabel('Email address')).toHaveValue(account.email);

  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.locator('.alert-success')).toBeVisible();
  await linkFromEmail(mailbox, account.email, '/verify-email/', before);
});

test('password reset through the emailed link', async ({ page, request, mailbox, baseURL }) => {
  const account = await verifiedAccount(request, mailbox, 'reset');
  const before = mailbox.count();
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/password-reset-request');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(/If an account exists/i);

  const link = await linkFromEmail(mailbox, account.email, '/reset-password/', before);
  expect(link.startsWith(`${baseURL}/reset-password/`)).toBe(true);
  await page.goto(link);
  const newPassword = 'Fresh!Start2026';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Reset' })).toBeVisible();
  await expect(page).toHaveURL('/auth', { timeout: 6_000 });

  // The link is single-use.
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('This password reset link is invalid or has expired.');

  await loginThroughUi(page, { username: account.username, password: newPassword });
});

test('logout ends the session and protected pages send to /auth', async ({ page, request, mailbox }) => {
  const account = await verifiedAccount(request, mailbox, 'out');
  await loginThroughUi(page, account);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/auth');
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  const names = (await page.context().cookies()).map((c) => c.name);
  expect(names).not.toContain('vitalog_auth');
  await page.goto('/reports');
  await expect(page).toHaveURL('/auth');
});

test('a deep link reloads inside the shell while logged in', async ({ page, request, mailbox }) => {
  const account = await verifiedAccount(request, mailbox, 'deep');
  await loginThroughUi(page, account);
  await page.goto('/history');
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
});

test('an authenticated visit to /auth goes to the dashboard', async ({ page, request, mailbox }) => {
  const account = await verifiedAccount(request, mailbox, 'back');
  await loginThroughUi(page, account);
  await page.goto('/auth');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('the phone menu opens, navigates and closes', async ({ page, request, mailbox }) => {
  const account = await verifiedAccount(request, mailbox, 'phone');
  await page.setViewportSize({ width: 375, height: 812 });
  await loginThroughUi(page, account);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Reports' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await nav.getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL('/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Reports' })).toBeHidden();
});

test('unknown paths show the 404 page', async ({ page }) => {
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL('/auth');
});

test('the first load carries no chart code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  expect(scripts.some((s) => /charts/.test(s)), scripts.join(', ')).toBe(false);
});
