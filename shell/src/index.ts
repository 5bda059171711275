// Before anything else: the federation libraries the production remotes take from the shell (rspack.base.mjs).
import './federation/provideFederationLibs.cjs';

// Async boundary: shared singletons are negotiated before any application code runs. index.html adds this script
// only once the server's static first view has painted (start/startAfterFirstPaint.ts).
void import('./bootstrap');
