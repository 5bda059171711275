// Before anything else: the federation libraries the production remotes take from the shell (rspack.base.mjs).
import './federation/provideFederationLibs.cjs';
import { afterFirstViewPaint } from './firstPaint.js';

// Async boundary: shared singletons are negotiated before any application code runs. It starts once the server's
// static first view has painted (firstPaint.ts).
void afterFirstViewPaint().then(() => import('./bootstrap'));
