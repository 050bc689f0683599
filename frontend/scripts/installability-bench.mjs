#!/usr/bin/env node
// Installability for `make bench`, against a running Vitalog server with the client built.
// Lighthouse 12 dropped its PWA category (and with it the installability audits), so this
// asks Chromium itself over the DevTools protocol, as its "Install" button does:
// Page.getAppManifest (the manifest it found and its parse errors) and
// Page.getInstallabilityErrors (empty when the page is installable). Also measured: the time
// until the service worker controls a first visit, what it precached, and a reload of /
// with the network off (answered by the worker's cached shell).
// Prints Markdown. Exits non-zero when the page is not installable.
//
//   node scripts/installability-bench.mjs --url http://127.0.0.1:8080 [--chromium /usr/bin/chromium]
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
});
if (!args.url) {
  console.error('usage: node scripts/installability-bench.mjs --url URL');
  process.exit(2);
}
const base = args.url.replace(/\/$/, '');
const flags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const kib = (n) => (n / 1024).toFixed(1);

// A profile on disk: Chromium never offers to install from an incognito context, which is
// what a plain new context is ("in-incognito").
const profile = mkdtempSync(path.join(os.tmpdir(), 'vitalog-install-'));
const context = await chromium.launchPersistentContext(profile, { executablePath: args.chromium, args: flags });
let installable;
try {
  const page = context.pages()[0] ?? (await context.newPage());
  const started = Date.now();
  await page.goto(`${base}/`, { waitUntil: 'load' });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  const controlledMs = Date.now() - started;

  const cdp = await context.newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  installable = installabilityErrors.length === 0 && manifest.errors.length === 0;
  const data = JSON.parse(manifest.data || '{}');

  // Runs in the page (Cache Storage is the page's), not in Node.
  const precache = await page.evaluate(async () => {
    const { caches } = globalThis;
    let files = 0;
    let bytes = 0;
    const other = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        files += 1;
        const response = await cache.match(request);
        bytes += response ? (await response.arrayBuffer()).byteLength : 0;
        const path = new URL(request.url).pathname;
        if (path.startsWith('/api') || path.startsWith('/health')) other.push(path);
      }
    }
    return { files, bytes, forbidden: other };
  });

  await context.setOffline(true);
  const reloadStart = Date.now();
  const response = await page.reload({ waitUntil: 'load' });
  await page.waitForSelector('.brand-name', { timeout: 15_000 });
  const offlineMs = Date.now() - reloadStart;
  const fromWorker = response?.fromServiceWorker() ?? false;
  await context.setOffline(false);

  const icons = (data.icons ?? []).map((i) => `${i.sizes}${i.purpose && i.purpose !== 'any' ? ` ${i.purpose}` : ''}`).join(', ');
  const errors = installabilityErrors.map((e) => e.errorId).join(', ') || 'none';
  console.log('## Client: installability (Chromium DevTools protocol)');
  console.log();
  console.log("Lighthouse 12 removed its PWA category and installability audits, so Chromium is asked");
  console.log('directly, as its Install button does: `Page.getAppManifest` and `Page.getInstallabilityErrors`');
  console.log('on a first visit to `/` (cold profile), then a reload of `/` with the network off.');
  console.log();
  console.log('| check | result |');
  console.log('|---|---|');
  console.log(`| installability errors (\`Page.getInstallabilityErrors\`) | ${errors} |`);
  console.log(`| manifest | ${new URL(manifest.url).pathname}, ${manifest.errors.length} parse errors |`);
  console.log(`| name, short name | ${data.name}, ${data.short_name} |`);
  console.log(`| start_url, scope, display | ${data.start_url}, ${data.scope}, ${data.display} |`);
  console.log(`| theme, background colour | ${data.theme_color}, ${data.background_color} |`);
  console.log(`| icons | ${icons} |`);
  console.log(`| service worker controls the first visit after | ${controlledMs} ms (from navigation start) |`);
  console.log(`| precached (Cache Storage) | ${precache.files} files, ${kib(precache.bytes)} KiB; /api or /health entries: ${precache.forbidden.length} |`);
  console.log(`| offline reload of / | ${fromWorker ? 'answered by the service worker' : 'NOT answered by the service worker'}, app drawn in ${offlineMs} ms |`);
  if (precache.forbidden.length > 0) installable = false;
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
process.exit(installable ? 0 : 1);
