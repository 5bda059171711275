#!/usr/bin/env node
// `npm start`: build the stale front ends, then become the API process, which migrates, seeds an empty database and
// serves shell, remotes, /remotes.json and /api/v1 on http://localhost:${PORT:-8080}.
//
// One process, not a parent and an API child: a stop signal to the whole process group (systemd, `kill -- -PGID`)
// reached both, the parent forwarded it as a second signal and exited without waiting, so the API was killed while
// closing its database and left the lock file behind. npm runs this with `exec` (package.json), so the chain is npm →
// this process; npm forwards the signal too, which the API ignores while shutting down (api/src/stop-signals.ts), and
// npm exits with this process's code once it has closed.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { buildFrontEnds } from './build.mjs';

// What `node --import tsx` did for the former child: load the API's TypeScript in this process. Its logger first: the
// build's messages are the process's first lines, in the format of all the others (api/src/log.ts, one per process).
register();
const { messageLog, processLogger } = await import('../api/src/log.ts');
const logger = processLogger();

const root = fileURLToPath(new URL('..', import.meta.url));
// Relative DATA_DIR and STATIC_ROOT mean the checkout's, as when the API ran as a child in it.
process.chdir(root);
// The front ends in this checkout are built only when they are what the server will serve (STATIC_ROOT elsewhere
// serves a tree built somewhere else).
const servesThisCheckout = !process.env.STATIC_ROOT || path.resolve(process.env.STATIC_ROOT) === path.resolve(root);
try {
  if (servesThisCheckout) buildFrontEnds({ log: messageLog(logger) });
} catch (error) {
  logger.error(String(error instanceof Error ? error.message : error));
  process.exit(1);
}

await import('../api/src/main.ts');
