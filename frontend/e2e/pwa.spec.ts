// Installable and the shell offline (issue 19): the manifest, the service worker, the offline
// banner, pages that need the server, and the "new version" prompt.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';
import { expect, expectNoAxeViolations, loginThroughUi, test, verifiedAccount } from './fixtures';
import { DIST_DIR, reviewShotPath } from './vitalog-server';

/** Resolves once a service worker controls the page (the first install claims it). */
async function waitForControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

/** Every URL in the page's Cache Storage. */
async function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(request.url);
    }
    return urls;
  });
}

/** A link of the main menu (the brand is also a link to the dashboard). */
function nav(page: Page, name: string): Locator {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
}

/** Viewport screenshots at 1280 and 375 px wide (the fixed prompt is where it would be seen). */
async function shots(page: Page, name: string): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await page.screenshot({ path: reviewShotPath('pwa', `${name}-${width}`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): string {
  return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
}

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

test('installable: manifest, icons, a controlling service worker, no installability errors', async ({ baseURL, request }) => {
  // A profile on disk: Chromium never offers to install from an incognito context, which is
  // what the test's own context is ("in-incognito").
  const profile = mkdtempSync(path.join(tmpdir(), 'vitalog-pwa-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/auth');
    await waitForControl(page);
    await checkInstallable(page, request);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

/** The manifest, the icons, the worker's headers, and Chromium's own verdict. */
async function checkInstallable(page: Page, request: APIRequestContext): Promise<void> {
  const manifestRes = await request.get('/manifest.webmanifest');
  expect(manifestRes.status()).toBe(200);
  expect(manifestRes.headers()['content-type']).toBe('application/manifest+json');
  expect(manifestRes.headers()['cache-control']).toBe('no-cache');
  const swRes = await request.get('/sw.js');
  expect(swRes.headers()['content-type']).toMatch(/javascript/);
  expect(swRes.headers()['cache-control']).toBe('no-cache');

  const cdp = await page.context().newCDPSession(page);
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data: string };
  expect(new URL(manifest.url).pathname).toBe('/manifest.webmanifest');
  expect(manifest.errors).toEqual([]);
  const data = JSON.parse(manifest.data) as Record<string, unknown> & { icons: ManifestIcon[] };
  expect(data).toMatchObject({
    name: 'Vitalog',
    short_name: 'Vitalog',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#0f6e6e',
    background_color: '#f4f7f8',
  });
  const icons = data.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
  expect(icons).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of [...data.icons, { src: '/icons/apple-touch-icon-180.png', sizes: '180x180', type: 'image/png' }]) {
    const res = await request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
    expect(pngSize(await res.body()), icon.src).toBe(icon.sizes);
  }
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/apple-touch-icon-180.png');

  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  expect(installabilityErrors).toEqual([]);

  const registration = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    return { scope: reg?.scope, script: reg?.active?.scriptURL, controller: navigator.serviceWorker.controller?.scriptURL };
  });
  expect(new URL(registration.scope ?? '').pathname).toBe('/');
  expect(new URL(registration.controller ?? '').pathname).toBe('/sw.js');
}

test('offline: the banner, pages that need the server, and a reload opens the cached shell', async ({ page, request, mailbox, context }) => {
  const account = await verifiedAccount(request, mailbox, 'pwa');
  await loginThroughUi(page, account);
  await waitForControl(page);
  // Reports, profile and history were fetched: none of their answers may be in a cache.
  await nav(page, 'History').click();
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  await nav(page, 'Dashboard').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  const cached = (await cachedUrls(page)).map((url) => new URL(url).pathname);
  expect(cached).toContain('/index.html');
  expect(cached.some((p) => p.startsWith('/assets/') && p.endsWith('.js'))).toBe(true);
  expect(cached.filter((p) => p.startsWith('/api') || p.startsWith('/health'))).toEqual([]);

  const banner = page.getByRole('status').filter({ hasText: "You're offline." });
  await expect(banner).toHaveCount(0);
  await context.setOffline(true);
  await expect(banner).toBeVisible();
  await expect(banner).toContainText("Pages that need the server will load when you're back.");
  await shots(page, 'offline-banner');

  // Reports' code comes from the precache; its data needs the server.
  await nav(page, 'Reports').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const card = page.getByRole('region', { name: "You're offline" });
  await expect(card).toContainText("Reports needs a connection; it will load when you're back.");
  await shots(page, 'needs-connection');
  await expectNoAxeViolations(page);

  // A reload with no network: the worker answers with the cached shell, not the browser's error page.
  const response = await page.reload();
  expect(response?.fromServiceWorker()).toBe(true);
  await expect(page.locator('.brand-name').first()).toHaveText('Vitalog');
  await expect(banner).toBeVisible();

  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
});

test('a new release: "A new version is available — Reload" loads it', async ({ page, request, mailbox }) => {
  const account = await verifiedAccount(request, mailbox, 'pwaupd');
  await loginThroughUi(page, account);
  await waitForControl(page);
  const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
  await expect(prompt).toHaveCount(0);

  // A new build is a different sw.js: the same file with one more byte is enough.
  const swPath = path.join(DIST_DIR, 'sw.js');
  const original = readFileSync(swPath);
  try {
    writeFileSync(swPath, Buffer.concat([original, Buffer.from('\n// next release\n')]));
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((reg) => reg?.update()));
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    await expect(prompt.getByRole('button', { name: 'Reload' })).toBeVisible();
    await shots(page, 'update-prompt');
    await expectNoAxeViolations(page);

    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(prompt).toHaveCount(0);
    // Nothing waits any more: the new worker took over (a worker still waiting would bring
    // the prompt back on this load).
    const waiting = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null);
    expect(waiting).toBeNull();
  } finally {
    writeFileSync(swPath, original);
  }
});
