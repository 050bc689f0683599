// Constants webpack's DefinePlugin writes into the bundle (webpack.config.mjs; vitest.config.ts
// gives the test values).

/** True in production builds, which have a service worker at /sw.js. */
declare const __SERVICE_WORKER__: boolean;
