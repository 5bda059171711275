// Production builds only (rspack.base.mjs): lets the bundler drop what react-router-subset.mjs does not use of
// react-router's production chunk. The subset re-exports a dozen names, but ~40% of the library stayed in the shared
// chunk because top-level statements keep it alive:
//   - `var NavLink = React.forwardRef(…)`, `var Form = …`, `createContext(…)`, `memo(…)`: calls the minifier must
//     assume have side effects, so neither the component nor what it alone uses (Form → useSubmit,
//     getFormSubmissionInfo…) can go. They are pure: annotated `/* @__PURE__ */`, as the library does for its JSX;
//   - `X.displayName = "…"`: a write that keeps X. displayName is read by React DevTools and development warnings
//     only (this is the production build); dropped;
//   - Link's prefetching (usePrefetchBehavior, PrefetchPageLinks and the framework/RSC route-module code behind them):
//     it only acts inside react-router's framework mode (a FrameworkContext, which <BrowserRouter> never provides —
//     usePrefetchBehavior then returns [false, ref, {}] whatever `prefetch` says) and no app passes `prefetch`.
//     Link gets that answer directly;
//   - the data-router paths of useRoutesImpl and _renderMatches: they get data-router options only from DataRoutes
//     (RouterProvider's) and renderMatches, and react-router-subset.mjs exports neither nor any data router
//     (checked below); under <Routes> the options are always undefined. They become `(void 0)` in those bodies, so loader
//     data, hydrate fallbacks and the error boundary that only data routers render (RenderErrorBoundary,
//     DefaultErrorComponent) go. With them, every RouteContext says `isDataRoute: false` (the context's default, and
//     what _renderMatches now always writes), so useNavigate takes useNavigateUnstable directly and the data-router
//     navigate (useNavigateStable, useCurrentRouteId…) goes;
//   - RenderErrorBoundary's server-component (RSC) error handling (RSCErrorHandler, the redirect and error-response
//     digest decoders): it reads `this.context`, the RSCRouterContext value, which only react-router's RSC router
//     provides (false otherwise, as under <BrowserRouter>). Those two tests become `false` and the contextType
//     assignment goes (without a contextType, this.context would be {}, truthy: the tests must go with it). With the
//     data-router paths gone nothing renders RenderErrorBoundary, but that static write alone would keep it.
// Each rewrite must match: a react-router update that changes the code fails the build here instead of silently
// shipping the whole chunk again (or, for Link, of keeping code that may have changed meaning).
'use strict';

const PURE = /^(var [A-Za-z0-9_$]+ = )(React[0-9]*\.(?:forwardRef|createContext|memo)\()/gm;
const DISPLAY_NAME = /^[A-Za-z0-9_$]+\.displayName = "[^"\n]*";$/gm;
const LINK_PREFETCH =
  /(var Link = React[0-9]*\.forwardRef\([\s\S]*?)let \[shouldPrefetch, prefetchRef, prefetchHandlers\] = usePrefetchBehavior\(\s*prefetch,\s*rest\s*\);/;

// Each: the function's header, and the declaration of a name derived from the options (dropped with them).
const NO_DATA_ROUTER = [
  { header: 'function useRoutesImpl(routes, locationArg, dataRouterOpts) {\n', to: 'function useRoutesImpl(routes, locationArg) {\n', drop: null },
  { header: 'function _renderMatches(matches, parentMatches = [], dataRouterOpts) {\n', to: 'function _renderMatches(matches, parentMatches = []) {\n', drop: '  let dataRouterState = dataRouterOpts?.state;\n' },
];
/** The options, and what _renderMatches derives from them, become `(void 0)` in the function's body (up to the next top-level statement). */
function withoutDataRouter(source, { header, to, drop }, resourcePath) {
  const start = source.indexOf(header);
  if (start < 0 || source.indexOf(header, start + 1) >= 0) throw new Error(`react-router-trim-loader: "${header.trim()}" not found once in ${resourcePath}; react-router changed`);
  const next = /\n(?:function |var |let |const |class |export )/g;
  next.lastIndex = start + header.length;
  const end = next.exec(source)?.index ?? source.length;
  let body = source.slice(start + header.length, end);
  if (drop) {
    if (!body.startsWith(drop)) throw new Error(`react-router-trim-loader: "${drop.trim()}" not found in ${header.trim()}; react-router changed`);
    body = body.slice(drop.length);
  }
  body = body.replace(/\bdataRouter(Opts|State)\b/g, '(void 0)');
  return source.slice(0, start) + to + body + source.slice(end);
}
const USE_NAVIGATE =
  'function useNavigate() {\n  let { isDataRoute } = React2.useContext(RouteContext);\n  return isDataRoute ? useNavigateStable() : useNavigateUnstable();\n}\n';
// What would hand those functions data-router options: if the subset ever exports one, the rewrite must go.
const DATA_ROUTER_EXPORTS = /\b(RouterProvider|renderMatches|create(Browser|Hash|Memory|Static)Router|createRouter|HydratedRouter|StaticRouterProvider|useRouteError|useLoaderData|useActionData|useFetcher|useNavigation|useMatches)\b/;
const SUBSET = require('node:path').join(__dirname, 'react-router-subset.mjs');

const RSC_ERROR_BOUNDARY = [
  [/(\n  render\(\) \{\n    let error = this\.state\.error;\n    if \()this\.context( && typeof error === "object" && error && "digest" in error)/, '$1false$2'],
  [/(\n    if \()this\.context(\) \{\n      return \/\* @__PURE__ \*\/ React[0-9]*\.createElement\(RSCErrorHandler, )/, '$1false$2'],
  [/\nRenderErrorBoundary\.contextType = RSCRouterContext;\n/, '\n'],
];

module.exports = function reactRouterTrimLoader(source) {
  let out = source;
  if (/^var Link = React[0-9]*\.forwardRef\(/m.test(source)) {
    if (!LINK_PREFETCH.test(out)) throw new Error(`react-router-trim-loader: Link's usePrefetchBehavior call not found in ${this.resourcePath}; react-router changed`);
    out = out.replace(LINK_PREFETCH, '$1let shouldPrefetch = false, prefetchRef = null, prefetchHandlers = {};');
    this.addDependency?.(SUBSET);
    const subsetSource = require('node:fs').readFileSync(SUBSET, 'utf8').replace(/^\s*\/\/.*$/gm, '');
    const dataRouterName = DATA_ROUTER_EXPORTS.exec(subsetSource);
    if (dataRouterName) throw new Error(`react-router-trim-loader: react-router-subset.mjs exports ${dataRouterName[1]}, a data-router API; the loader's data-router rewrite must go first`);
    for (const rewrite of NO_DATA_ROUTER) out = withoutDataRouter(out, rewrite, this.resourcePath);
    if (!out.includes(USE_NAVIGATE)) throw new Error(`react-router-trim-loader: useNavigate's isDataRoute test not found in ${this.resourcePath}; react-router changed`);
    out = out.replace(USE_NAVIGATE, 'function useNavigate() {\n  return useNavigateUnstable();\n}\n');
    if (!/^var RenderErrorBoundary = class /m.test(out)) throw new Error(`react-router-trim-loader: RenderErrorBoundary not found beside Link in ${this.resourcePath}; react-router changed`);
    for (const [pattern, replacement] of RSC_ERROR_BOUNDARY) {
      if (!pattern.test(out)) throw new Error(`react-router-trim-loader: RenderErrorBoundary's RSC code (${pattern.source.slice(0, 60)}…) not found in ${this.resourcePath}; react-router changed`);
      out = out.replace(pattern, replacement);
    }
    const pure = out.match(PURE)?.length ?? 0;
    if (pure < 10) throw new Error(`react-router-trim-loader: ${pure} pure annotations in ${this.resourcePath}; react-router changed`);
  }
  return out.replace(PURE, '$1/* @__PURE__ */ $2').replace(DISPLAY_NAME, '');
};
