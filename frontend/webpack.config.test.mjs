// The production build must not ship source maps (they would be served publicly), and it
// lists for the server the lazy chunks a signed-in `/` waits for (preload.json).
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import { describe, expect, it } from 'vitest';
import { brotliDecompressSync } from 'node:zlib';
import config, { BrotliTwinsPlugin, CompileHintsPlugin, RoutePreloadPlugin } from './webpack.config.mjs';

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

/** Builds a tiny app (an entry with a lazy page that lazily loads a chart) with the plugin. */
function buildWith(routes, more = []) {
  const dir = mkdtempSync(path.join(tmpdir(), 'route-preload-'));
  const src = (name, text) => writeFileSync(path.join(dir, name), text);
  src('entry.js', 'import "./common.js"; import(/* webpackChunkName: "page" */ "./page.js");');
  src('common.js', 'export const common = 1;');
  src('page.js', 'import "./common.js"; import(/* webpackChunkName: "chart" */ "./chart.js"); export default 2;');
  src('chart.js', 'export default 3;');
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: { main: './entry.js' },
    output: { path: path.join(dir, 'dist'), publicPath: '/', filename: '[name].[contenthash:10].js', chunkFilename: '[name].[contenthash:10].js' },
    plugins: [new RoutePreloadPlugin(routes), ...more],
  });
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      try {
        if (error) throw error;
        const dist = path.join(dir, 'dist');
        const files = existsSync(dist) ? readdirSync(dist) : [];
        const manifest = files.includes('preload.json') ? JSON.parse(readFileSync(path.join(dist, 'preload.json'), 'utf8')) : undefined;
        const contents = Object.fromEntries(files.map((f) => [f, readFileSync(path.join(dist, f))]));
        resolve({ files, manifest, contents, errors: stats.compilation.errors.map((e) => e.message) });
      } catch (e) {
        reject(e);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

describe('RoutePreloadPlugin', () => {
  it("lists index.html's entry files first, then the named lazy chunks by their final names, then the GETs", async () => {
    const { files, manifest, errors } = await buildWith({ '/': { chunks: ['page', 'chart'], gets: ['/api/x?from={utc-today-3}'] } });
    expect(errors).toEqual([]);
    const scripts = manifest['/'].filter((l) => l.as === 'script').map((l) => l.href);
    expect(scripts).toEqual([
      expect.stringMatching(/^\/main\.[0-9a-f]{10}\.js$/),
      expect.stringMatching(/^\/page\.[0-9a-f]{10}\.js$/),
      expect.stringMatching(/^\/chart\.[0-9a-f]{10}\.js$/),
    ]);
    for (const href of scripts) expect(files).toContain(href.slice(1));
    expect(manifest['/'].filter((l) => l.as !== 'script')).toEqual([{ href: '/api/x?from={utc-today-3}', as: 'fetch' }]);
  });

  it('fails the build when a chunk name is not found', async () => {
    const { errors } = await buildWith({ '/': { chunks: ['page', 'renamed'] } });
    expect(errors.join('\n')).toContain('no chunk named "renamed"');
  });

  it('is part of the production build, for the dashboard', () => {
    const plugin = config({}, { mode: 'production' }).plugins.find((p) => p instanceof RoutePreloadPlugin);
    expect(plugin.routes['/'].chunks).toEqual(['shell', 'dashboard', 'charts']);
  });
});

describe('BrotliTwinsPlugin', () => {
  it('writes next to each hashed script its brotli twin, which decompresses to it', async () => {
    const { files, contents, errors } = await buildWith({ '/': { chunks: ['page'] } }, [new BrotliTwinsPlugin()]);
    expect(errors).toEqual([]);
    const scripts = files.filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(1);
    for (const script of scripts) {
      expect(files).toContain(`${script}.br`);
      expect(brotliDecompressSync(contents[`${script}.br`]).equals(contents[script])).toBe(true);
    }
    expect(files.filter((f) => f.endsWith('.json.br'))).toEqual([]);
  });
});

describe('CompileHintsPlugin', () => {
  it("puts V8's eager-compile hint first in the files of the chunks holding matching modules, and only there", async () => {
    const { files, contents, errors } = await buildWith({ '/': { chunks: ['page'] } }, [new CompileHintsPlugin(/[\\/]chart\.js$/), new BrotliTwinsPlugin()]);
    expect(errors).toEqual([]);
    const scripts = files.filter((f) => f.endsWith('.js'));
    const hinted = scripts.filter((f) => contents[f].toString().startsWith('//# allFunctionsCalledOnLoad\n'));
    expect(hinted).toEqual([expect.stringMatching(/^chart\.[0-9a-f]{10}\.js$/)]);
    // The brotli twin is made of the hinted file.
    const [chart] = hinted;
    expect(brotliDecompressSync(contents[`${chart}.br`]).equals(contents[chart])).toBe(true);
    expect(scripts.length).toBeGreaterThan(2);
  });

  it('is part of the production build, for chart.js', () => {
    const plugin = config({}, { mode: 'production' }).plugins.find((p) => p instanceof CompileHintsPlugin);
    expect(plugin.test.test('/app/node_modules/chart.js/dist/chart.js')).toBe(true);
    expect(plugin.test.test('/app/node_modules/react-dom/index.js')).toBe(false);
    expect(config({}, { mode: 'development' }).plugins.some((p) => p instanceof CompileHintsPlugin)).toBe(false);
  });
});
