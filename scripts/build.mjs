#!/usr/bin/env node
// Builds the front ends whose inputs changed since their last build (a content hash of the inputs is kept in
// dist/.build-stamp), so `npm start` on an already-built tree starts at once. `--force` rebuilds everything.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const FRONT_ENDS = ['mf-catalog', 'mf-cart-checkout', 'mf-account', 'mf-content', 'shell'];
const SHARED_INPUTS = ['rspack.base.mjs', 'rspack.server.mjs', 'shared-contracts/src', 'shared-contracts/package.json', 'package-lock.json'];

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

/** Text assets the server sends precompressed (index.html is rendered per request and compressed then). */
const PRECOMPRESSED = new Set(['.js', '.css', '.json', '.svg', '.txt']);

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) next to every text asset of a dist folder;
 * @fastify/static (preCompressed) serves them to browsers that accept them. Source maps are left alone (only
 * developer tools fetch them), and so are files too small to gain anything.
 */
export function precompress(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = join(dir, entry.name);
    if (entry.isDirectory()) {
      precompress(file);
      continue;
    }
    if (!PRECOMPRESSED.has(extname(entry.name)) || entry.name === 'index.html') continue;
    const body = readFileSync(file);
    if (body.length < 1024) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }));
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  }
}

/** `npm run build`'s (and the bench's) plain lines; `npm start` passes the API process's logger instead (api/src/log.ts). */
const consoleLog = {
  info: (message) => console.log(`[build] ${message}`),
  warn: (message) => console.warn(`[build] ${message}`),
  error: (message) => console.error(`[build] ${message}`),
};

/**
 * What rspack's CLI printed besides its summary line ("Rspack compiled successfully in 1.2 s"): its warnings and
 * errors, if any. The CLI's output is read here rather than passed through, so that each build step is one message
 * of the caller's logger (one format for everything `npm start` prints).
 */
function rspackSaid(output) {
  return output
    .split('\n')
    .filter((line) => line.trim() !== '' && !/^Rspack compiled successfully in /.test(line))
    .join('\n');
}

/**
 * @param {{ force?: boolean, log?: { info(message: string): void, warn(message: string): void } }} [options]
 * `log` gets a message per front end built, and rspack's warnings (the configurations filter those the project cannot
 * act on, so there are none on a clean tree).
 */
export function buildFrontEnds({ force = false, log = consoleLog } = {}) {
  const built = [];
  for (const pkg of FRONT_ENDS) {
    const stamp = join(root, pkg, 'dist', '.build-stamp');
    const hash = inputHash(pkg);
    if (!force && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) continue;
    log.info(`building ${pkg} …`);
    const started = Date.now();
    // The browser build first: it cleans dist/, the server build then writes dist/server/ (rspack.server.mjs).
    for (const [what, extra] of [['browser', []], ['server', ['-c', join(root, 'rspack.server.mjs')]]]) {
      const result = spawnSync(process.execPath, [join(root, 'node_modules/@rspack/cli/bin/rspack.js'), 'build', '--mode', 'production', ...extra], {
        cwd: join(root, pkg),
        stdio: ['ignore', 'pipe', 'pipe'],
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, NODE_ENV: 'production' },
      });
      const said = rspackSaid(`${result.stdout ?? ''}${result.stderr ?? ''}`);
      if (result.status !== 0) {
        const why = result.error ? result.error.message : `exit ${result.status}`;
        throw new Error(`${what} build of ${pkg} failed (${why})${said ? `:\n${said}` : ''}`);
      }
      if (said) log.warn(`${what} build of ${pkg}:\n${said}`);
    }
    precompress(join(root, pkg, 'dist'));
    writeFileSync(stamp, hash);
    built.push(pkg);
    log.info(`built ${pkg} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  if (built.length === 0) log.info('every front end is up to date');
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
