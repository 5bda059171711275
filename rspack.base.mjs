// Shared rspack 2 + Module Federation configuration for the shell and the four remotes.
// Each package's rspack.config.mjs calls `createConfig` with what is particular to it (name, exposes, port);
// everything the packages must agree on (shared singletons, loaders, file naming) lives here, once.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { importedNames, writeContractsSubsets } from './contracts-subsets.mjs';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const API_ORIGIN = process.env.API_ORIGIN ?? 'http://localhost:8080';

/**
 * The remotes, their folders and their standalone dev-server ports. The production URLs are not here on purpose:
 * the shell learns them at run time from /remotes.json.
 */
export const REMOTES = {
  mf_catalog: { dir: 'mf-catalog', port: 3001 },
  mf_cart_checkout: { dir: 'mf-cart-checkout', port: 3002 },
  mf_account: { dir: 'mf-account', port: 3003 },
  mf_content: { dir: 'mf-content', port: 3004 },
};
export const SHELL_PORT = 3000;

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/**
 * Shared singletons. Versions come from the package's own package.json (one place per fact); the contracts'
 * subpaths come from the contracts' `exports` map so a new subpath is shared without touching this file.
 * Every shared module is a singleton: two Reacts break hooks, two effectors or two contracts split the event bus.
 */
export function sharedSingletons(packageDir) {
  const deps = readJson(path.join(packageDir, 'package.json')).dependencies ?? {};
  const need = (name) => {
    const range = deps[name];
    if (!range) throw new Error(`${packageDir}/package.json must depend on ${name} (it is a shared singleton)`);
    return range;
  };
  const singleton = (requiredVersion, extra = {}) => ({ singleton: true, requiredVersion, ...extra });
  const installedVersion = (name) => readJson(path.join(ROOT, 'node_modules', name, 'package.json')).version;
  const shared = {
    react: singleton(need('react')),
    'react/jsx-runtime': singleton(need('react')),
    'react-dom': singleton(need('react-dom')),
    'react-dom/client': singleton(need('react-dom')),
    // `react-router-dom` resolves to react-router-subset.mjs (see routerAliases): the one shared router module, so
    // shell and remotes keep ONE router context. Its version is the installed react-router-dom's (the alias target
    // lives in no package of its own). react-router itself is not shared: only the subset imports it, and inside
    // the subset's chunk it is tree-shaken down to what the subset re-exports.
    'react-router-dom': singleton(need('react-router-dom'), { version: installedVersion('react-router-dom') }),
    // `effector` and `effector-react` resolve to effector-subset.mjs and effector-react-subset.mjs the same way (and
    // for the same reason: see those files).
    effector: singleton(need('effector'), { version: installedVersion('effector') }),
    'effector-react': singleton(need('effector-react'), { version: installedVersion('effector-react') }),
  };
  const contracts = readJson(path.join(ROOT, 'shared-contracts/package.json'));
  const contractsRange = need(contracts.name);
  for (const subpath of Object.keys(contracts.exports ?? { '.': '' })) {
    if (subpath.endsWith('package.json')) continue;
    const request = subpath === '.' ? contracts.name : `${contracts.name}${subpath.slice(1)}`;
    shared[request] = singleton(contractsRange, { version: contracts.version });
  }
  return shared;
}

/**
 * Contracts entry points no first view uses, left out of `shared-libraries`: the shell still provides them, each in
 * an async chunk of its own that loads when a remote first imports it, and with `shareStrategy: 'loaded-first'` a
 * remote never replaces a registration the shell made first (loaded or not), so there is still one instance.
 * /validation (form, address and filter rules: checkout, account, catalogue filters), /texts/forms (their texts, and
 * the account pages') and the root, which re-exports every entry point (the shell's own code imports none of them).
 * Measured: home −1,371 B gzip (validation, root), −588 B (texts/forms).
 */
const lazyContracts = ['validation' + path.sep, 'index.ts', path.join('texts', 'forms.ts')];

/**
 * rspack provides a package's entry point only when the shell's own code imports it, and the shell imports none of
 * the lazy entry points. Given as a file path (`import`), a shared module is provided whether imported or not.
 */
function provideLazyContracts(shared) {
  const contracts = readJson(path.join(ROOT, 'shared-contracts/package.json'));
  for (const [subpath, file] of Object.entries(contracts.exports)) {
    const request = subpath === '.' ? contracts.name : `${contracts.name}${subpath.slice(1)}`;
    const resource = path.join(ROOT, 'shared-contracts', file);
    if (shared[request] && lazyContracts.some((lazy) => resource === path.join(ROOT, 'shared-contracts/src', lazy) || resource.startsWith(path.join(ROOT, 'shared-contracts/src', lazy)))) {
      shared[request] = { ...shared[request], import: resource };
    }
  }
}

/**
 * The shell's shared singletons and the packages they import, in ONE async chunk instead of one per shared module
 * (react, react-dom, each contracts subpath… 20 scripts on a first view). Each script the runtime adds costs the main
 * thread (~1 ms on a slow phone's start-up to insert and evaluate, plus a request); measured on checkout under
 * Lighthouse's mobile profile: blocking time 214–251 → 120–137 ms (median of 8), first-view JS 198 → 192 kB gzip.
 * Still shared the usual way, not `eager` (ARCHITECTURE.md): the modules stay behind the async boundary, and
 * loading any of them loads the chunk once. The contracts come as subsets (contracts-subsets.mjs), without the
 * entry points no first view uses (`lazyContracts`).
 */
function sharedLibraryChunk(shared) {
  const packageOf = (request) => request.split('/').slice(0, request.startsWith('@') ? 2 : 1).join('/');
  const packages = new Set(Object.keys(shared).map(packageOf));
  packages.delete(readJson(path.join(ROOT, 'shared-contracts/package.json')).name);
  // What the shared packages import (react-dom → scheduler, effector-react → use-sync-external-store, the router
  // subset → react-router): in the chunk too, or each would be a script of its own again.
  for (const dependency of ['scheduler', 'use-sync-external-store', 'react-router']) packages.add(dependency);
  const inPackage = [...packages].map((name) => `${path.sep}node_modules${path.sep}${name}${path.sep}`);
  const contracts = path.join(ROOT, 'shared-contracts', 'src') + path.sep;
  const lazy = lazyContracts.map((file) => path.join(contracts, file));
  const subsets = new Set([
    ...['react-router-subset.mjs', 'effector-subset.mjs', 'effector-react-subset.mjs'].map((file) => path.join(ROOT, file)),
    ...Object.values(contractsSubsetAliases()),
  ]);
  return {
    name: 'shared-libraries',
    chunks: 'async',
    enforce: true,
    priority: 50,
    test: (module) => {
      const resource = module.resource ?? '';
      if (resource.startsWith(contracts)) return !lazy.some((file) => resource === file || (file.endsWith(path.sep) && resource.startsWith(file)));
      if (subsets.has(resource)) return true;
      return inPackage.some((part) => resource.includes(part));
    },
  };
}

/**
 * @param {object} options
 * @param {string} options.packageDir   absolute folder of the package (import.meta.dirname of its config)
 * @param {'shell' | keyof typeof REMOTES} options.name  federation name
 * @param {Record<string, string>} [options.exposes]     remote modules (remotes only)
 * @param {number} options.port         dev-server port
 * @param {Record<string, () => unknown>} [options.devJson] extra dev-server JSON documents by path
 */
export function createConfig({ packageDir, name, exposes, port, devJson, startup }) {
  return (_env, argv) => {
    const mode = argv?.mode ?? process.env.NODE_ENV ?? 'production';
    const dev = mode === 'development';
    const serving = dev && process.argv.includes('serve');
    const isShell = name === 'shell';
    const shared = sharedSingletons(packageDir);
    if (isShell) provideLazyContracts(shared);
    const cssPrefix = isShell ? 'shell' : name.replace(/^mf_/, '');
    if (!isShell && !startup) throw new Error(`${name}: a remote declares its start-up (createConfig's \`startup\`, src/startup.ts)`);

    return {
      mode,
      context: packageDir,
      // A remote's standalone page (src/index.ts) is for its dev server; in production only remoteEntry.js is built.
      entry: isShell || dev ? { main: './src/index.ts' } : {},
      target: ['web', 'es2022'],
      devtool: dev ? 'cheap-module-source-map' : 'source-map',
      output: {
        path: path.join(packageDir, 'dist'),
        // The shell serves deep links (/product/x), so its assets need absolute URLs; remotes are served from
        // wherever /remotes.json says, so they work out their own base at run time.
        publicPath: isShell ? '/' : 'auto',
        uniqueName: `shop_${name}`,
        filename: dev ? '[name].js' : '[name].[contenthash:10].js',
        chunkFilename: dev ? '[name].js' : '[name].[contenthash:10].js',
        cssFilename: dev ? '[name].css' : '[name].[contenthash:10].css',
        cssChunkFilename: dev ? '[name].css' : '[name].[contenthash:10].css',
        assetModuleFilename: dev ? 'assets/[name][ext]' : 'assets/[name].[contenthash:10][ext]',
        clean: true,
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
        // The contracts are TypeScript source with `.js` suffixes on relative imports (NodeNext style).
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        alias: { ...(dev ? {} : contractsSubsetAliases()), ...routerAliases({ dev }), ...effectorAliases(), ...syncExternalStoreAliases(), ...federationRuntimeEsmAliases(), ...(isShell ? federationLibAliases() : {}) },
      },
      module: {
        parser: {
          // `import styles from './x.module.css'` (default export) in every package.
          'css/auto': { namedExports: false },
          // An import of a name a module does not export (say a react-router export missing from
          // react-router-subset.mjs) fails the build instead of being `undefined` at run time.
          javascript: { exportsPresence: 'error' },
        },
        generator: {
          'css/auto': {
            localIdentName: dev ? `${cssPrefix}__[name]__[local]` : `${cssPrefix}_[hash:base64:6]`,
            exportsConvention: 'as-is',
          },
        },
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /[\\/]node_modules[\\/]/,
            loader: 'builtin:swc-loader',
            type: 'javascript/auto',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                target: 'es2022',
                transform: {
                  react: { runtime: 'automatic', development: dev, refresh: serving },
                },
              },
            },
          },
          // What the router subset does not use of react-router's production build can go (the loader says why).
          ...(dev ? [] : [{ test: /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[A-Z0-9]+\.mjs$/, loader: path.join(ROOT, 'react-router-trim-loader.cjs') }]),
          { test: /\.css$/, type: 'css/auto' },
          { test: /\.(svg|png|jpe?g|webp|avif|woff2?)$/, type: 'asset' },
        ],
      },
      optimization: {
        minimize: !dev,
        ...(isShell
          ? { splitChunks: { chunks: 'async', cacheGroups: { sharedLibraries: sharedLibraryChunk(shared) } } }
          : {}),
      },
      performance: { hints: false },
      lazyCompilation: false,
      plugins: [
        (isShell || dev) &&
          new rspack.HtmlRspackPlugin({
            template: path.join(packageDir, 'index.html'),
            chunks: ['main'],
            minify: !dev,
            templateParameters: { devToolsHookShim: serving && isShell ? DEVTOOLS_HOOK_SHIM : '' },
          }),
        isShell && new ShellStartPlugin(),
        !isShell && new RemoteStartupPlugin(path.resolve(packageDir, startup)),
        new ModuleFederationPlugin({
          name,
          ...(isShell
            ? // No static remotes: the shell reads their URLs from /remotes.json at run time.
              { remotes: {}, manifest: false }
            : { filename: 'remoteEntry.js', exposes, manifest: true }),
          shared,
          // Reuse what is already loaded instead of fetching every remote at start-up to compare versions.
          shareStrategy: 'loaded-first',
          experiments: federationExperiments({ isShell, dev }),
          dts: false,
        }),
        !isShell && !dev && new rspack.ExternalsPlugin('global', federationLibExternals),
        new EsmRuntimeAliasPlugin(),
        new SubsetImportsPlugin(),
        serving && new ReactRefreshRspackPlugin(),
      ].filter(Boolean),
      devServer: {
        port,
        host: 'localhost',
        hot: true,
        historyApiFallback: true,
        // Remotes are fetched cross-origin by the shell's dev server page.
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api'], target: API_ORIGIN, changeOrigin: true }],
        setupMiddlewares: devJson
          ? (middlewares) => [
              ...Object.entries(devJson).map(([route, document]) => ({
                name: `json ${route}`,
                path: route,
                middleware: (_req, res) => {
                  res.setHeader('content-type', 'application/json');
                  res.end(JSON.stringify(document()));
                },
              })),
              ...middlewares,
            ]
          : undefined,
      },
    };
  };
}

/**
 * index.html starts the shell with shell/src/start/startAfterFirstPaint.ts, inlined, instead of the
 * `<script defer src="main.….js">` HtmlRspackPlugin writes: main.js is requested only once the server's static first
 * view has painted (the reasons are in that file). The function is compiled from its TypeScript source here, so the
 * unit-tested code is the code in the page; the server hashes the inline script into its CSP like the others.
 */
const SHELL_START_SOURCE = path.join(ROOT, 'shell/src/start/startAfterFirstPaint.ts');
class ShellStartPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('ShellStartPlugin', (compilation) => {
      compilation.fileDependencies.add(SHELL_START_SOURCE);
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tapPromise('ShellStartPlugin', async (data) => {
        const entries = data.headTags.filter((tag) => tag.tagName === 'script' && tag.attributes.src);
        if (entries.length !== 1) throw new Error(`ShellStartPlugin expects one entry script in index.html, found ${entries.length}`);
        const { code } = await rspack.experiments.swc.transform(readFileSync(SHELL_START_SOURCE, 'utf8'), {
          filename: SHELL_START_SOURCE,
          jsc: { parser: { syntax: 'typescript' }, target: 'es2020', minify: { compress: true, mangle: true } },
          minify: true,
          isModule: true,
        });
        const body = code.replace(/^export\s+/m, '').trim();
        if (!body.startsWith('function startAfterFirstPaint(')) throw new Error('startAfterFirstPaint.ts must hold one exported function');
        const call = `startAfterFirstPaint(window,${JSON.stringify(entries[0].attributes.src)})`;
        data.headTags = data.headTags.filter((tag) => tag !== entries[0]);
        data.bodyTags.push(rspack.HtmlRspackPlugin.createHtmlTagObject('script', {}, `(function(){${body}${call}})()`));
        return data;
      });
    });
  }
}

/**
 * Writes the remote's start-up declaration (`RemoteStartup`, @shop/contracts/types) as startup.json next to its
 * mf-manifest.json (REMOTE_STARTUP_FILE in @shop/contracts/constants), where the shell reads it. The source is the
 * remote's src/startup.ts, type-checked like the rest of its code and evaluated here on its own: it may import types
 * only. A JSON file rather than an exposed module, so reading it loads none of the remote's code.
 */
class RemoteStartupPlugin {
  constructor(source) {
    this.source = source;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('RemoteStartupPlugin', (compilation) => {
      compilation.fileDependencies.add(this.source);
      compilation.hooks.processAssets.tapPromise(
        { name: 'RemoteStartupPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          const { code } = await rspack.experiments.swc.transform(readFileSync(this.source, 'utf8'), {
            filename: this.source,
            jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
            isModule: true,
          });
          let declaration;
          try {
            ({ startup: declaration } = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`));
          } catch (error) {
            throw new Error(`${this.source} must stand alone (type imports only): ${error.message}`);
          }
          if (typeof declaration !== 'object' || declaration === null) throw new Error(`${this.source} must export \`startup\``);
          compilation.emitAsset('startup.json', new rspack.sources.RawSource(JSON.stringify(declaration)));
        },
      );
    });
  }
}

/**
 * Remote HMR inside the shell (dev only). Every app has its own react-refresh runtime; a runtime that starts after
 * React (a remote's) finds the renderer only in the DevTools hook's `renderers` map, which react-refresh's own
 * stand-in hook never fills. This stand-in does, so each remote's runtime can refresh its components in the shell.
 * A real React DevTools hook, when present, is left alone.
 */
const DEVTOOLS_HOOK_SHIM = `<script>(function () {
  if (window.__REACT_DEVTOOLS_GLOBAL_HOOK__) return;
  var renderers = new Map();
  var nextId = 0;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers: renderers,
    supportsFiber: true,
    inject: function (renderer) { nextId += 1; renderers.set(nextId, renderer); return nextId; },
    onScheduleFiberRoot: function () {},
    onCommitFiberRoot: function () {},
    onCommitFiberUnmount: function () {},
  };
})();</script>`;

/**
 * `react-router-dom` → react-router-subset.mjs (the short list of router exports the apps use; shared, see
 * sharedSingletons). react-router 7's package "exports" point every condition at its development build (dev warnings
 * and checks); production bundles take the production build it ships next to it.
 */
function routerAliases({ dev }) {
  const aliases = { 'react-router-dom$': path.join(ROOT, 'react-router-subset.mjs') };
  if (dev) return aliases;
  const dist = path.join(ROOT, 'node_modules/react-router/dist/production');
  return {
    ...aliases,
    'react-router$': path.join(dist, 'index.mjs'),
    'react-router/dom$': path.join(dist, 'dom-export.mjs'),
  };
}

/**
 * The shared subsets (react-router-subset.mjs, effector-subset.mjs, effector-react-subset.mjs) list the names the
 * apps and the libraries they bundle import. `exportsPresence: 'error'` does not guard them: an import of a shared
 * module goes through the federation's consume module, whose exports the parser does not check (measured: importing
 * NavLink or fork built fine and would have been `undefined`). This plugin does: it reads the import and re-export
 * statements of every bundled module (after loaders, so TypeScript is plain ESM by then) and fails the build on a
 * name from `react-router-dom`, `effector` or `effector-react` that the subset does not export, or on a namespace
 * import or `require` of them, which it cannot check.
 */
const SUBSETS = {
  'react-router-dom': 'react-router-subset.mjs',
  effector: 'effector-subset.mjs',
  'effector-react': 'effector-react-subset.mjs',
};
function subsetExports(file) {
  const source = readFileSync(path.join(ROOT, file), 'utf8');
  const names = [...source.matchAll(/export\s*\{([^}]*)\}\s*from/g)].flatMap(([, list]) => importedNames(list));
  if (names.length === 0) throw new Error(`${file} exports nothing`);
  return new Set(names);
}
class SubsetImportsPlugin {
  apply(compiler) {
    const exportsOf = Object.fromEntries(Object.entries(SUBSETS).map(([request, file]) => [request, subsetExports(file)]));
    const requests = Object.keys(SUBSETS).map((request) => request.replace(/[-/]/g, '\\$&')).join('|');
    const named = new RegExp(`(?:import|export)\\s*(?:type\\s*)?\\{([^}]*)\\}\\s*from\\s*["'](${requests})["']`, 'g');
    const other = new RegExp(`(?:import\\s*\\*|export\\s*\\*|import\\s+[A-Za-z_$][\\w$]*\\s*(?:,|from)|require\\s*\\()\\s*[^;]*?["'](${requests})["']`, 'g');
    compiler.hooks.compilation.tap('SubsetImportsPlugin', (compilation) => {
      compilation.hooks.finishModules.tap('SubsetImportsPlugin', (modules) => {
        for (const module of modules) {
          const resource = module.resource;
          if (!resource || !/\.[cm]?[jt]sx?$/.test(resource) || Object.values(SUBSETS).some((file) => resource === path.join(ROOT, file))) continue;
          const source = module.originalSource?.()?.source?.()?.toString() ?? '';
          if (!Object.keys(SUBSETS).some((request) => source.includes(request))) continue;
          for (const [, list, request] of source.matchAll(named)) {
            for (const name of importedNames(list)) {
              if (!exportsOf[request].has(name)) {
                compilation.errors.push(new Error(`${path.relative(ROOT, resource)} imports ${name} from ${request}, which ${SUBSETS[request]} does not export: add it there`));
              }
            }
          }
          for (const [statement, request] of source.matchAll(other)) {
            compilation.errors.push(new Error(`${path.relative(ROOT, resource)}: "${statement.slice(0, 80)}" takes ${request} whole; ${SUBSETS[request]} shares only named exports`));
          }
        }
      });
    });
  }
}

/**
 * @shop/contracts/<entry> → the generated subset of it the front ends import (contracts-subsets.mjs says why).
 * Production builds only, like the router trim: a dev server reads the lists once, at start, and an import added
 * while it runs would be `undefined`; development builds share the entry points whole (shell and remotes alike).
 */
let contractsSubsetAliasesMemo;
function contractsSubsetAliases() {
  return (contractsSubsetAliasesMemo ??= writeContractsSubsets());
}

/**
 * `effector` → effector-subset.mjs and `effector-react` → effector-react-subset.mjs, the exports the apps import
 * (shared, see sharedSingletons): each library is one module, and a shared module keeps every export, so the whole of
 * both (fork, allSettled, serialize, domains, gates, Provider…) was in every first view. effector-react imports
 * effector/effector.mjs itself, the very module the subset re-exports, so there is still one effector. Measured:
 * shared-libraries.js 106.7 → 101.7 kB gzip (effector 12.1 → 9.0, then effector-react and what only it used −1.9).
 */
function effectorAliases() {
  return { effector$: path.join(ROOT, 'effector-subset.mjs'), 'effector-react$': path.join(ROOT, 'effector-react-subset.mjs') };
}

/**
 * effector-react imports use-sync-external-store's shims, written for React < 18: the shim (a whole
 * useSyncExternalStore) and a selector built on it. React 19 has useSyncExternalStore, and the package ships the same
 * two entry points on top of React's own (what the shims use anyway when React has it). Measured: −0.16 kB gzip.
 */
function syncExternalStoreAliases() {
  const dir = path.join(ROOT, 'node_modules/use-sync-external-store');
  return {
    'use-sync-external-store/shim/index.js$': path.join(dir, 'index.js'),
    'use-sync-external-store/shim/with-selector.js$': path.join(dir, 'with-selector.js'),
  };
}

/**
 * The federation runtime core is ~20 kB gzip; shipped once by the shell instead of once per remote entry
 * (measured: remoteEntry.js 34.7 → 14.8 kB gzip). Remotes also drop the snapshot and remote-loading code they never
 * use (they consume no remotes). In development a remote keeps its own runtime so its standalone page runs.
 */
function federationExperiments({ isShell, dev }) {
  if (isShell) return { provideExternalRuntime: true, optimization: { target: 'web' } };
  if (dev) return { optimization: { target: 'web' } };
  return { externalRuntime: true, optimization: { target: 'web', disableSnapshot: true, disableRemote: true } };
}

/**
 * The federation libraries a remote entry would otherwise carry a copy of (~36 kB raw, ~10 kB gzip per remote, the
 * bulk of each remoteEntry.js even with the runtime core external): @module-federation/sdk, its error codes and the
 * stateless helpers of the webpack bundler runtime. The shell already bundles the very same files for itself and
 * hands them over on `window.__SHOP_FEDERATION_LIBS__` (shell/src/federation/provideFederationLibs.mjs) before any
 * remote loads; production remotes take them from there. Not shared: the bundler runtime's index and init and
 * @module-federation/runtime, which hold per-container state. Like `externalRuntime`, this ties a remote to the
 * shell's federation version (one lock file for all); development remotes keep their own copies (standalone pages).
 */
export const FEDERATION_LIBS_GLOBAL = '__SHOP_FEDERATION_LIBS__';
const requireFromRoot = createRequire(path.join(ROOT, 'package.json'));
const BUNDLER_RUNTIME_DIST = path.dirname(requireFromRoot.resolve('@module-federation/webpack-bundler-runtime'));
export const SHARED_BUNDLER_HELPERS = [
  'remotes',
  'consumes',
  'initializeSharing',
  'installInitialConsumes',
  'initContainerEntry',
  'getSharedFallbackGetter',
  'attachShareScopeMap',
  'updateOptions',
  'constant',
  'getUsedExports',
];
const SHARED_FEDERATION_PACKAGES = { '@module-federation/sdk': 'sdk', '@module-federation/error-codes': 'errorCodes' };

function federationLibExternals({ request, context }, callback) {
  if (request && SHARED_FEDERATION_PACKAGES[request]) {
    return callback(null, [FEDERATION_LIBS_GLOBAL, SHARED_FEDERATION_PACKAGES[request]]);
  }
  const helper = request && /^\.\/([A-Za-z]+)\.c?js$/.exec(request)?.[1];
  if (helper && SHARED_BUNDLER_HELPERS.includes(helper) && path.resolve(context ?? '') === BUNDLER_RUNTIME_DIST) {
    return callback(null, [FEDERATION_LIBS_GLOBAL, 'bundler', helper]);
  }
  return callback();
}

/** The shell reaches the bundler runtime's helper files by path (the package's "exports" does not list them). */
function federationLibAliases() {
  return { '@shop/federation-bundler-runtime-dist': BUNDLER_RUNTIME_DIST };
}
/**
 * The federation runtime as ES modules. rspack's ModuleFederationPlugin finds the bundler runtime, the runtime and the
 * runtime plugins with Node's `require.resolve`, i.e. their CommonJS builds, and everything they import then comes as
 * CommonJS too: no tree shaking, so the snapshot, manifest, Node and config helpers of @module-federation/sdk and
 * runtime-core were shipped whole. Their ESM builds (same version, same exports) are shaken like any module:
 * measured, the shell's main.js 33.1 → 30.2 kB gzip and each remoteEntry.js ~0.4–0.5 kB less.
 * `federationRuntimeEsmAliases` points the absolute .cjs paths the plugin writes into its runtime entry at the .js
 * files beside them; `EsmRuntimeAliasPlugin` drops the plugins' own `@module-federation/runtime` aliases (to the .cjs
 * build) once they are set, so the package's "exports" pick the ESM build for an `import`.
 */
function federationRuntimeEsmAliases() {
  const aliases = {};
  for (const name of ['@module-federation/webpack-bundler-runtime', '@module-federation/inject-external-runtime-core-plugin']) {
    const commonJs = requireFromRoot.resolve(name);
    if (!commonJs.endsWith('.cjs')) throw new Error(`${name} resolves to ${commonJs}, expected its .cjs build`);
    aliases[commonJs] = commonJs.replace(/\.cjs$/, '.js');
  }
  return aliases;
}

class EsmRuntimeAliasPlugin {
  apply(compiler) {
    // afterPlugins: after both federation plugins have added their aliases (they do so in apply and afterPlugins).
    compiler.hooks.afterPlugins.tap('EsmRuntimeAliasPlugin', () => {
      const { '@module-federation/runtime': _cjs, '@module-federation/runtime$': _bundler, ...alias } = compiler.options.resolve.alias ?? {};
      compiler.options.resolve.alias = alias;
    });
  }
}

/** /remotes.json for the shell's dev server: every remote on its own standalone dev server. */
export function devRemotesJson() {
  return Object.fromEntries(
    Object.entries(REMOTES).map(([remote, { port }]) => [remote, `http://localhost:${port}/mf-manifest.json`]),
  );
}
