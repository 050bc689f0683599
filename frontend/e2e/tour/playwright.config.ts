import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../browser';

// The design tour (`npm run tour`): not a test. It seeds two years of a person's record and
// saves every main screen at 1280 and 375 px, light and dark, with the report PDF as PNGs,
// into test-results/tour/$TOUR_LABEL for a person to look at (before/after a design change).
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.tour.ts',
  globalSetup: '../global-setup.ts',
  outputDir: '../../test-results/tour-playwright',
  workers: 1,
  retries: 0,
  timeout: 600_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
  },
});
