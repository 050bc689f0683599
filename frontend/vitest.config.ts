import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', '*.test.mjs'],
    setupFiles: ['src/testing/setup.ts'],
    css: false,
    restoreMocks: true,
    pool: 'threads',
    maxWorkers: 2,
    // Above setup.ts's asyncUtilTimeout, so a slow wait fails with its own message.
    testTimeout: 20_000,
  },
});
