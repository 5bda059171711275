// What the shop's front ends and the libraries they bundle (effector-storage) import from effector, and nothing else. rspack.base.mjs aliases `effector` to this file
// and shares it as ONE singleton (one effector for shell and remotes, so one event bus), as react-router-subset.mjs
// does for the router: a shared module keeps every export for consumers unknown at build time, and effector is one
// module, so sharing it whole kept fork, allSettled, serialize, hydrate, domains, split… in every first view although
// only tests use them (tests import the real package). effector-react imports effector/effector.mjs directly, the
// same module as below, so it shares the one instance.
//
// A front end that needs another effector export adds it here; the build fails on a missing export (SubsetImportsPlugin
// in rspack.base.mjs reads every bundled module's imports from `effector`), so a forgotten name cannot become
// `undefined` at run time.
export {
  attach,
  clearNode,
  combine,
  createEffect,
  createEvent,
  createNode,
  createDomain,
  createStore,
  hydrate,
  is,
  sample,
  scopeBind,
  withRegion,
} from 'effector/effector.mjs';
