// Shared rspack 2 + Module Federation configuration for the shell and the four remotes.
// Each package's rspack.config.mjs calls `createConfig` with what is particular to it (name, exposes, port);
// everything the packages must agree on (shared singletons, loaders, file naming) lives here, once.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
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
 * The libraries every front end shares, as versioned singletons: two Reacts break hooks, two routers split the
 * router context, two effectors or two contracts split the event bus. Each is shared WHOLE, so a remote deployed alone
 * may use any export of any of them without another build (ADR 0015). `requiredVersion` is the package's own semver
 * range from its package.json (one place per fact) and `version` the copy the package really bundles, so a remote
 * that bundles a newer minor than the shell still takes the shell's singleton, and the federation runtime says so in
 * the console instead of loading a second copy. The contracts' subpaths come from their `exports` map, so a new
 * subpath is shared without touching this file (/testing is test fixtures only: no front end loads it).
 */
export const SHARED_LIBRARIES = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'react-router-dom', 'effector', 'effector-react'];
const CONTRACTS_DIR = path.join(ROOT, 'shared-contracts');
const NOT_SHARED_CONTRACTS = new Set(['./package.json', './testing']);
const { name: CONTRACTS_NAME, version: CONTRACTS_VERSION, exports: CONTRACTS_EXPORTS } = readJson(path.join(CONTRACTS_DIR, 'package.json'));
/** `react-dom/client` → `react-dom`, `@scope/name/x` → `@scope/name`. */
const packageOf = (request) => request.split('/').slice(0, request.startsWith('@') ? 2 : 1).join('/');

export function sharedSingletons(packageDir) {
  const deps = readJson(path.join(packageDir, 'package.json')).dependencies ?? {};
  const need = (name) => {
    const range = deps[name];
    if (!range) throw new Error(`${packageDir}/package.json must depend on ${name} (it is a shared singleton)`);
    return range;
  };
  const shared = {};
  for (const request of SHARED_LIBRARIES) {
    const name = packageOf(request);
    shared[request] = { singleton: true, requiredVersion: need(name), version: installedVersion(packageDir, name) };
  }
  for (const request of Object.keys(contractsEntryPoints())) {
    shared[request] = { singleton: true, requiredVersion: need(CONTRACTS_NAME), version: CONTRACTS_VERSION };
  }
  return shared;
}

/** `@shop/contracts/<subpath>` → its source file, for every shared entry point. */
function contractsEntryPoints() {
  return Object.fromEntries(
    Object.entries(CONTRACTS_EXPORTS)
      .filter(([subpath]) => !NOT_SHARED_CONTRACTS.has(subpath))
      .map(([subpath, file]) => [subpath === '.' ? CONTRACTS_NAME : `${CONTRACTS_NAME}${subpath.slice(1)}`, { file: path.join(CONTRACTS_DIR, file) }]),
  );
}

/**
 * The version of `name` that `packageDir` bundles: the nearest node_modules copy, as Node resolves it (a remote that
 * installs a newer minor in its own node_modules bundles that one, and must say so).
 */
function installedVersion(packageDir, name) {
  for (let dir = packageDir; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'node_modules', name, 'package.json');
    if (existsSync(file)) return readJson(file).version;
    if (dir === path.dirname(dir)) throw new Error(`${name} is not installed for ${packageDir}`);
  }
}

/**
 * The shell provides every contracts entry point, also those its own code never imports (rspack provides a
 * package's entry point only when the compilation imports it; given as a file path, `import`, it is provided
 * either way): a remote deployed alone may start using any of them.
 */
function provideEveryContractsEntry(shared) {
  for (const [request, { file }] of Object.entries(contractsEntryPoints())) shared[request] = { ...shared[request], import: file };
}

/**
 * Contracts entry points no first view uses, left out of `shared-libraries`: the shell still provides them, each in
 * an async chunk of its own that loads when a remote first imports it, and with `shareStrategy: 'loaded-first'` a
 * remote never replaces a registration the shell made first (loaded or not), so there is still one instance.
 * /validation (form, address and filter rules), /texts/forms (their texts, and the account pages') and the root,
 * which re-exports every entry point (no front end's code imports it). /ssr is not among them: every server-rendered
 * first view hydrates from it (page data, server-filled state, the hydrated mark), so as a chunk of its own it was
 * two more scripts on every first view.
 */
const lazyContracts = ['validation' + path.sep, 'index.ts', path.join('texts', 'forms.ts')];

/**
 * The shell's shared singletons and the packages they import, in ONE async chunk instead of one per shared module
 * (react, react-dom, each contracts subpath… 20 scripts on a first view). Each script the runtime adds costs the main
 * thread (~1 ms on a slow phone's start-up to insert and evaluate, plus a request); measured on checkout under
 * Lighthouse's mobile profile: blocking time 214–251 → 120–137 ms (median of 8), first-view JS 198 → 192 kB gzip.
 * Still shared the usual way, not `eager` (docs/architecture.md): the modules stay behind the async boundary, and
 * loading any of them loads the chunk once. Plain `splitChunks` configuration of the shell's own build.
 */
function sharedLibraryChunk() {
  const packages = new Set(SHARED_LIBRARIES.map(packageOf));
  // What the shared packages import (react-dom → scheduler, effector-react → use-sync-external-store,
  // react-router-dom → react-router): in the chunk too, or each would be a script of its own again.
  for (const dependency of ['scheduler', 'use-sync-external-store', 'react-router']) packages.add(dependency);
  const inPackage = [...packages].map((name) => `${path.sep}node_modules${path.sep}${name}${path.sep}`);
  const contracts = path.join(CONTRACTS_DIR, 'src') + path.sep;
  const lazy = lazyContracts.map((file) => path.join(contracts, file));
  return {
    name: 'shared-libraries',
    chunks: 'async',
    enforce: true,
    priority: 50,
    test: (module) => {
      const resource = module.resource ?? '';
      if (resource.startsWith(contracts)) return !lazy.some((file) => resource === file || (file.endsWith(path.sep) && resource.startsWith(file)));
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
    if (isShell) provideEveryContractsEntry(shared);
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
        alias: { ...routerProductionBuild({ dev }), ...syncExternalStoreAliases() },
      },
      module: {
        parser: {
          // `import styles from './x.module.css'` (default export) in every package.
          'css/auto': { namedExports: false },
          // An import of a name a module does not export fails the build instead of being `undefined` at run time.
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
                  // A remote's JSX calls the shared react/jsx-runtime, i.e. the host's, which matches the host's
                  // React build. Its jsx-dev-runtime is not shared: a development remote in a production shop (a
                  // dev server in `npm start`'s registry) would call jsxDEV against production React and fail
                  // ("dispatcher.getOwner is not a function", server and browser alike). On its standalone page a
                  // remote is its own host, with development React, whose jsx-runtime still checks keys.
                  react: { runtime: 'automatic', development: dev && isShell, refresh: serving },
                },
              },
            },
          },
          { test: /\.css$/, type: 'css/auto' },
          { test: /\.(svg|png|jpe?g|webp|avif|woff2?)$/, type: 'asset' },
        ],
      },
      optimization: {
        minimize: !dev,
        ...(isShell
          ? { splitChunks: { chunks: 'async', cacheGroups: { sharedLibraries: sharedLibraryChunk() } } }
          : {}),
      },
      performance: { hints: false },
      infrastructureLogging: { console: infrastructureConsole },
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
        serving && new ReactRefreshRspackPlugin(),
      ].filter(Boolean),
      devServer: {
        port,
        host: 'localhost',
        hot: true,
        historyApiFallback: true,
        // Remotes are fetched cross-origin by the shell's dev server page.
        headers: { 'Access-Control-Allow-Origin': '*' },
        // The registries that name a remote's dev server (devRemotesJson, scripts/dev-shop.mjs) call it localhost,
        // whatever host name the shop's page is opened at. A page of another site (the shop at http://127.0.0.1:8080,
        // or at the machine's name on the network) loads the remote's scripts as no-cors requests, which @rspack/dev-server
        // answers "403 Cross-Origin request blocked" unless the Host they were sent to is listed here: the remote then
        // fell back in the shop. Listing its own names lets the shop open at any host name; other Host headers are
        // still refused (DNS rebinding), and the files were already readable from anywhere (the header above).
        ...(isShell ? {} : { allowedHosts: ['localhost', '127.0.0.1'] }),
        proxy: [{ context: ['/api'], target: API_ORIGIN, changeOrigin: true }],
        setupMiddlewares: (middlewares) => [
          ...Object.entries(devJson ?? {}).map(([route, document]) => ({
            name: `json ${route}`,
            path: route,
            middleware: (_req, res) => {
              res.setHeader('content-type', 'application/json');
              res.end(JSON.stringify(document()));
            },
          })),
          // A remote's dev server serves its server build too (watched in this process), so the shop renders the
          // remote's pages on the server with the code being edited (rspack.server.mjs, serverBuildMiddleware).
          ...(isShell ? [] : [{ name: 'server build', path: `/${SERVER_OUTPUT}`, middleware: serverBuild(packageDir) }]),
          ...middlewares,
        ],
      },
    };
  };
}

/**
 * Infrastructure messages (the plugins' and the dev server's own loggers; `ignoreWarnings` filters compilation
 * warnings only, not these) are printed as usual, but for the warnings the project cannot act on, each with why:
 * - the Module Federation manifest plugin's "Manifest will use absolute path resolution via its host at runtime,
 *   reason: publicPath='auto'", on every remote's build: a remote's publicPath is 'auto' by design (it is served
 *   wherever /remotes.json says: the shop's /mf/<remote>/, a dev server, a remote deployed alone; output.publicPath
 *   above), so its manifest names no base and the host resolves its files against the manifest's own URL. That is
 *   what the warning announces; the plugin has no option to say it was meant.
 */
const UNACTIONABLE_INFRASTRUCTURE_WARNINGS = [/Manifest will use absolute path resolution via its host at runtime, reason: publicPath='auto'/];
const infrastructureConsole = Object.create(console, {
  warn: {
    value: (...args) => {
      if (!UNACTIONABLE_INFRASTRUCTURE_WARNINGS.some((pattern) => args.some((arg) => pattern.test(String(arg))))) console.warn(...args);
    },
  },
});

/**
 * index.html starts the shell with shell/src/start/startAfterFirstPaint.ts, inlined, instead of the
 * `<script defer src="main.….js">` HtmlRspackPlugin writes: main.js is requested only once the server's static first
 * view has painted (the reasons are in that file). The function is compiled from its TypeScript source here, so the
 * unit-tested code is the code in the page; the server hashes the inline script into its CSP like the others.
 */
const SHELL_START_SOURCE = path.join(ROOT, 'shell/src/start/startAfterFirstPaint.ts');
/** The contract naming the page's largest image (PAGE_IMAGE_SELECTOR), which the remotes' markup carries. */
const PAGE_IMAGE_SOURCE = path.join(CONTRACTS_DIR, 'src/ssr/pageImage.ts');
/** The id of the template that holds a server-rendered page's remote script preloads until the start. */
const PAGE_SCRIPTS_SOURCE = path.join(ROOT, 'shell/src/start/pageScripts.ts');
class ShellStartPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('ShellStartPlugin', (compilation) => {
      compilation.fileDependencies.add(SHELL_START_SOURCE);
      compilation.fileDependencies.add(PAGE_IMAGE_SOURCE);
      compilation.fileDependencies.add(PAGE_SCRIPTS_SOURCE);
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
        const { PAGE_IMAGE_SELECTOR } = await importStandalone(PAGE_IMAGE_SOURCE);
        if (typeof PAGE_IMAGE_SELECTOR !== 'string') throw new Error(`${PAGE_IMAGE_SOURCE} must export PAGE_IMAGE_SELECTOR`);
        const { PAGE_SCRIPTS_TEMPLATE_ID } = await importStandalone(PAGE_SCRIPTS_SOURCE);
        if (typeof PAGE_SCRIPTS_TEMPLATE_ID !== 'string') throw new Error(`${PAGE_SCRIPTS_SOURCE} must export PAGE_SCRIPTS_TEMPLATE_ID`);
        const call = `startAfterFirstPaint(window,${[entries[0].attributes.src, PAGE_IMAGE_SELECTOR, PAGE_SCRIPTS_TEMPLATE_ID].map((value) => JSON.stringify(value)).join(',')})`;
        data.headTags = data.headTags.filter((tag) => tag !== entries[0]);
        data.bodyTags.push(rspack.HtmlRspackPlugin.createHtmlTagObject('script', {}, `(function(){${body}${call}})()`));
        return data;
      });
    });
  }
}

/** A TypeScript module that imports types only, compiled and evaluated in the build (its exports, as a module). */
async function importStandalone(source) {
  const { code } = await rspack.experiments.swc.transform(readFileSync(source, 'utf8'), {
    filename: source,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    isModule: true,
  });
  try {
    return await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  } catch (error) {
    throw new Error(`${source} must stand alone (type imports only): ${error.message}`);
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
          const { startup: declaration } = await importStandalone(this.source);
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
 * react-router 7's package "exports" point every condition at its development build (dev warnings and checks); it
 * ships its production build beside it, which production bundles take. react-router-dom re-exports react-router.
 */
function routerProductionBuild({ dev }) {
  if (dev) return {};
  const dist = path.join(ROOT, 'node_modules/react-router/dist/production');
  return { 'react-router$': path.join(dist, 'index.mjs'), 'react-router/dom$': path.join(dist, 'dom-export.mjs') };
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
 * The folder of dist/ a server build writes to (rspack.server.mjs), and where a dev server serves it: also the URL
 * convention the shop's renderer follows (`serverEntryUrl`, shell/src/federation/remotes.ts).
 */
export const SERVER_OUTPUT = 'server';

/** rspack.server.mjs builds with this file's config: imported only once a dev server starts (no cycle at load). */
function serverBuild(packageDir) {
  const middleware = import('./rspack.server.mjs').then(({ serverBuildMiddleware }) => serverBuildMiddleware(packageDir));
  return (req, res, next) => middleware.then((handle) => handle(req, res, next), next);
}

/** /remotes.json for the shell's dev server: every remote on its own standalone dev server. */
export function devRemotesJson() {
  return Object.fromEntries(
    Object.entries(REMOTES).map(([remote, { port }]) => [remote, `http://localhost:${port}/mf-manifest.json`]),
  );
}
