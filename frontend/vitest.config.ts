import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The service worker is a production build's (webpack.config.mjs); tests drive its store.
  define: { __SERVICE_WORKER__: 'false' },
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
