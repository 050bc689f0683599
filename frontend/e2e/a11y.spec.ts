import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, expectSettled, loginThroughUi, test, verifiedAccount } from './fixtures';
import { RESULTS_DIR } from './vitalog-server';

const SHOTS = path.join(RESULTS_DIR, 'screenshots');
mkdirSync(SHOTS, { recursive: true });

// The app moves nothing under reduced motion: what is visible is final (see expectSettled).
test.use({ reducedMotion: 'reduce' });

interface Screen {
  name: string;
  path: string;
  ready: (page: Page) => Promise<void>;
}

const publicScreens: Screen[] = [
  {
    name: 'auth-login',
    path: '/auth',
    ready: async (page) => expect(page.getByRole('button', { name: 'Login' })).toBeVisible(),
  },
  {
    name: 'auth-register',
    path: '/auth',
    ready: async (page) => {
      await page.getByRole('tab', { name: 'Register' }).click();
      await page.getByLabel('Password', { exact: true }).fill('Vital!ty');
      await expect(page.getByTestId('password-strength')).toBeVisible();
      await page.getByLabel('Password', { exact: true }).blur();
    },
  },
  {
    name: 'auth-register-errors',
    path: '/auth',
    ready: async (page) => {
      await page.getByRole('tab', { name: 'Register' }).click();
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page.getByText('You must agree to the terms and conditions.')).toBeVisible();
    },
  },
  {
    name: 'password-reset-request',
    path: '/password-reset-request',
    ready: async (page) => expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible(),
  },
  {
    name: 'reset-password-invalid',
    path: '/reset-password/not-a-real-token',
    ready: async (page) => expect(page.getByRole('alert')).toContainText('invalid or has expired'),
  },
  {
    name: 'verify-pending',
    path: '/verify-pending?email=someone%40example.test',
    ready: async (page) => expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible(),
  },
  {
    name: 'verify-email-failed',
    path: '/verify-email/not-a-real-token',
    ready: async (page) => expect(page.getByRole('heading', { name: 'Verification Failed' })).toBeVisible(),
  },
  {
    name: 'terms-of-service',
    path: '/terms-of-service',
    ready: async (page) => expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible(),
  },
  {
    name: 'privacy-policy',
    path: '/privacy-policy',
    ready: async (page) => expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible(),
  },
  {
    name: 'not-found',
    path: '/this/does/not/exist',
    ready: async (page) => expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible(),
  },
];

/** The screen opened once, then checked and shot at each width (resized in place). */
async function checkAndShoot(page: Page, screen: Screen): Promise<void> {
  await page.goto(screen.path);
  await screen.ready(page);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 812 });
    await expectSettled(page);
    await expectNoAxeViolations(page, `${screen.name} at ${width}px`);
    await page.screenshot({ path: path.join(SHOTS, `${screen.name}-${width}.png`), fullPage: true });
  }
}

for (const screen of publicScreens) {
  test(`${screen.name}: no axe violations; screenshots at 1280 and 375 px`, async ({ page }) => {
    await checkAndShoot(page, screen);
  });
}

test('signed-in shell: no axe violations; screenshots at 1280 and 375 px', async ({ page, request, mailbox }) => {
  const account = await verifiedAccount(request, mailbox, 'shell');
  await loginThroughUi(page, account);
  await checkAndShoot(page, {
    name: 'dashboard-shell',
    path: '/',
    ready: async (p) => expect(p.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible(),
  });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeInViewport({ ratio: 1 });
  await expectSettled(page);
  await page.screenshot({ path: path.join(SHOTS, 'dashboard-shell-menu-375.png') });
});
