// Entry of the embedded database worker thread. Plain JS on purpose: a Worker's entry is loaded before any
// `--import` hook in its execArgv applies on Node 20, so this file registers tsx itself and then loads the TypeScript
// worker. Works the same under `tsx`, vitest and plain node.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
