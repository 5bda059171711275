#!/usr/bin/env node
// Builds the front ends whose inputs changed since their last build (a content hash of the inputs is kept in
// dist/.build-stamp), so `npm start` on an already-built tree starts at once. `--force` rebuilds everything.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const FRONT_ENDS = ['mf-catalog', 'mf-cart-checkout', 'mf-account', 'mf-content', 'shell'];
const SHARED_INPUTS = ['rspack.base.mjs', 'react-router-subset.mjs', 'shared-contracts/src', 'shared-contracts/package.json', 'package-lock.json'];

function listFiles(path, out = []) {
  if (!existsSync(path)) return out;
  const st = statSync(path);
  if (st.isFile()) {
    out.push(path);
    return out;
  }
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    listFiles(join(path, entry), out);
  }
  return out;
}

function inputHash(pkg) {
  const files = [
    ...SHARED_INPUTS.flatMap((p) => listFiles(join(root, p))),
    ...['src', 'public', 'index.html', 'package.json', 'rspack.config.mjs', 'rspack.config.ts', 'tsconfig.json'].flatMap(
      (p) => listFiles(join(root, pkg, p)),
    ),
  ].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(relative(root, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

export function buildFrontEnds({ force = false, log = console.log } = {}) {
  const built = [];
  for (const pkg of FRONT_ENDS) {
    const stamp = join(root, pkg, 'dist', '.build-stamp');
    const hash = inputHash(pkg);
    if (!force && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) continue;
    log(`[build] ${pkg} …`);
    const started = Date.now();
    const result = spawnSync(process.execPath, [join(root, 'node_modules/@rspack/cli/bin/rspack.js'), 'build', '--mode', 'production'], {
      cwd: join(root, pkg),
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) throw new Error(`build of ${pkg} failed (exit ${result.status})`);
    writeFileSync(stamp, hash);
    built.push(pkg);
    log(`[build] ${pkg} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  if (built.length === 0) log('[build] every front end is up to date');
  return built;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    buildFrontEnds({ force: process.argv.includes('--force') });
  } catch (error) {
    console.error(String(error instanceof Error ? error.message : error));
    process.exit(1);
  }
}
