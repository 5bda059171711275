/**
 * The database handle of the API. The app only ever speaks the PostgreSQL wire protocol through `pg`:
 * to DATABASE_URL when given, else to the embedded PGlite worker (./embedded). Migrations run at start-up.
 *
 * Embedded caveat for everyone writing queries: the pool holds ONE connection there (pglite-socket serves one backend,
 * so two connections would share one session and could interleave statements). Queries queue, never fail; but inside
 * `db.transaction(async (tx) => …)` use `tx`, never `db`, or the second query waits forever for the only connection.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import * as schema from './schema.js';
import { MEMORY, startEmbeddedDatabase, type EmbeddedDatabase } from './embedded/index.js';

export { schema };
export { DataDirLockedError } from './embedded/index.js';
export type Db = NodePgDatabase<typeof schema>;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Settings every connection gets when it opens (never ALTER DATABASE: PGlite and shared servers must not be changed
 * globally). UTC keeps timestamps identical on both databases; the client formats them in Norwegian time. No JIT:
 * the shop's statements read pages and bounded counts, and PostgreSQL compiles a statement whose estimated cost
 * passes jit_above_cost — a filtered search page (a campaign price look-up per row inflates the estimate) took
 * 40–55 ms with compiling against 10 ms without at 200 000 articles. PGlite has no JIT; the setting is harmless there.
 * Standard string literals (the default, stated because search writes words into statement texts as literals:
 * search/statements.ts sqlStringLiteral relies on it).
 */
export const SESSION_SETTINGS: readonly string[] = ["SET TIME ZONE 'UTC'", 'SET jit = off', 'SET standard_conforming_strings = on'];

/**
 * The embedded database is one PostgreSQL session behind every socket (pglite-socket): prepared statements of a
 * connection that closed are still there, and pg on a new connection would prepare the same names again ("already
 * exists"). A new connection starts without them.
 */
export const EMBEDDED_SESSION_SETTINGS: readonly string[] = ['DEALLOCATE ALL'];

export interface DatabaseOptions {
  /** postgres:// URL of a real server. When absent the embedded database is started. */
  databaseUrl?: string;
  /** Embedded database directory (absolute or relative to the cwd), or `memory://`. Default `.data`. */
  dataDir?: string;
  /** Pool size for a real server (default 10). The embedded database always gets 1. */
  poolMax?: number;
  /** Extra per-connection statements (after SESSION_SETTINGS). */
  sessionSettings?: readonly string[];
  /** Embedded in memory only: start from a data-directory dump (see `dumpTo`). */
  startFrom?: string;
  /** Where the database's own messages go (the data directory's lock, idle connection errors); default the console. */
  log?: DatabaseLog;
}

export interface DatabaseLog {
  info(message: string): void;
  error(message: string): void;
}

const consoleLog: DatabaseLog = {
  info: (message) => console.log(`[db] ${message}`),
  error: (message) => console.error(`[db] ${message}`),
};

export interface Database {
  readonly db: Db;
  readonly pool: pg.Pool;
  readonly kind: 'embedded' | 'postgres';
  /** Where the data lives: the server URL without password, or the embedded data directory. */
  readonly location: string;
  ping(): Promise<boolean>;
  /** Embedded only: writes the data directory to a file that `startFrom` takes. */
  dumpTo?(file: string): Promise<void>;
  close(): Promise<void>;
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres';
  }
}

export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  const log = options.log ?? consoleLog;
  let embedded: EmbeddedDatabase | null = null;
  let url = options.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedDatabase({ dir: options.dataDir ?? path.resolve('.data'), startFrom: options.startFrom, log: (message) => log.info(message) });
    url = embedded.url;
  }

  const settings = [...SESSION_SETTINGS, ...(embedded ? EMBEDDED_SESSION_SETTINGS : []), ...(options.sessionSettings ?? [])].join('; ');
  const pool = new pg.Pool({
    connectionString: url,
    max: embedded ? 1 : (options.poolMax ?? 10),
    // Keep the embedded connection open: reconnecting would race the socket server's slot bookkeeping.
    idleTimeoutMillis: embedded ? 0 : 30_000,
    application_name: 'shop-api',
    // Runs before the pool hands a new connection out; a failure fails that checkout instead of going unnoticed.
    onConnect: async (client) => {
      await client.query(settings);
    },
  });
  let ending = false;
  // An idle client losing its server must not crash the process; the next checkout reconnects.
  // pool.end() does not wait for sockets to close, so errors while ending are expected and not worth a log line.
  pool.on('error', (error) => {
    if (!ending) log.error(`idle connection error: ${error.message}`);
  });

  const db = drizzle({ client: pool, schema });
  let closing: Promise<void> | null = null;
  return {
    db,
    pool,
    kind: embedded ? 'embedded' : 'postgres',
    location: embedded ? embedded.dataDir : redact(url),
    dumpTo: embedded?.dumpTo,
    async ping() {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close() {
      closing ??= (async () => {
        ending = true;
        await pool.end().catch(() => undefined);
        await embedded?.stop();
      })();
      return closing;
    },
  };
}

export async function migrateDatabase(db: Db, options: { migrationsSchema?: string } = {}): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER, migrationsSchema: options.migrationsSchema });
}

export { MEMORY };
