// The SERVER build of each front end (issue 22): the same components for Node, so the shell's server renderer can
// render a page with the remotes' own code. Run from a package folder (`rspack build -c ../rspack.server.mjs`, see
// scripts/build.mjs); the package's rspack.config.mjs gives the federation name and exposes (`federation`), so the
// server build exposes exactly what the browser build does. Output: <package>/dist/server/, which the API serves
// under /mf/<remote>/server/ like the rest of dist: a remote deployed alone replaces both builds at once.
//
// What differs from the browser build (rspack.base.mjs) and why:
// - target async-node, library commonjs-module, the node runtime plugin, remoteType script: the shell's server
//   loads each remote's server entry over HTTP at run time (fetch + vm), as @module-federation/node does.
// - one chunk per build: a remote's server entry carries its modules itself, so replacing remoteEntry.js in place is
//   the whole deploy (no chunk URLs for the node runtime to resolve against a public path).
// - shared libraries WHOLE (no subsets): on the server, the shell provides react, react-dom, the router, effector,
//   effector-react and every @shop/contracts entry point; a remote's server build takes them all from the shell
//   (`import: false`), so there is one React and one set of Effector units (sids) per process.
// - CSS Modules export class names only, with the browser build's generator options: same names, no CSS files.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { createConfig, SERVER_OUTPUT, sharedSingletons } from './rspack.base.mjs';

const ROOT = import.meta.dirname;
const require = createRequire(import.meta.url);


const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** Every @shop/contracts entry point, provided by the shell's server whether its own code imports it or not. */
/**
 * The shell's server provides every shared module whether its own code imports it or not (given as a file, rspack
 * provides it either way): a remote's server build takes them all from the shell (`import: false`).
 */
function provideEverything(shared, packageDir) {
  const resolve = createRequire(path.join(packageDir, 'package.json')).resolve;
  for (const request of Object.keys(shared)) {
    if (request.startsWith('@shop/contracts')) continue;
    // Given as a file, the version must be stated (rspack would say "0", which no remote's range accepts).
    const pkg = request.split('/').slice(0, request.startsWith('@') ? 2 : 1).join('/');
    const version = shared[request].version ?? readJson(resolve(`${pkg}/package.json`)).version;
    shared[request] = { ...shared[request], import: resolve(request), version };
  }
  return provideEveryContractsEntry(shared);
}

function provideEveryContractsEntry(shared) {
  const contracts = readJson(path.join(ROOT, 'shared-contracts/package.json'));
  for (const [subpath, file] of Object.entries(contracts.exports)) {
    const request = subpath === '.' ? contracts.name : `${contracts.name}${subpath.slice(1)}`;
    if (shared[request]) shared[request] = { ...shared[request], import: path.join(ROOT, 'shared-contracts', file) };
  }
  return shared;
}

async function federationOf(packageDir) {
  const config = await import(pathToFileURL(path.join(packageDir, 'rspack.config.mjs')).href);
  return config.federation ?? { name: 'shell' };
}

/** `packageDir`: the package to build; rspack's CLI passes none, and the package is the folder it runs in. */
export default async function serverConfig(env, argv, packageDir = process.cwd()) {
  const mode = argv?.mode ?? process.env.NODE_ENV ?? 'production';
  const dev = mode === 'development';
  const { name, exposes, startup } = await federationOf(packageDir);
  const isShell = name === 'shell';
  // The browser config is the one place for the source rules and the CSS Modules naming: read them from it.
  const browser = createConfig({ packageDir, name, exposes, startup, port: 0 })(env, { ...argv, mode });
  const browserSwcRule = browser.module.rules.find((rule) => rule?.loader === 'builtin:swc-loader');
  if (!browserSwcRule) throw new Error('rspack.base.mjs has no builtin:swc-loader rule to reuse');
  // Without React Refresh: its registration calls exist only in a browser with the refresh runtime (a dev server's
  // browser build), and Node has neither.
  const { jsc } = browserSwcRule.options;
  const swcRule = {
    ...browserSwcRule,
    options: { ...browserSwcRule.options, jsc: { ...jsc, transform: { ...jsc.transform, react: { ...jsc.transform.react, refresh: false } } } },
  };
  const cssGenerator = browser.module.generator?.['css/auto'] ?? {};

  const singletons = sharedSingletons(packageDir);
  const shared = isShell
    ? provideEverything(singletons, packageDir)
    : Object.fromEntries(Object.entries(singletons).map(([request, options]) => [request, { ...options, import: false }]));

  return {
    mode,
    context: packageDir,
    entry: isShell ? { main: './src/server/render.tsx' } : {},
    target: 'async-node',
    devtool: false,
    output: {
      path: path.join(packageDir, 'dist', SERVER_OUTPUT),
      // Same uniqueName as the browser build: CSS Modules hashes are salted with it.
      uniqueName: browser.output.uniqueName,
      // .cjs: the packages are "type": "module", and Node must load the shell's server entry as CommonJS.
      filename: isShell ? '[name].cjs' : '[name].js',
      chunkFilename: '[name].js',
      publicPath: 'auto',
      library: { type: 'commonjs-module' },
      clean: true,
    },
    resolve: {
      extensions: browser.resolve.extensions,
      extensionAlias: browser.resolve.extensionAlias,
      conditionNames: ['node', 'import', 'require', 'default'],
    },
    module: {
      parser: {
        'css/auto': { namedExports: false },
        // commonjsMagicComments: Node resolves react-router to its CommonJS build, whose framework-mode route loading
        // is `require(/* webpackIgnore: true */ route.module)`: the package marks those requests as run-time ones, and
        // rspack reads the mark in require() only with this (without it: five "Critical dependency: the request of a
        // dependency is an expression" warnings per build). The shop never takes that path (no framework mode).
        javascript: { exportsPresence: 'error', commonjsMagicComments: true },
      },
      generator: { 'css/auto': { ...cssGenerator, exportsOnly: true } },
      rules: [
        swcRule,
        { test: /\.css$/, type: 'css/auto' },
      ],
    },
    optimization: { minimize: false, splitChunks: false },
    // The shell's server entry finds its browser build (stylesheets) beside it: Node's own __dirname.
    node: { __dirname: false, __filename: false },
    experiments: { css: true },
    performance: { hints: false },
    plugins: [
      new ModuleFederationPlugin({
        name,
        ...(isShell ? { remotes: {} } : { filename: 'remoteEntry.js', exposes }),
        library: { type: 'commonjs-module' },
        remoteType: 'script',
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin')],
        shared,
        shareStrategy: 'loaded-first',
        manifest: false,
        dts: false,
        // The shell's entry starts asynchronously (its shared modules are negotiated before its code runs). A remote's
        // must not: its initial consumes would run before the host's init() has handed it the share scope (RUNTIME-012).
        ...(isShell ? { experiments: { asyncStartup: true } } : {}),
      }),
      new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
  };
}

/**
 * A remote's dev server renders on the server too: `rspack serve` (rspack.base.mjs, devServer.setupMiddlewares) starts
 * this watching server build of the same package in its own process, in development mode like the browser build it
 * serves (the same CSS Modules class names, so the server's markup hydrates against the dev stylesheets), and serves
 * it at /server/* — where the shop's renderer looks for a remote's server entry beside its manifest (`serverEntryUrl`,
 * shell/src/federation/remotes.ts). Each file carries an ETag of its content: after an edit the rebuilt entry has a
 * new one, and the running shop registers it again (shell/src/server/remoteRegistry.ts) without a restart.
 *
 * The first request starts the watcher (a dev server no shop asks runs one compiler, as before). Requests wait while
 * a build runs, as the browser build's dev middleware does: a page reloaded right after a save gets the new server
 * build with the new browser build, not the old markup to hydrate against the new code. The output goes to a
 * temporary folder (removed on exit), never to dist/server, which `npm start` serves as the production build.
 *
 * Returns an Express-style middleware for the `/server` path (the dev server strips the prefix).
 */
export function serverBuildMiddleware(packageDir, { log = console } = {}) {
  const name = path.basename(packageDir);
  /** The build in progress or the last one: resolves to its errors ('' when it succeeded). */
  let build = deferred();
  const etags = new Map();

  let watching = null;
  let outDir = '';
  const startWatching = () => {
    outDir = mkdtempSync(path.join(tmpdir(), `shop-dev-ssr-${name}-`));
    process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
    watching = serverConfig({}, { mode: 'development' }, packageDir).then((config) => {
      const compiler = rspack({ ...config, output: { ...config.output, path: outDir } });
      const startBuild = () => {
        if (build.settled) build = deferred();
      };
      compiler.hooks.invalid.tap('ServerBuildMiddleware', startBuild);
      compiler.hooks.watchRun.tap('ServerBuildMiddleware', startBuild);
      return compiler.watch({ aggregateTimeout: 50 }, (error, stats) => {
        etags.clear();
        const errors = error ? String(error.stack ?? error) : stats.hasErrors() ? stats.toString({ all: false, errors: true, errorDetails: true }) : '';
        if (errors) log.error(`[${name}] server build failed (the shop renders this remote's fallback until it builds):\n${errors}`);
        else log.info(`[${name}] server build ready (served at /${SERVER_OUTPUT}/remoteEntry.js)`);
        build.resolve(errors);
      });
    });
    watching.catch((error) => build.resolve(`the server build could not start: ${error.stack ?? error}`));
  };

  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (!watching) {
      log.info(`[${name}] a shop asks for the server build: watching it from now on`);
      startWatching();
    }
    const errors = await build.promise;
    if (errors) {
      res.statusCode = 500;
      res.setHeader('content-type', 'text/plain; charset=utf-8');
      return res.end(req.method === 'HEAD' ? undefined : errors);
    }
    const file = path.join(outDir, path.normalize(decodeURIComponent(new URL(req.url, 'http://dev.invalid').pathname)));
    if (!file.startsWith(outDir + path.sep)) return next();
    let body;
    try {
      body = await readFile(file);
    } catch {
      return next();
    }
    let etag = etags.get(file);
    if (!etag) etags.set(file, (etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`));
    res.setHeader('etag', etag);
    res.setHeader('cache-control', 'no-cache');
    res.setHeader('content-type', 'text/javascript; charset=utf-8');
    if (req.headers['if-none-match'] === etag) {
      res.statusCode = 304;
      return res.end();
    }
    res.setHeader('content-length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}

function deferred() {
  const state = { settled: false };
  state.promise = new Promise((resolve) => {
    state.resolve = (value) => {
      state.settled = true;
      resolve(value);
    };
  });
  return state;
}
