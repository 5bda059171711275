#!/usr/bin/env node
// `npm run dev:shop -w @shop/<remote>`: one remote's dev server AND the whole shop (`npm start`), the shop's registry
// naming the dev server for that remote and the shop's own builds for the others. The shop's server renders the
// remote's pages with the dev server's watching server build, and its next HTML after a save has the edit
// (docs/development.md). The two commands it runs are the ones to run by hand in two terminals.
//
// PORT is the shop's port (default 8080, as `npm start`); DEV_PORT the dev server's (default: the remote's own port
// in rspack.base.mjs REMOTES). Ctrl-C stops both; when one of them exits, the other is stopped too.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { REMOTES } from '../rspack.base.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const packageDir = process.cwd();
const remote = Object.entries(REMOTES).find(([, { dir }]) => dir === path.basename(packageDir));
if (!remote) {
  console.error(`dev:shop runs in a remote's package (${Object.values(REMOTES).map(({ dir }) => dir).join(', ')}), e.g. npm run dev:shop -w @shop/mf-catalog`);
  process.exit(2);
}
const [key, { port: defaultPort }] = remote;
const devPort = Number(process.env.DEV_PORT || defaultPort);
const shopPort = Number(process.env.PORT || 8080);

// The shop's default registry is the API's (one place): this remote moved to its dev server.
register();
const { defaultRemotes } = await import('../api/src/config.ts');
const registry = { ...defaultRemotes(), [key]: `http://localhost:${devPort}/mf-manifest.json` };
console.log(`[dev:shop] ${key} from its dev server on http://localhost:${devPort}; the shop on http://localhost:${shopPort}`);

const children = [
  spawn(process.execPath, [path.join(root, 'node_modules/@rspack/cli/bin/rspack.js'), 'serve', '--mode', 'development', '--port', String(devPort)], {
    cwd: packageDir,
    stdio: 'inherit',
    // The standalone page's /api goes to this shop.
    env: { ...process.env, API_ORIGIN: `http://localhost:${shopPort}` },
  }),
  spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: String(shopPort), REMOTES_JSON: JSON.stringify(registry) },
  }),
];

// The dev server starts its server build on the first request for it: ask now, so it is ready when the shop (which
// takes longer to start) renders its first page.
(async () => {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(`http://localhost:${devPort}/server/remoteEntry.js`, { method: 'HEAD' })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
})();

let exitCode = null;
const running = () => children.filter((child) => child.exitCode === null && child.signalCode === null);
/** Each child is signalled once (the API logs a second signal as one more to ignore). */
const stopAll = (signal) => {
  for (const child of running()) if (!child.killed) child.kill(signal);
};
for (const child of children) {
  child.on('exit', (code, signal) => {
    exitCode ??= code ?? (signal ? 1 : 0);
    // One of them stopped (or failed to start): the other is no use alone.
    stopAll('SIGTERM');
    if (running().length === 0) process.exit(exitCode);
  });
}
// Ctrl-C reaches the whole foreground process group, the children included; a SIGTERM to this process alone is
// passed on. Either way this process waits for both to exit.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => stopAll('SIGTERM'));
