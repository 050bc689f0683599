#!/usr/bin/env node
// Shared view benchmark (issue 17): how fast a clinician's phone opens a shared link on 3G.
// Signs in as an existing user with readings, makes a share of the last 365 days with every
// measure, then opens the link in Chromium with a cold cache under Chromium's "Fast 3G" and
// "Slow 3G" network presets, and prints, per preset, the median (min-max) of --runs runs of:
// the time from navigation start to the summary shown, to the first chart painted (the
// others are drawn as they scroll into view), and the
// bytes that crossed the network.
//
//   node scripts/shared-view-bench.mjs --url http://127.0.0.1:8080 --username U --password P
//
// Other options: --runs (5), --chromium (/usr/bin/chromium).
/* global window, document, MutationObserver -- used inside callbacks that run in the page */
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    username: { type: 'string' },
    password: { type: 'string' },
    runs: { type: 'string', default: '5' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
});
if (!args.url || !args.username || !args.password) {
  console.error('usage: node scripts/shared-view-bench.mjs --url URL --username U --password P');
  process.exit(2);
}
const base = args.url.replace(/\/$/, '');
const runs = Number(args.runs);

// Chromium DevTools' presets (bytes per second, milliseconds).
const PRESETS = [
  { name: 'Fast 3G', download: 180_000, upload: 84_375, latency: 562.5 },
  { name: 'Slow 3G', download: 50_000, upload: 50_000, latency: 2_000 },
];

async function api(method, url, body, cookie) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (cookie) headers.Cookie = cookie;
  const res = await fetch(`${base}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return { text, headers: res.headers };
}

async function shareLink() {
  const login = await api('POST', '/api/login', { username: args.username, password: args.password, redirect: '/' });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const created = await api(
    'POST',
    '/api/shares',
    {
      label: 'Benchmark',
      shownName: 'Bench Patient',
      periodKind: 'rolling',
      days: 365,
      includeHeartRate: true,
      includeWeight: true,
      includeBloodSugar: true,
      includeNotes: true,
      includeMedications: true,
      lifetimeDays: 1,
    },
    cookie,
  );
  return JSON.parse(created.text).link;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function once(browser, link, preset) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  await context.addInitScript(() => {
    const check = () => {
      const heading = [...document.querySelectorAll('h2')].some((h) => h.textContent?.trim() === 'Summary');
      if (heading && !window.__summaryShown) window.__summaryShown = performance.now();
      if (document.querySelectorAll('.trend-chart[data-painted="true"]').length >= 1 && !window.__chartsPainted) {
        window.__chartsPainted = performance.now();
      }
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-painted'] });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    downloadThroughput: preset.download,
    uploadThroughput: preset.upload,
    latency: preset.latency,
  });
  let bytes = 0;
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
  });
  await page.goto(link, { waitUntil: 'commit' });
  await page.waitForFunction(() => typeof window.__chartsPainted === 'number', undefined, { timeout: 120_000 });
  const t = await page.evaluate(() => ({ summary: window.__summaryShown, charts: window.__chartsPainted }));
  await context.close();
  return { summary: t.summary, charts: t.charts, bytes };
}

async function main() {
  const link = await shareLink();
  const browser = await chromium.launch({
    executablePath: args.chromium,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const range = (xs, fmt) => `${fmt(median(xs))} (${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))})`;
  const ms = (v) => `${Math.round(v)} ms`;
  const kb = (v) => `${Math.round(v / 1024)} KiB`;
  console.log(`Shared view of 365 days with every measure, phone viewport, cold cache, median of ${runs} (min–max)`);
  console.log('');
  console.log('| network | summary shown | first chart painted | transferred |');
  console.log('|---|---|---|---|');
  try {
    for (const preset of PRESETS) {
      const results = [];
      for (let i = 0; i < runs; i += 1) results.push(await once(browser, link, preset));
      console.log(
        `| ${preset.name} (${preset.latency} ms, ${Math.round((preset.download * 8) / 1000)} kbit/s) | ${range(
          results.map((r) => r.summary),
          ms,
        )} | ${range(
          results.map((r) => r.charts),
          ms,
        )} | ${range(
          results.map((r) => r.bytes),
          kb,
        )} |`,
      );
    }
  } finally {
    await browser.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
