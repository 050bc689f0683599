// Production: content-hashed, route-split bundles in dist/ (served by the `vitalog` binary).
// Development: `npm run dev` serves on 127.0.0.1:3000 with hot reload and proxies
// /api and /health to the Rust server on 127.0.0.1:8080.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import webpack from 'webpack';
import { InjectManifest } from 'workbox-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';

const here = path.dirname(fileURLToPath(import.meta.url));
const API_TARGET = process.env.VITALOG_API_URL ?? 'http://127.0.0.1:8080';

/**
 * Copies the install files (public/manifest.webmanifest, public/icons/*) and public/theme.js
 * (the theme before the first paint) into the build under
 * their own names: the manifest and index.html name them, and the server sends unhashed
 * names with `no-cache`, so a new icon is picked up. Emitted before InjectManifest lists the
 * build, so the service worker precaches them too.
 */
class InstallFilesPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('InstallFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'InstallFilesPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const files = ['manifest.webmanifest', 'theme.js', ...readdirSync(path.join(here, 'public/icons')).map((f) => `icons/${f}`)];
          for (const file of files) {
            const full = path.join(here, 'public', file);
            compilation.fileDependencies.add(full);
            compilation.emitAsset(file, new RawSource(readFileSync(full)));
          }
        },
      );
    });
  }
}

/**
 * Writes `preload.json`: for a route, what its first render waits for: index.html's own
 * scripts and styles, then the files of its lazy chunks and the GETs the app starts early
 * (src/app/routePreloads.json, the one list of both; `app/preloadRoute.ts` starts the same
 * GETs). The server (crates/web/src/spa.rs) reads it once at start and, answering `GET /`
 * for a browser with the presence cookie, names them in `Link: <...>; rel=preload` headers,
 * so they start with the HTML instead of after framework.js and main.js have run (issue
 * 21). A GET may contain `{utc-today-N}`, which the server replaces with the date N days
 * before today in UTC. A chunk name it cannot find fails the build: a renamed chunk must
 * not silently end the preloads.
 */
export class RoutePreloadPlugin {
  /** @param {Record<string, { chunks: string[], gets?: string[] }>} routes route → webpackChunkName of each lazy chunk, and early GETs */
  constructor(routes) {
    this.routes = routes;
  }

  apply(compiler) {
    const { Compilation, WebpackError, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('RoutePreloadPlugin', (compilation) => {
      // After the real content hashes have renamed the files.
      compilation.hooks.processAssets.tap({ name: 'RoutePreloadPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const publicPath = compilation.outputOptions.publicPath;
        const initial = new Set([...compilation.entrypoints.values()].flatMap((e) => e.getFiles()));
        // index.html's own scripts and styles first: the browser finds them only once the
        // HTML is parsed, after the header's preloads, and gives deferred scripts a low
        // priority, so over HTTP/1.1's six connections they arrived last (~70 ms after the
        // chunks) while every other file waited for them to run.
        const preload = (file) => ({ href: `${publicPath}${file}`, as: file.endsWith('.css') ? 'style' : 'script' });
        const entry = [...initial].filter((file) => /\.(js|css)$/.test(file)).map(preload);
        const manifest = {};
        for (const [route, { chunks, gets = [] }] of Object.entries(this.routes)) {
          const files = [];
          for (const name of chunks) {
            const group = compilation.namedChunkGroups.get(name);
            if (!group) {
              compilation.errors.push(new WebpackError(`RoutePreloadPlugin: no chunk named "${name}" (route ${route})`));
              continue;
            }
            for (const file of group.getFiles()) {
              if (/\.(js|css)$/.test(file) && !initial.has(file) && !files.includes(file)) files.push(file);
            }
          }
          manifest[route] = [
            ...entry,
            ...files.map(preload),
            ...gets.map((href) => ({ href, as: 'fetch' })),
          ];
        }
        compilation.emitAsset('preload.json', new sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`));
      });
    });
  }
}

/**
 * Writes next to each hashed script and stylesheet its brotli twin (`x.js.br`, best
 * compression), which the server sends to browsers that take brotli instead of compressing
 * the file on every request: on the dashboard's cold load that cost the server 10–150 ms of
 * CPU per large file, on the path to the first paint (issue 21).
 */
export class BrotliTwinsPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('BrotliTwinsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'BrotliTwinsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER }, (assets) => {
        for (const [name, source] of Object.entries(assets)) {
          if (!/\.[0-9a-f]{10}\.(js|css)$/.test(name)) continue;
          const twin = brotliCompressSync(source.buffer(), { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } });
          compilation.emitAsset(`${name}.br`, new sources.RawSource(twin), { compressed: true, development: true });
        }
      });
    });
  }
}

/**
 * Asks V8 to compile the chunks holding modules that match `test` eagerly, with its explicit
 * compile hint (`//# allFunctionsCalledOnLoad`, first line of the file): then they are compiled
 * while the file streams in, off the main thread. For chart.js: the dashboard calls most of it
 * at once to draw its first chart, and compiled lazily that cost 14–26 ms of the main thread
 * at that moment; with the hint the four charts are drawn ~20 ms sooner after the page's
 * commit. The hint on every file of the load cost more than it saved (issue 21, findings).
 */
export class CompileHintsPlugin {
  /** @param {RegExp} test matched against each module's resource path */
  constructor(test) {
    this.test = test;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      // After the minifier (which would drop the comment), before content hashes and brotli twins.
      const stage = Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1;
      compilation.hooks.processAssets.tap({ name: 'CompileHintsPlugin', stage }, () => {
        for (const chunk of compilation.chunks) {
          // A concatenated module lists the modules it joined.
          const paths = [...compilation.chunkGraph.getChunkModulesIterable(chunk)].flatMap((m) => (m.modules ?? [m]).map((x) => x.nameForCondition() ?? ''));
          if (!paths.some((p) => this.test.test(p))) continue;
          for (const file of chunk.files) {
            if (file.endsWith('.js')) compilation.updateAsset(file, (source) => new sources.ConcatSource('//# allFunctionsCalledOnLoad\n', source));
          }
        }
      });
    });
  }
}

export default (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    entry: { main: path.join(here, 'src/app/main.tsx') },
    output: {
      path: path.join(here, 'dist'),
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    // Source maps would publish the client's source to anyone; only the dev server has them.
    devtool: production ? false : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // React Router 7 exports its development build (with dev-only warnings) under every
      // condition; production bundles take the production build it also ships.
      alias: production
        ? {
            'react-router$': path.join(here, 'node_modules/react-router/dist/production/index.mjs'),
            'react-router/dom$': path.join(here, 'node_modules/react-router/dist/production/dom-export.mjs'),
          }
        : {},
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'ts-loader',
            // Type checking is `npm run lint` (tsc --noEmit); the build only transpiles.
            options: { transpileOnly: true, compilerOptions: { sourceMap: !production } },
          },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: /\.(svg|png|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({
        template: path.join(here, 'public/index.html'),
        favicon: path.join(here, 'public/favicon.svg'),
        scriptLoading: 'defer',
        minify: production,
      }),
      new MiniCssExtractPlugin({
        // Component styles are scoped by class name, so the order of files in a shared
        // chunk does not matter.
        ignoreOrder: true,
        filename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
        chunkFilename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
      }),
      new InstallFilesPlugin(),
      // `/` opened signed in: the protected shell, the dashboard, its charts (chart.js) and data.
      new RoutePreloadPlugin(JSON.parse(readFileSync(path.join(here, 'src/app/routePreloads.json'), 'utf8'))),
      // The service worker only in production builds: under the dev server it would serve
      // stale code over hot reload. lib/serviceWorker.ts registers it when this is true.
      new webpack.DefinePlugin({ __SERVICE_WORKER__: JSON.stringify(production) }),
      ...(production
        ? [
            new CompileHintsPlugin(/[\\/]node_modules[\\/]chart\.js[\\/]/),
            new BrotliTwinsPlugin(),
            new InjectManifest({
              swSrc: path.join(here, 'src/sw/sw.ts'),
              swDest: 'sw.js',
              // Hashed names are their own revision: no cache-busting query needed.
              dontCacheBustURLsMatching: /\.[0-9a-f]{10}\./,
              // Licence notes are not code; the apple-touch icon is fetched by iOS when adding
              // to the home screen, online.
              exclude: [/\.map$/, /\.LICENSE\.txt$/, /^icons\/apple-touch/, /^preload\.json$/, /\.br$/],
            }),
          ]
        : []),
    ],
    optimization: {
      runtimeChunk: 'single',
      moduleIds: 'deterministic',
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          // React, the router and SWR change rarely: their own long-cached file.
          framework: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|swr|use-sync-external-store|cookie|set-cookie-parser)[\\/]/,
            name: 'framework',
            chunks: 'initial',
            priority: 20,
          },
          // Form libraries, shared by the public screens (not in the first load).
          forms: {
            test: /[\\/]node_modules[\\/](formik|yup|property-expr|tiny-case|toposort|lodash|lodash-es|deepmerge|hoist-non-react-statics|react-fast-compare|tiny-warning|react-is)[\\/]/,
            name: 'forms',
            chunks: 'async',
            priority: 10,
          },
          // App code shared by several lazy screens, in one file instead of a copy in each.
          shared: {
            test: /[\\/]src[\\/]/,
            name: 'shared',
            chunks: 'async',
            minChunks: 2,
            minSize: 0,
            priority: 5,
          },
          // Charts only ever load with the pages that draw them.
          charts: {
            test: /[\\/]node_modules[\\/](chart\.js|react-chartjs-2|@kurkle)[\\/]/,
            name: 'charts',
            chunks: 'async',
            priority: 30,
          },
        },
      },
      minimizer: ['...', new CssMinimizerPlugin()],
    },
    // Raw-size limits; the gzip budget of the first load is checked by `npm run size`.
    performance: { hints: production ? 'warning' : false, maxEntrypointSize: 320000, maxAssetSize: 280000 },
    devServer: {
      host: '127.0.0.1',
      port: 3000,
      hot: true,
      historyApiFallback: true,
      client: { overlay: { errors: true, warnings: false } },
      proxy: [
        {
          context: ['/api', '/health'],
          target: API_TARGET,
          changeOrigin: true,
          // The server refuses cross-site state-changing requests: present the
          // proxied request as coming from the server's own origin.
          onProxyReq: (proxyReq) => {
            if (proxyReq.getHeader('origin')) proxyReq.setHeader('origin', API_TARGET);
            if (proxyReq.getHeader('referer')) proxyReq.setHeader('referer', `${API_TARGET}/`);
          },
        },
      ],
    },
    stats: production ? 'normal' : 'minimal',
  };
};
