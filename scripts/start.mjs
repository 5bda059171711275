#!/usr/bin/env node
// `npm start`: build the stale front ends, then run the API process, which migrates, seeds an empty database and
// serves shell, remotes, /remotes.json and /api/v1 on http://localhost:${PORT:-8080}.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildFrontEnds } from './build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
try {
  buildFrontEnds();
} catch (error) {
  console.error(String(error instanceof Error ? error.message : error));
  process.exit(1);
}

const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
