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
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { createConfig, sharedSingletons } from './rspack.base.mjs';

const ROOT = import.meta.dirname;
const require = createRequire(import.meta.url);

/** The folder of dist/ a server build writes to; also the URL convention @shop/contracts/ssr states for remotes. */
export const SERVER_OUTPUT = 'server';

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

export default async function serverConfig(env, argv) {
  const packageDir = process.cwd();
  const mode = argv?.mode ?? process.env.NODE_ENV ?? 'production';
  const dev = mode === 'development';
  const { name, exposes, startup } = await federationOf(packageDir);
  const isShell = name === 'shell';
  // The browser config is the one place for the source rules and the CSS Modules naming: read them from it.
  const browser = createConfig({ packageDir, name, exposes, startup, port: 0 })(env, { ...argv, mode });
  const swcRule = browser.module.rules.find((rule) => rule?.loader === 'builtin:swc-loader');
  if (!swcRule) throw new Error('rspack.base.mjs has no builtin:swc-loader rule to reuse');
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
      parser: { 'css/auto': { namedExports: false }, javascript: { exportsPresence: 'error' } },
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
