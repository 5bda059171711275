/** Messages between the API thread and the embedded database worker. */
export interface WorkerInput {
  /** PGlite data directory (absolute path) or `memory://` for a throw-away database. */
  dataDir: string;
  maxConnections: number;
  /** A data-directory dump (PGlite's dumpDataDir, uncompressed tar) the in-memory database starts from. */
  startFrom?: string;
}

export type WorkerRequest = { type: 'stop' } | { type: 'dump'; file: string };

export type WorkerReply =
  | { type: 'ready'; port: number }
  | { type: 'stopped' }
  | { type: 'dumped' }
  | { type: 'error'; message: string };

/** Nice value of the worker thread (worker.ts lowerThreadPriority): below the API thread's; 19 is the lowest priority. */
export const WORKER_NICE = 10;
