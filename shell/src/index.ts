// Async boundary: shared singletons are negotiated before any application code runs. index.html adds this script
// only once the server's static first view has painted (start/startAfterFirstPaint.ts). The import starts in a task
// of its own, so evaluating main.js (the federation runtime) and negotiating the bootstrap's shared modules are two
// shorter tasks on a slow phone instead of one long one.
setTimeout(() => void import('./bootstrap'), 0);
