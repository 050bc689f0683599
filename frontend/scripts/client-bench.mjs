#!/usr/bin/env node
// Client benchmark for `make bench`, against a running Vitalog server with the client built:
//  1. every route's first load in Chromium with a cold cache (document, scripts, styles):
//     bytes on the wire as the server sent them, their gzip size (level 9), and the API
//     JSON the page fetched; protected routes are loaded signed in.
//  2. Lighthouse (performance, accessibility) for /auth, and for the dashboard and History of
//     an account with a year of readings, mobile and desktop presets.
//     LIGHTHOUSE_ONLY=1 skips part 1 (a before/after comparison of one change).
// Prints Markdown. Exits non-zero when a route cannot be measured or Lighthouse fails.
//
//   node scripts/client-bench.mjs --url http://127.0.0.1:8080 --username U --password P \
//     --lighthouse /path/to/node_modules/lighthouse/cli/index.js [--chromium /usr/bin/chromium]
// LIGHTHOUSE_SAVE_DIR=DIR keeps each full Lighthouse report there as JSON.
import { spawn, execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    username: { type: 'string' },
    password: { type: 'string' },
    lighthouse: { type: 'string' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
});
if (!args.url || !args.username || !args.password || !args.lighthouse) {
  console.error('usage: node scripts/client-bench.mjs --url URL --username U --password P --lighthouse CLI.js');
  process.exit(2);
}
const base = args.url.replace(/\/$/, '');
const flags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const kib = (n) => (n / 1024).toFixed(1);

const ROUTES = [
  { path: '/auth', signedIn: false, ready: 'text=Your Personal Health Monitor' },
  { path: '/password-reset-request', signedIn: false },
  { path: '/reset-password/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', signedIn: false },
  { path: '/verify-pending?email=someone%40example.com', signedIn: false },
  { path: '/verify-email/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', signedIn: false },
  { path: '/terms-of-service', signedIn: false },
  { path: '/privacy-policy', signedIn: false },
  { path: '/', signedIn: true, ready: 'canvas' },
  { path: '/vitals', signedIn: true },
  { path: '/history', signedIn: true },
  { path: '/reports', signedIn: true },
  { path: '/profile', signedIn: true },
];

async function signIn(context) {
  const res = await context.request.post(`${base}/api/login`, {
    data: { username: args.username, password: args.password },
  });
  if (res.status() !== 200) throw new Error(`login: ${res.status()} ${await res.text()}`);
}

async function routeSizes(browser) {
  const rows = [];
  for (const route of ROUTES) {
    const context = await browser.newContext();
    if (route.signedIn) await signIn(context);
    const page = await context.newPage();
    const seen = [];
    page.on('response', (res) => seen.push(res));
    await page.goto(`${base}${route.path}`, { waitUntil: 'networkidle' });
    if (route.ready) await page.waitForSelector(route.ready, { timeout: 15_000 });
    if (new URL(page.url()).pathname !== route.path.split('?')[0]) {
      throw new Error(`${route.path} ended on ${page.url()}`);
    }
    let wire = 0;
    let gz = 0;
    let raw = 0;
    let api = 0;
    let files = 0;
    for (const res of seen) {
      const type = res.request().resourceType();
      const body = await res.body().catch(() => Buffer.alloc(0));
      const sizes = await res.request().sizes();
      if (type === 'document' || type === 'script' || type === 'stylesheet') {
        files += 1;
        raw += body.length;
        gz += gzipSync(body, { level: 9 }).length;
        wire += sizes.responseBodySize;
      } else if (type === 'fetch' || type === 'xhr') {
        api += sizes.responseBodySize;
      }
    }
    rows.push({ route: route.path.split('?')[0], signedIn: route.signedIn, files, raw, gz, wire, api });
    await context.close();
  }
  return rows;
}

async function freePort() {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function lighthouseRuns() {
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'vitalog-lh-'));
  const chrome = spawn(args.chromium, [...flags, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: 'ignore',
  });
  const run = promisify(execFile);
  const results = [];
  try {
    let browser;
    for (let i = 0; i < 50 && !browser; i += 1) {
      browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`).catch(async () => {
        await new Promise((r) => setTimeout(r, 200));
        return undefined;
      });
    }
    if (!browser) throw new Error('Chromium for Lighthouse did not start');
    const context = browser.contexts()[0];
    const cdp = await context.newCDPSession(context.pages()[0] ?? (await context.newPage()));
    const targets = [
      { name: '/auth', url: `${base}/auth`, signedIn: false },
      { name: '/ (dashboard, 1 year of readings)', url: `${base}/`, signedIn: true },
      { name: '/history (1 year of readings)', url: `${base}/history`, signedIn: true },
    ];
    for (const target of targets) {
      if (target.signedIn) await signIn(context);
      for (const preset of ['mobile', 'desktop']) {
        // Cold HTTP cache each run; cookies stay so the dashboard is signed in.
        await cdp.send('Network.clearBrowserCache');
        const lhArgs = [
          args.lighthouse, target.url, `--port=${port}`, '--output=json', '--output-path=stdout', '--quiet',
          '--only-categories=performance,accessibility', '--disable-storage-reset',
          ...(preset === 'desktop' ? ['--preset=desktop'] : []),
        ];
        const { stdout } = await run(process.execPath, lhArgs, { maxBuffer: 64 * 1024 * 1024 });
        const report = JSON.parse(stdout);
        if (process.env.LIGHTHOUSE_SAVE_DIR) {
          const file = `${new URL(target.url).pathname.slice(1) || 'dashboard'}-${preset}.json`;
          writeFileSync(path.join(process.env.LIGHTHOUSE_SAVE_DIR, file), stdout);
        }
        if (report.runtimeError) throw new Error(`lighthouse ${target.url}: ${report.runtimeError.message}`);
        const finalUrl = report.finalDisplayedUrl ?? report.finalUrl;
        if (new URL(finalUrl).pathname !== new URL(target.url).pathname) {
          throw new Error(`lighthouse ${target.url} ended on ${finalUrl}`);
        }
        const audit = (id) => report.audits[id]?.displayValue ?? '';
        const failed = Object.values(report.audits)
          .filter((a) => report.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0))
          .filter((a) => a.score !== null && a.score < 1)
          .map((a) => a.id);
        results.push({
          name: target.name,
          preset,
          performance: Math.round(report.categories.performance.score * 100),
          accessibility: Math.round(report.categories.accessibility.score * 100),
          fcp: audit('first-contentful-paint'),
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          failed,
        });
      }
    }
    await browser.close();
  } finally {
    const exited = new Promise((resolve) => chrome.once('exit', resolve));
    chrome.kill('SIGTERM');
    await exited;
    rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
  }
  return results;
}

let sizes = [];
if (process.env.LIGHTHOUSE_ONLY !== '1') {
  const browser = await chromium.launch({ executablePath: args.chromium, args: flags.slice(1) });
  sizes = await routeSizes(browser);
  await browser.close();
}
const lh = await lighthouseRuns();

if (sizes.length > 0) {
  console.log('## Client: first load of each route (Chromium, cold cache)');
  console.log();
  console.log('Document, scripts and styles the route loads before it is usable; "on the wire" is what');
  console.log('the server sent (it compresses with whatever the browser accepts, here Brotli or zstd);');
  console.log('"gzip" is the same files at gzip level 9. API JSON is the data the page fetched.');
  console.log();
  console.log('| route | signed in | files | raw KiB | gzip KiB | on the wire KiB | API JSON on the wire KiB |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of sizes) {
    console.log(`| ${r.route} | ${r.signedIn ? 'yes' : 'no'} | ${r.files} | ${kib(r.raw)} | ${kib(r.gz)} | ${kib(r.wire)} | ${kib(r.api)} |`);
  }
  console.log();
}
console.log('## Client: Lighthouse 12 (Debian Chromium, headless, cold cache)');
console.log();
console.log('| page | preset | performance | accessibility | FCP | LCP | TBT | CLS | accessibility audits not passed |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of lh) {
  console.log(`| ${r.name} | ${r.preset} | ${r.performance} | ${r.accessibility} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} | ${r.failed.join(', ') || 'none'} |`);
}
