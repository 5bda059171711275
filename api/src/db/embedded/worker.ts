/**
 * Worker thread that owns the embedded PGlite instance and exposes it on 127.0.0.1 through pglite-socket.
 * Why a worker: PGlite runs PostgreSQL in WASM on the thread that calls it; in the API's own thread a slow query
 * stalls every request (measured: /health fell to a few req/s during searches). Here it only blocks this thread.
 */
import { readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { WORKER_NICE, type WorkerInput, type WorkerReply, type WorkerRequest } from './protocol.js';

const input = workerData as WorkerInput;
const port = parentPort;
if (!port) throw new Error('embedded database worker must run in a worker thread');

function reply(message: WorkerReply): void {
  port!.postMessage(message);
}

/**
 * Linux: run this thread at a lower scheduling priority than the API's event loop. A search keeps PGlite busy for
 * milliseconds at a time; on a machine with few cores the API thread (a liveness ping, a cached page, parsing the
 * next request) otherwise waits for a core behind it. Niceness only matters when the two compete: an idle API thread
 * leaves the database all the CPU. Linux sets priorities per thread, by thread id (/proc/thread-self); elsewhere, or
 * if refused, the thread keeps the default priority.
 */
function lowerThreadPriority(): void {
  if (process.platform !== 'linux') return;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0 && tid !== process.pid) setPriority(tid, WORKER_NICE);
  } catch {
    // Not permitted (or no /proc): the default priority still works, only less well under load.
  }
}

async function main(): Promise<void> {
  lowerThreadPriority();
  const db = await PGlite.create({
    dataDir: input.dataDir,
    loadDataDir: input.startFrom ? new Blob([readFileSync(input.startFrom)]) : undefined,
    extensions: { pg_trgm },
    // The socket server funnels every client through this one backend; fsync per commit is what keeps a crash from
    // losing acknowledged writes, so durability stays strict.
    relaxedDurability: false,
  });
  const server = new PGLiteSocketServer({
    db,
    host: '127.0.0.1',
    port: 0,
    // The app's pool holds one connection; a few spare slots let a closing socket linger without refusing the next.
    maxConnections: input.maxConnections,
  });
  await server.start();
  const conn = server.getServerConn();
  const listenPort = Number(conn.slice(conn.lastIndexOf(':') + 1));

  port!.on('message', (message: WorkerRequest) => {
    if (message.type === 'dump') {
      void (async () => {
        try {
          const dump = await db.dumpDataDir('none');
          writeFileSync(message.file, Buffer.from(await dump.arrayBuffer()));
          reply({ type: 'dumped' });
        } catch (error) {
          reply({ type: 'error', message: `dump failed: ${(error as Error).message}` });
        }
      })();
      return;
    }
    void (async () => {
      try {
        await server.stop();
        await db.close();
        reply({ type: 'stopped' });
      } catch (error) {
        reply({ type: 'error', message: `stop failed: ${(error as Error).message}` });
      }
    })();
  });
  reply({ type: 'ready', port: listenPort });
}

main().catch((error: unknown) => {
  const err = error as Error;
  reply({ type: 'error', message: err?.stack ?? String(error) });
});
