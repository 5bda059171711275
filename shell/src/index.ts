// Before anything else: the federation libraries the production remotes take from the shell (rspack.base.mjs).
import './federation/provideFederationLibs.cjs';
// Async boundary: shared singletons are negotiated before any application code runs.
import('./bootstrap');
