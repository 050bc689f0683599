// Dark mode (issue 19): every screen in the dark theme with axe clean at 1280 and 375 px and
// a screenshot for a person to look at (test-results/shots/dark-*.png); the choice in
// Preferences remembered on the device, applied before React renders, and the charts
// redrawn in the new theme's colours.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, expectSettled, loginThroughUi, signIn, test, verifiedAccount } from './fixtures';
import { isoDate, readingsForDays, seedReadings, subscribe, type SeedReading } from './readings-fixtures';
import { RESULTS_DIR } from './vitalog-server';

const SHOTS = path.join(RESULTS_DIR, 'shots');
mkdirSync(SHOTS, { recursive: true });

// The system is dark: the default choice (System) follows it. Reduced motion: the app then
// moves nothing, so what is visible is final (see expectSettled).
test.use({ colorScheme: 'dark', reducedMotion: 'reduce' });

const WIDTHS = [1280, 375] as const;

async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `dark-${name}.png`), fullPage });
}

/** The document is in the dark theme: its background is the dark palette's, not white. */
async function expectDark(page: Page): Promise<void> {
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r = 255, g = 255, b = 255] = (bg.match(/\d+/g) ?? []).map(Number);
  expect(r + g + b, `body background ${bg}`).toBeLessThan(150);
}

interface Screen {
  name: string;
  path: string;
  ready: (page: Page) => Promise<void>;
}

const setWidth = (page: Page, width: (typeof WIDTHS)[number]): Promise<void> =>
  page.setViewportSize({ width, height: width === 375 ? 812 : 900 });

/**
 * Each screen opened once, then at each width (resized in place: the layout follows the
 * width, a second load would only repeat the first): wait for it, check it is dark and
 * axe-clean, shoot it.
 */
async function checkScreens(page: Page, screens: ReadonlyArray<Screen>): Promise<void> {
  for (const screen of screens) {
    await setWidth(page, WIDTHS[0]);
    await page.goto(screen.path);
    await screen.ready(page);
    for (const width of WIDTHS) {
      await setWidth(page, width);
      await chartsFit(page);
      await expectSettled(page);
      await expectDark(page);
      await expectNoAxeViolations(page, `${screen.name} at ${width}px`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shoot(page, `${screen.name}-${width}`);
    }
  }
}

const painted = async (page: Page): Promise<void> => {
  const charts = page.locator('.trend-chart');
  await expect(charts.first()).toBeVisible();
  for (const chart of await charts.all()) await expect(chart).toHaveAttribute('data-painted', 'true');
};

/** Every chart has been redrawn at its box's width (chart.js resizes on the next frame after its box does). */
async function chartsFit(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLCanvasElement>('.trend-chart canvas')).every(
          (canvas) => Math.abs(canvas.getBoundingClientRect().width - (canvas.parentElement?.clientWidth ?? 0)) < 1,
        ),
      ),
    )
    .toBe(true);
}

const heading = (name: string) => async (page: Page) => expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

test('public screens are dark and axe-clean at 1280 and 375 px', async ({ page }) => {
  test.setTimeout(180_000);
  await checkScreens(page, [
    { name: 'auth-login', path: '/auth', ready: async (p) => expect(p.getByRole('button', { name: 'Login' })).toBeVisible() },
    {
      name: 'auth-register-errors',
      path: '/auth',
      ready: async (p) => {
        await p.getByRole('tab', { name: 'Register' }).click();
        await p.getByLabel('Password', { exact: true }).fill('Vital!ty');
        await p.getByRole('button', { name: 'Create Account' }).click();
        await expect(p.getByText('You must agree to the terms and conditions.')).toBeVisible();
      },
    },
    { name: 'password-reset', path: '/password-reset-request', ready: async (p) => expect(p.getByRole('heading', { name: 'Reset your password' })).toBeVisible() },
    { name: 'terms', path: '/terms-of-service', ready: heading('Terms of Service') },
    { name: 'not-found', path: '/no/such/page', ready: async (p) => expect(p.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible() },
  ]);
});

const empty = { systolic: null, diastolic: null, heartRate: null, weight: null, bloodSugar: null, notes: null };

/** A month of readings, one in the crisis range yesterday (a marked point, a crisis badge). */
function monthOfReadings(now: Date): SeedReading[] {
  const yesterday = isoDate(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1));
  return [...readingsForDays(30, 2, now), { ...empty, date: yesterday, time: '12:00', systolic: 186, diastolic: 121, heartRate: 96 }];
}

const day = (offset: number): string => {
  const now = new Date();
  return isoDate(new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset));
};

test('every signed-in screen, dialog and the shared view are dark and axe-clean at 1280 and 375 px', async ({ page, request, mailbox, browser, baseURL }) => {
  test.setTimeout(600_000);
  const account = await verifiedAccount(request, mailbox, 'dark');
  await signIn(page, account);
  await subscribe(page.request);
  await seedReadings(page.request, monthOfReadings(new Date()));
  const med = await page.request.post('/api/medications', {
    data: { name: 'Amlodipine', strength: 5, unit: 'mg', form: 'tablet', frequency: 'once-daily', times: ['08:00'], startDate: day(-12) },
  });
  expect(med.status(), await med.text()).toBe(201);
  const { id: medId } = (await med.json()) as { id: number };
  const share = await page.request.post('/api/shares', {
    data: { label: 'Dr Dark', shownName: 'Dana Dark', periodKind: 'rolling', days: 30, includeHeartRate: true, includeWeight: true, includeBloodSugar: true, includeNotes: true, includeMedications: true, lifetimeDays: 7 },
  });
  expect(share.status(), await share.text()).toBe(201);
  const { link } = (await share.json()) as { link: string };
  // A generated report: its row carries the PDF's View and Download links.
  await page.goto('/reports');
  await page.getByRole('form', { name: 'Create Report' }).getByRole('button', { name: 'Generate Report' }).click();
  await expect(page.getByRole('heading', { name: 'Report generated' })).toBeVisible();

  await checkScreens(page, [
    { name: 'dashboard', path: '/', ready: painted },
    { name: 'record-vitals', path: '/vitals', ready: heading('Record Vitals') },
    { name: 'guided', path: '/vitals/guided', ready: async (p) => expect(p.getByRole('heading', { level: 1 }).first()).toBeVisible() },
    { name: 'history', path: '/history', ready: async (p) => expect(p.getByRole('table')).toBeVisible() },
    { name: 'home-week', path: '/home-week', ready: async (p) => expect(p.getByRole('heading', { level: 1 }).first()).toBeVisible() },
    { name: 'medications', path: '/medications', ready: async (p) => expect(p.getByText('Amlodipine').first()).toBeVisible() },
    { name: 'medication', path: `/medications/${medId}`, ready: async (p) => expect(p.getByRole('heading', { level: 1, name: /Amlodipine/ })).toBeVisible() },
    { name: 'reports', path: '/reports', ready: async (p) => expect(p.getByRole('list', { name: 'Generated reports' })).toBeVisible() },
    { name: 'profile', path: '/profile', ready: async (p) => expect(p.getByRole('radio', { name: 'System' })).toBeChecked() },
  ]);

  // Dialogs, a chart's tooltip and the phone menu, each opened once and seen at both widths.
  const dialogs = [
    { name: 'delete-reading', path: '/history', open: /^Delete reading of /, title: 'Delete this reading?' },
    { name: 'delete-medication', path: `/medications/${medId}`, open: /^Delete/, title: 'Delete Amlodipine?' },
  ];
  for (const dialog of dialogs) {
    await setWidth(page, WIDTHS[0]);
    await page.goto(dialog.path);
    await page.getByRole('button', { name: dialog.open }).first().click();
    await expect(page.getByRole('alertdialog', { name: dialog.title })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeFocused();
    for (const width of WIDTHS) {
      await setWidth(page, width);
      await expectSettled(page);
      await expectNoAxeViolations(page, `${dialog.name} dialog at ${width}px`);
      await shoot(page, `dialog-${dialog.name}-${width}`, false);
    }
    await page.getByRole('button', { name: 'Cancel' }).click();
  }

  await setWidth(page, WIDTHS[0]);
  await page.goto('/');
  await painted(page);
  const bp = page.getByRole('region', { name: 'Blood Pressure Trends' });
  const canvas = bp.locator('canvas');
  for (const width of WIDTHS) {
    await setWidth(page, width);
    await chartsFit(page);
    await canvas.scrollIntoViewIfNeeded();
    const box = await canvas.boundingBox();
    if (!box) throw new Error('no canvas');
    await page.mouse.move(box.x + box.width - 40, box.y + box.height / 2);
    await expect(bp.locator('.chart-tooltip')).toBeVisible();
    await expectSettled(page);
    await expectNoAxeViolations(page, `chart tooltip at ${width}px`);
    await bp.screenshot({ path: path.join(SHOTS, `dark-chart-tooltip-${width}.png`) });
    await page.mouse.move(0, 0);
    await expect(bp.locator('.chart-tooltip')).toBeHidden();
  }
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeInViewport({ ratio: 1 });
  await expectSettled(page);
  await expectNoAxeViolations(page, 'menu at 375px');
  await shoot(page, 'menu-375', false);

  // The shared view, as the clinician opens it (no session, a dark system).
  const visitor = await browser.newContext({ baseURL, colorScheme: 'dark' });
  const clinician = await visitor.newPage();
  await checkScreens(clinician, [{ name: 'shared-view', path: link, ready: painted }]);
  await visitor.close();
});

/** Records, in the page, the theme <html> had when React first put something in #root. */
async function recordThemeAtFirstRender(page: Page): Promise<void> {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const root = document.getElementById('root');
      if (root && root.childElementCount > 0) {
        document.documentElement.dataset.themeAtFirstRender = document.documentElement.getAttribute('data-theme') ?? 'none';
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** A PNG of the chart's canvas: compared before and after a theme change. */
const canvasShot = (chart: Locator): Promise<Buffer> => chart.locator('canvas').screenshot();

test('the choice is made in Preferences, remembered across reloads and sign-out, applied before React renders; charts redraw', async ({ page, request, mailbox }) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ colorScheme: 'light' });
  await recordThemeAtFirstRender(page);
  const account = await verifiedAccount(request, mailbox, 'choice');
  await loginThroughUi(page, account);
  await subscribe(page.request);
  await seedReadings(page.request, readingsForDays(10));
  const html = page.locator('html');

  await page.goto('/');
  await painted(page);
  const bp = page.getByRole('region', { name: 'Blood Pressure Trends' });
  const lightChart = await canvasShot(bp);

  // Dark, chosen in Preferences on a light system: applied at once, no Save.
  await page.goto('/profile#profile-preferences');
  const appearance = page.getByRole('group', { name: 'Appearance' });
  await expect(appearance.getByRole('radio', { name: 'System' })).toBeChecked();
  await appearance.getByRole('radio', { name: 'Dark' }).check();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expectDark(page);
  await expect(page.locator('meta[name="color-scheme"]')).toHaveAttribute('content', 'dark');

  // Remembered: after a reload it was there before React's first render.
  await page.goto('/');
  await painted(page);
  await expect(html).toHaveAttribute('data-theme-at-first-render', 'dark');
  await expectDark(page);
  const darkChart = await canvasShot(bp);
  expect(darkChart.equals(lightChart)).toBe(false);
  await shoot(page, 'chosen-dark-on-light-system-1280', false);

  // A printout is light: the page and its charts turn light for paper, and back afterwards.
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect.poll(async () => (await canvasShot(bp)).equals(darkChart)).toBe(false);
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await expect(html).toHaveAttribute('data-theme', 'dark');

  // The charts redraw when the theme changes under them: System, then the system turns light/dark.
  await page.evaluate(() => localStorage.setItem('vitalog.theme', 'system'));
  await page.reload();
  await painted(page);
  await expect(html).not.toHaveAttribute('data-theme', /./);
  const systemLight = await canvasShot(bp);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(async () => (await canvasShot(bp)).equals(systemLight)).toBe(false);
  await expectDark(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() => localStorage.setItem('vitalog.theme', 'dark'));
  await page.reload();

  // The device keeps it after sign-out: the sign-in page is dark too.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth/);
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expectDark(page);
  await shoot(page, 'chosen-dark-auth-1280', false);

  // Light, chosen on a dark system.
  await page.emulateMedia({ colorScheme: 'dark' });
  await signIn(page, account);
  await page.goto('/profile#profile-preferences');
  await page.getByRole('group', { name: 'Appearance' }).getByRole('radio', { name: 'Light' }).check();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(page.getByRole('group', { name: 'Appearance' }).getByRole('radio', { name: 'Light' })).toBeChecked();
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(bg).toBe('rgb(244, 247, 248)');
});
