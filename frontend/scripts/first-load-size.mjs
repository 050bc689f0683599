// Measures the first load of any route (/auth included): the JS and CSS files that
// dist/index.html pulls before any lazy chunk, raw and gzipped. Fails when chart code
// (chart.js / react-chartjs-2) is among them, or when the total passes the budget.
// Usage: npm run build && npm run size   [BUDGET_KB=... to change the gzip budget]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.join(import.meta.dirname, '..', 'dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const budgetKb = Number(process.env.BUDGET_KB ?? 120);

const files = [
  ...[...html.matchAll(/<script[^>]*\ssrc=["']?([^"'\s>]+)/g)].map((m) => m[1]),
  ...[...html.matchAll(/<link[^>]*\shref=["']?([^"'\s>]+\.css)/g)].map((m) => m[1]),
];
if (files.length === 0) {
  console.error('first-load-size: no script or stylesheet found in dist/index.html');
  process.exit(1);
}

let raw = 0;
let gz = 0;
let chartCode = [];
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
for (const url of files) {
  const content = readFileSync(path.join(dist, url.replace(/^\//, '')));
  const zipped = gzipSync(content, { level: 9 }).length;
  raw += content.length;
  gz += zipped;
  const text = content.toString('utf8');
  if (/chart\.js|Chart\.js v\d|react-chartjs-2|registerables/i.test(text)) chartCode.push(url);
  console.log(`${url.padEnd(44)} ${kb(content.length).padStart(10)} raw ${kb(zipped).padStart(10)} gzip`);
}
console.log(`${'first load total'.padEnd(44)} ${kb(raw).padStart(10)} raw ${kb(gz).padStart(10)} gzip`);

if (chartCode.length > 0) {
  console.error(`first-load-size: chart code in the first load: ${chartCode.join(', ')}`);
  process.exit(1);
}
if (gz / 1024 > budgetKb) {
  console.error(`first-load-size: ${kb(gz)} gzip is over the ${budgetKb} KiB budget`);
  process.exit(1);
}
