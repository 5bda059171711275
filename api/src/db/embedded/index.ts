/**
 * Embedded PostgreSQL: PGlite in a worker thread behind pglite-socket, so the app talks to it with the ordinary
 * `pg` driver exactly as it talks to a real server (one code path for both databases).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { acquireLock, type DirLock } from './lock.js';
import type { WorkerInput, WorkerReply } from './protocol.js';

export { DataDirLockedError } from './lock.js';

export interface EmbeddedDatabase {
  /** postgres:// URL of the socket server on 127.0.0.1. */
  readonly url: string;
  /** Absolute PGlite data directory, or `memory://`. */
  readonly dataDir: string;
  /** Writes the whole data directory to `file` (an uncompressed tar that `startFrom` takes). */
  dumpTo(file: string): Promise<void>;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** App data directory; PGlite's files live in `<dir>/pgdata`, the lock in `<dir>/pglite.lock`. `memory://` = RAM. */
  dir: string;
  /** Boot timeout (first start runs initdb: a few seconds on a slow machine). */
  timeoutMs?: number;
  /**
   * In memory only: start from this dump (`dumpTo`) instead of running initdb. Tests boot a database per file; from a
   * migrated dump that takes a fraction of initdb plus migrations.
   */
  startFrom?: string;
  /** The data directory lock's messages (a stale lock taken over); default the console. */
  log?: (message: string) => void;
}

export const MEMORY = 'memory://';

export async function startEmbeddedDatabase(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const inMemory = options.dir === MEMORY;
  let lock: DirLock | null = null;
  let dataDir = MEMORY;
  if (!inMemory) {
    const dir = path.resolve(options.dir);
    fs.mkdirSync(dir, { recursive: true });
    lock = acquireLock(path.join(dir, 'pglite.lock'), { log: options.log });
    dataDir = path.join(dir, 'pgdata');
  }

  if (options.startFrom && !inMemory) throw new Error('startFrom is for in-memory databases only');
  const input: WorkerInput = { dataDir, maxConnections: 4, startFrom: options.startFrom };
  // worker-entry.mjs registers tsx inside the thread, then loads worker.ts.
  const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url), { workerData: input, execArgv: [] });

  let port: number;
  try {
    port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('embedded database did not start in time')),
        options.timeoutMs ?? 60_000,
      );
      const onMessage = (message: WorkerReply) => {
        if (message.type === 'ready') {
          clearTimeout(timer);
          worker.off('message', onMessage);
          resolve(message.port);
        } else if (message.type === 'error') {
          clearTimeout(timer);
          reject(new Error(`embedded database failed to start: ${message.message}`));
        }
      };
      worker.on('message', onMessage);
      worker.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      worker.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`embedded database worker exited with code ${code} during start-up`));
      });
    });
  } catch (error) {
    await worker.terminate();
    lock?.release();
    throw error;
  }

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      // Ask the worker to close PGlite (flushes to disk) before terminating the thread.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 10_000);
        worker.on('message', (message: WorkerReply) => {
          if (message.type === 'stopped' || message.type === 'error') {
            clearTimeout(timer);
            resolve();
          }
        });
        worker.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        worker.postMessage({ type: 'stop' });
      });
      await worker.terminate();
      lock?.release();
    })();
    return stopping;
  };

  const dumpTo = (file: string) =>
    new Promise<void>((resolve, reject) => {
      const onMessage = (message: WorkerReply) => {
        if (message.type !== 'dumped' && message.type !== 'error') return;
        worker.off('message', onMessage);
        if (message.type === 'dumped') resolve();
        else reject(new Error(message.message));
      };
      worker.on('message', onMessage);
      worker.postMessage({ type: 'dump', file });
    });

  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, dataDir, dumpTo, stop };
}
