// The production build must not ship source maps (they would be served publicly).
import { describe, expect, it } from 'vitest';
import config from './webpack.config.mjs';

const tsLoaderOptions = (c) =>
  c.module.rules.map((r) => r.use).find((u) => u && u.loader === 'ts-loader').options;

describe('webpack config', () => {
  it('emits no source maps in production', () => {
    const c = config({}, { mode: 'production' });
    expect(c.devtool).toBe(false);
    expect(tsLoaderOptions(c).compilerOptions.sourceMap).toBe(false);
  });

  it('keeps source maps for the dev server', () => {
    const c = config({}, { mode: 'development' });
    expect(c.devtool).toBeTruthy();
    expect(tsLoaderOptions(c).compilerOptions.sourceMap).toBe(true);
  });
});
