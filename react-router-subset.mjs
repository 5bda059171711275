// What the shop's front ends use of react-router, and nothing else. rspack.base.mjs aliases `react-router-dom` to this
// file and shares it as ONE singleton (so shell and remotes keep one router context). A shared module cannot be
// tree-shaken — every export of it is kept, for consumers unknown at build time — but what it imports can: sharing
// this short list instead of the whole library drops the data routers, cookies, fetchers, forms and SSR helpers
// (react-router's shared chunk went from ~60 kB to a fraction of that, gzip).
//
// A front end that needs another react-router export adds it here; the build fails on a missing export
// (SubsetImportsPlugin in rspack.base.mjs: `exportsPresence` does not see through the federation's consume modules),
// so a name forgotten here cannot become `undefined` at run time.
export {
  BrowserRouter,
  Link,
  Navigate,
  Route,
  Routes,
  matchRoutes,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from 'react-router';
