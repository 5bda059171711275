import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from './paths.js';

/** The remotes a team deploys alone (folders under the repo root). */
export type RemotePackage = 'mf-catalog' | 'mf-cart-checkout' | 'mf-account' | 'mf-content';

/**
 * A change to a remote's source: path inside the package (`src/listing/ProductGrid.tsx`) → the file's new text from
 * its current text. Each edit must change its file, so a patch that no longer applies fails instead of deploying the
 * unchanged remote.
 */
export type SourcePatch = Record<string, (source: string) => string>;

export interface RemoteBuild {
  /** The build output, laid out as `<remote>/dist`: serve it from an origin of its own (serveStatic). */
  dir: string;
  /** The remote built a server bundle too (`server/remoteEntry.js`): true once the remotes render on the server. */
  hasServerBuild: boolean;
  remove(): void;
}

const BUILDER = fileURLToPath(new URL('./deployRemote.build.mjs', import.meta.url));
const BUILD_TIMEOUT_MS = 120_000;

function runBuilder(packageDir: string, outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BUILDER, packageDir, outDir], {
      cwd: packageDir,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), BUILD_TIMEOUT_MS);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`build of ${basename(packageDir)} failed (${signal ?? `exit ${code}`}):\n${output}`));
    });
  });
}

/**
 * A copy of `remote`'s package with `patch` applied, where a test may build it, serve it or edit it further without
 * touching the repo's own source or build: `<repo>/.deploy-<remote>-<random>/`, a sibling, so `../rspack.base.mjs`
 * and the root node_modules resolve as for the original (.gitignore'd and outside every tsconfig and vitest project).
 * `remove()` deletes it.
 */
export function copyRemote(remote: RemotePackage, patch: SourcePatch = {}): { dir: string; remove(): void } {
  const original = join(repoRoot, remote);
  const dir = join(repoRoot, `.deploy-${remote}-${randomBytes(4).toString('hex')}`);
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    cpSync(original, dir, {
      recursive: true,
      filter: (source) => !['node_modules', 'dist', '.tsbuild'].includes(basename(source)),
    });
    patchSource(dir, patch, remote);
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, remove };
}

/** Applies `patch` to the package copy at `dir`; each edit must change its file (see SourcePatch). */
export function patchSource(dir: string, patch: SourcePatch, remote = basename(dir)): void {
  for (const [file, edit] of Object.entries(patch)) {
    const target = join(dir, file);
    if (!existsSync(target)) throw new Error(`the patch changes ${remote}/${file}, which does not exist`);
    const before = readFileSync(target, 'utf8');
    const after = edit(before);
    if (after === before) throw new Error(`the patch of ${remote}/${file} no longer applies: the file is unchanged`);
    writeFileSync(target, after);
  }
}

/**
 * Builds `remote` as its team would after changing its source, without touching the repo's own build: a copy of the
 * package (copyRemote) with `patch` applied, whose production build(s) write to a temp folder. The copy is deleted
 * afterwards, whatever happened.
 */
export async function buildChangedRemote(remote: RemotePackage, patch: SourcePatch): Promise<RemoteBuild> {
  const outDir = mkdtempSync(join(tmpdir(), `deploy-${remote}-`));
  let copy: { dir: string; remove(): void } | undefined;
  try {
    copy = copyRemote(remote, patch);
    await runBuilder(copy.dir, outDir);
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  } finally {
    copy?.remove();
  }
  if (!existsSync(join(outDir, 'mf-manifest.json'))) throw new Error(`the build of ${remote} wrote no mf-manifest.json to ${outDir}`);
  return {
    dir: outDir,
    hasServerBuild: existsSync(join(outDir, 'server', 'remoteEntry.js')),
    remove: () => rmSync(outDir, { recursive: true, force: true }),
  };
}

/** `text` with `search` replaced once; throws when `search` is not there (the source moved on: fix the patch). */
export function replaceOnce(text: string, search: string | RegExp, replacement: string): string {
  const found = typeof search === 'string' ? text.includes(search) : search.test(text);
  if (!found) throw new Error(`patch: ${String(search)} not found`);
  return text.replace(search, replacement);
}
