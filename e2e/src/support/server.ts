import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, templateDataDir } from './paths.js';

export interface ShopServer {
  url: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
  /** Crashes the process (SIGKILL, no clean shutdown); the data directory stays so a restart can reuse it. */
  kill(): Promise<void>;
}

/**
 * Names the run's directory of running servers (global-setup.ts): one empty file per live shop or dev-server process,
 * named by its pid.
 */
export const RUNNING_SHOPS_ENV = 'E2E_RUNNING_SHOPS';

/** Registers a server process for the run's teardown, until it exits. */
export function registerForTeardown(child: ChildProcess): void {
  const registry = process.env[RUNNING_SHOPS_ENV];
  if (!registry || child.pid === undefined) return;
  const file = join(registry, String(child.pid));
  writeFileSync(file, '');
  child.once('exit', () => rmSync(file, { force: true }));
}

/** Kills every shop still registered (its journey's worker never saw it exit); returns how many were alive. */
export function stopLeftShops(registry: string): number {
  let stopped = 0;
  for (const name of existsSync(registry) ? readdirSync(registry) : []) {
    try {
      process.kill(Number(name), 'SIGKILL');
      stopped += 1;
    } catch {
      // already gone
    }
  }
  return stopped;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server at ${url} did not become healthy in ${timeoutMs} ms:\n${output()}`);
}

/**
 * Starts the real shop server (`api/src/main.ts`, the process `npm start` runs) on a free port with its own copy of
 * the seeded template database. `env` adds e.g. REMOTES_JSON.
 */
export async function startShop(
  env: Record<string, string> = {},
  opts: { dataDir?: string; keepData?: boolean; port?: number } = {},
): Promise<ShopServer> {
  // A fixed port lets a journey restart "the same" server (same origin, so the browser's cookies and storage apply).
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'shop-e2e-'));
  if (!opts.dataDir && existsSync(templateDataDir)) cpSync(templateDataDir, dataDir, { recursive: true });
  rmSync(join(dataDir, 'pglite.lock'), { force: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
    cwd: repoRoot,
    // SSR_LOAD_TIMEOUT_MS: a page's first server render on a cold server, with two more shops and their browsers on
    // the same two cores, can take longer than production's 3 s (the page then came without its remote's markup).
    // Its own embedded database, and no Redis: never the services of the developer's own shop (DATABASE_URL, REDIS_URL).
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', SSR_LOAD_TIMEOUT_MS: '10000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  registerForTeardown(child);
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const url = `http://localhost:${port}`;
  try {
    await waitForHealth(url, child, () => log, 120_000);
  } catch (failure) {
    // A shop that never became healthy is stopped here: the global setup's template shop has no teardown yet.
    child.kill('SIGKILL');
    throw failure;
  }
  return {
    url,
    port,
    dataDir,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!opts.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
}
