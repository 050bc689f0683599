#!/usr/bin/env node
// Makes the install icons in public/icons/ from public/favicon.svg, so the home-screen icon
// is the favicon and one edit changes both. Rendered by the Chromium the browser tests use
// (playwright-core), so no image library is needed. Run after changing the favicon:
//   node scripts/make-icons.mjs [--chromium /usr/bin/chromium]
// The PNGs are committed: the build only copies them.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const { values: args } = parseArgs({
  options: { chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' } },
});
const here = path.dirname(new URL(import.meta.url).pathname);
const pub = path.join(here, '..', 'public');
const favicon = readFileSync(path.join(pub, 'favicon.svg'), 'utf8');

const background = favicon.match(/<rect[^>]*fill="([^"]+)"/)?.[1];
const mark = favicon.match(/<path[^>]*\/>/)?.[0];
if (!background || !mark) throw new Error('favicon.svg: expected a <rect fill> background and one <path> mark');

/**
 * The mark on a full square of the background colour, scaled about the centre. Maskable
 * icons are cropped by the launcher to any shape inside the middle 80 % circle; iOS rounds
 * the apple-touch icon itself and shows transparency as black.
 */
const fullBleed = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${background}"/>` +
  `<g transform="translate(16 16) scale(${scale}) translate(-16 -16)">${mark}</g></svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  // The mark's corners reach 32 % of the width from the centre at 0.8: inside the 40 % safe zone.
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed(0.8) },
  { file: 'apple-touch-icon-180.png', size: 180, svg: fullBleed(0.9) },
];

const browser = await chromium.launch({ executablePath: args.chromium, args: ['--headless', '--no-sandbox'] });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    const src = `data:image/svg+xml;base64,${Buffer.from(icon.svg).toString('base64')}`;
    await page.setContent(
      `<html><body style="margin:0;background:transparent">` +
        `<img src="${src}" width="${icon.size}" height="${icon.size}" style="display:block"></body></html>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    const png = await page.screenshot({ omitBackground: true });
    writeFileSync(path.join(pub, 'icons', icon.file), png);
    console.log(`public/icons/${icon.file} ${icon.size}x${icon.size} ${png.length} bytes`);
  }
} finally {
  await browser.close();
}
