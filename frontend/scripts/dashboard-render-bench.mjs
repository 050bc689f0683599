#!/usr/bin/env node
// Dashboard render benchmark. Seeds a user with ten years of readings (3 a day, ~10,950)
// through the API of a running Vitalog server, then measures in Chromium the time from
// navigation start to all four trend charts painted on `/`, five times with a cold
// browser cache each time, and prints the figures (median, min, max).
//
//   node scripts/dashboard-render-bench.mjs --url http://127.0.0.1:8080 --data-dir /path/to/data
//
// --data-dir is the server's VITALOG_DATA_DIR: with no SMTP server configured the server
// writes emails as .eml files under <data-dir>/mail, where the verification link is read.
// Or pass --username and --password of an existing verified account (seeded if it has
// fewer readings than asked for). Other options: --years (10), --runs (5), --chromium
// (/usr/bin/chromium).
/* global window, document, MutationObserver -- used inside callbacks that run in the page */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    'data-dir': { type: 'string' },
    username: { type: 'string' },
    password: { type: 'string' },
    years: { type: 'string', default: '10' },
    runs: { type: 'string', default: '5' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
});

if (!args.url) {
  console.error('usage: node scripts/dashboard-render-bench.mjs --url http://127.0.0.1:8080 (--data-dir DIR | --username U --password P)');
  process.exit(2);
}
const base = args.url.replace(/\/$/, '');
const years = Number(args.years);
const runs = Number(args.runs);

async function api(method, url, body, cookie) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (cookie) headers.Cookie = cookie;
  const res = await fetch(`${base}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, text, headers: res.headers };
}

function must(res, status, what) {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.text.slice(0, 300)}`);
  return res;
}

async function verificationToken(dataDir, email) {
  const dir = path.join(dataDir, 'mail');
  for (let i = 0; i < 100; i += 1) {
    let files;
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    } catch {
      files = [];
    }
    for (const file of files) {
      const text = readFileSync(path.join(dir, file), 'utf8').replace(/=\r?\n/g, '');
      if (!text.includes(email)) continue;
      const m = /\/verify-email\/([A-Za-z0-9_-]{20,})/.exec(text);
      if (m) return m[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no verification email for ${email} under ${dir}`);
}

async function login(username, password) {
  const res = must(await api('POST', '/api/login', { username, password, redirect: '/' }), 200, 'login');
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (!cookies.some((c) => c.startsWith('vitalog_session='))) throw new Error('login set no session cookie');
  return cookies;
}

async function account() {
  if (args.username && args.password) return { username: args.username, password: args.password };
  if (!args['data-dir']) throw new Error('pass --data-dir (to read the verification email) or --username and --password');
  const username = `bench${Date.now().toString(36)}`;
  const email = `${username}@bench.example`;
  const password = 'Bench!mark1';
  must(await api('POST', '/api/register', { username, email, password, firstName: '', lastName: '', redirect: '/auth' }), 201, 'register');
  const token = await verificationToken(args['data-dir'], email);
  must(await api('POST', '/api/verify-email', { token }), 200, 'verify');
  return { username, password };
}

function readings(yearsBack) {
  const out = [];
  const today = new Date();
  let seed = 7;
  const rnd = (min, max) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return min + (seed % (max - min + 1));
  };
  const pad = (n) => String(n).padStart(2, '0');
  // Yesterday backwards: every reading is in the past whatever the time of day.
  for (let d = 1; d <= 365 * yearsBack; d += 1) {
    const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() - d);
    const date = `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
    for (const time of ['07:30', '13:00', '21:15']) {
      out.push({
        date,
        time,
        systolic: rnd(105, 150),
        diastolic: rnd(65, 95),
        heartRate: rnd(55, 95),
        weight: rnd(1500, 1700) / 10,
        bloodSugar: rnd(80, 160),
        notes: time === '13:00' ? 'bench reading' : null,
      });
    }
  }
  return out;
}

async function seed(cookie) {
  const all = readings(years);
  const have = Number(must(await api('GET', '/api/readings?limit=1', undefined, cookie), 200, 'count').headers.get('X-Total-Count'));
  if (have >= all.length) return { total: have, seconds: 0 };
  const todo = all.slice(have);
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const body = todo[next];
      next += 1;
      must(await api('POST', '/api/readings', body, cookie), 201, 'seed');
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return { total: have + todo.length, seconds: (performance.now() - started) / 1000 };
}

async function main() {
  const user = await account();
  let cookies = await login(user.username, user.password);
  const cookie = cookies.join('; ');
  const sub = JSON.parse(must(await api('GET', '/api/user/subscription', undefined, cookie), 200, 'subscription').text);
  if (!sub.isActive) {
    const order = JSON.parse(must(await api('POST', '/api/subscription/orders', {}, cookie), 201, 'order').text);
    must(
      await api('POST', '/api/subscription/activate', { paymentMethod: 'paypal', amount: '5.00', transactionId: order.id, paymentDetails: {} }, cookie),
      200,
      'activate',
    );
  }
  const seeded = await seed(cookie);
  cookies = await login(user.username, user.password);
  const whole = await api('GET', '/api/readings', undefined, cookies.join('; '));

  const browser = await chromium.launch({
    executablePath: args.chromium,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const { hostname } = new URL(base);
  const times = [];
  const fetched = [];
  const breakdown = [];
  try {
    for (let i = 0; i < runs; i += 1) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addCookies(
        cookies.map((c) => {
          const eq = c.indexOf('=');
          return { name: c.slice(0, eq), value: c.slice(eq + 1), domain: hostname, path: '/' };
        }),
      );
      // Records, in page time (ms since navigation start), when the fourth chart is painted.
      await context.addInitScript(() => {
        const check = () => {
          if (document.querySelectorAll('.trend-chart[data-painted="true"]').length >= 4 && !window.__chartsPainted) {
            window.__chartsPainted = performance.now();
          }
        };
        new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-painted'] });
      });
      const page = await context.newPage();
      const bodies = [];
      page.on('response', (res) => {
        if (new URL(res.url()).pathname === '/api/readings' && res.request().method() === 'GET') {
          bodies.push(res.body().then((b) => b.length).catch(() => 0));
        }
      });
      await page.goto(`${base}/`, { waitUntil: 'commit' });
      await page.waitForFunction(() => typeof window.__chartsPainted === 'number', undefined, { timeout: 60_000 });
      const painted = await page.evaluate(() => window.__chartsPainted);
      // Where the time went: when each request of the load had its answer (page time).
      const marks = await page.evaluate(() => {
        const end = (test) => {
          const entry = performance.getEntriesByType('resource').find((e) => test(e.name));
          return entry ? Math.round(entry.responseEnd) : null;
        };
        return {
          framework: end((n) => /\/assets\/framework\./.test(n)),
          user: end((n) => n.endsWith('/api/user')),
          dashboardChunk: end((n) => /\/assets\/dashboard\..*\.js$/.test(n)),
          chartsChunk: end((n) => /\/assets\/charts\..*\.js$/.test(n)),
          readings: end((n) => n.includes('/api/readings?from=')),
        };
      });
      times.push(painted);
      breakdown.push(marks);
      fetched.push((await Promise.all(bodies)).reduce((a, b) => a + b, 0));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(`server: ${base}`);
  console.log(`readings on the account: ${seeded.total}${seeded.seconds ? ` (seeded in ${seeded.seconds.toFixed(1)} s)` : ''}`);
  console.log(`whole list GET /api/readings: ${(whole.text.length / 1024).toFixed(0)} KiB uncompressed (not fetched by the dashboard)`);
  console.log(`readings JSON the dashboard fetched per load: ${(fetched[0] / 1024).toFixed(1)} KiB (decompressed)`);
  console.log(`navigation start -> all four charts painted, ${runs} cold loads (ms): ${times.map((t) => t.toFixed(0)).join(', ')}`);
  const mid = (key) => {
    const v = breakdown.map((b) => b[key]).filter((x) => x !== null).sort((a, b) => a - b);
    return v.length ? `${v[Math.floor(v.length / 2)]} ms` : 'n/a';
  };
  console.log(
    `median answer times: framework.js ${mid('framework')}, GET /api/user ${mid('user')}, dashboard chunk ${mid('dashboardChunk')}, ` +
      `charts chunk ${mid('chartsChunk')}, readings of the last 91 days ${mid('readings')}`,
  );
  console.log(`median ${median.toFixed(0)} ms, min ${sorted[0].toFixed(0)} ms, max ${sorted[sorted.length - 1].toFixed(0)} ms`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
