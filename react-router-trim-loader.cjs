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
//   - RenderErrorBoundary's server-component (RSC) error handling (RSCErrorHandler, the redirect and error-response
//     digest decoders): it reads `this.context`, the RSCRouterContext value, which only react-router's RSC router
//     provides (false otherwise, as under <BrowserRouter>). Those two tests become `false` and the contextType
//     assignment goes (without a contextType, this.context would be {}, truthy: the tests must go with it).
// Each rewrite must match: a react-router update that changes the code fails the build here instead of silently
// shipping the whole chunk again (or, for Link, of keeping code that may have changed meaning).
'use strict';

const PURE = /^(var [A-Za-z0-9_$]+ = )(React[0-9]*\.(?:forwardRef|createContext|memo)\()/gm;
const DISPLAY_NAME = /^[A-Za-z0-9_$]+\.displayName = "[^"\n]*";$/gm;
const LINK_PREFETCH =
  /(var Link = React[0-9]*\.forwardRef\([\s\S]*?)let \[shouldPrefetch, prefetchRef, prefetchHandlers\] = usePrefetchBehavior\(\s*prefetch,\s*rest\s*\);/;

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
