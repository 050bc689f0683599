import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// The harness self-tests (cuff-harness.spec.ts) need neither the `vitalog` binary nor dist/,
// which the main config's globalSetup insists on: this runs them on a bare checkout.
//   npx playwright test --config e2e/harness.config.ts
export default defineConfig({
  ...base,
  globalSetup: undefined,
  testMatch: ['cuff-harness.spec.ts'],
});
