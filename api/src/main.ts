/**
 * The API process: configuration → database (embedded PGlite worker or DATABASE_URL) → migrations → seed of an
 * empty database → HTTP server on PORT (default 8080) serving the API, the OpenAPI docs and the built front ends.
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError, migrateDatabase, openDatabase, type Database } from './db/index.js';
import { seedDatabase } from './seed/index.js';
import { ensureSearchIndex } from './search/maintenance.js';
import { buildApp, type App } from './server/app.js';
import { remotesFileRegistry } from './server/remoteRegistry.js';
import { exitOnStopSignals, type StopHandle } from './stop-signals.js';
import { createImageStore } from './content/images/store.js';
import { messageLog, processLogger } from './log.js';

/** Advisory lock key for start-up migrations ("shopmigr" as a number). */
const STARTUP_LOCK_KEY = 0x73686f706d696772n.toString();

/** One logger for all the process says, as one JSON line each (log.ts): Fastify's, the start-up's, the shutdown's. */
const logger = processLogger();
const log = (message: string) => logger.info(message);

/**
 * The embedded database's worker gets 10 s to close PGlite (db/embedded/index.ts); this leaves room for that and the
 * HTTP server's close, and stays within systemd's default stop timeout (90 s) before it sends SIGKILL.
 */
const FORCE_EXIT_AFTER_MS = 20_000;

/** Set once the signal handlers are in: a start-up step that fails after a stop signal is the shutdown's business. */
let shutdown: StopHandle | null = null;

/** Thrown between start-up steps once a stop signal arrived, so a closing process does not go on to listen. */
class StartAbandoned extends Error {}

async function main(): Promise<void> {
  const config = loadConfig(process.env, { cwd: process.cwd(), readFile: (file) => fs.readFileSync(file, 'utf8') });
  logger.level = config.logLevel;

  let opening: Promise<Database> | null = null;
  let app: App | null = null;
  shutdown = exitOnStopSignals({
    log,
    forceExitAfterMs: FORCE_EXIT_AFTER_MS,
    // A signal during start-up waits for the database being opened and closes it: exiting while PGlite is still
    // starting (initdb on a new directory) could leave a data directory it cannot open again.
    close: async () => {
      const database = await opening?.catch(() => null);
      await app?.close();
      await database?.close();
    },
  });

  opening = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log: messageLog(logger) });
  const database = await opening;
  const goOn = () => {
    if (shutdown?.stopping) throw new StartAbandoned('stopped during start-up');
  };
  goOn();
  log(`database: ${database.kind} (${database.location}) at ${(performance.now() / 1000).toFixed(2)} s`);
  // Several API processes may start together against one PostgreSQL: one migrates while the others wait. (The
  // embedded database is one process by construction: its lock file says so.)
  const startupLock = database.kind === 'postgres' ? await database.pool.connect() : null;
  try {
    await startupLock?.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    await migrateDatabase(database.db);
  } finally {
    await startupLock?.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
    startupLock?.release();
  }

  const seedStart = performance.now();
  const seeded = await seedDatabase(database.db, {
    ...(config.seedArticles === undefined ? {} : { articles: config.seedArticles }),
    log,
  });
  if (seeded.seeded) {
    // PGlite runs no autovacuum, so without this the planner keeps the empty-table statistics of the migration
    // forever (it then scans all stock rows for a page of articles). Only after a seed: it costs about a second.
    // VACUUM of the articles also sets their visibility map, which index-only scans need to skip the heap: the
    // listing's total (an index-only count over migration 0007's index) fell from ~40 to ~3 ms on PGlite for the
    // 8 600 articles of Tekstil at 20 000 articles; PostgreSQL's autovacuum would get there, but only later.
    await database.pool.query('VACUUM (ANALYZE) articles');
    await database.pool.query('ANALYZE');
    log(`seeded the demo shop (${seeded.articles} articles) in ${Math.round(performance.now() - seedStart)} ms`);
  }

  // The seed bulk-loads with triggers off, so the search index is made whole here, before the app is built: at
  // 200 000 articles the rebuild takes longer than Fastify's plugin timeout, and the search plugin's own start-up
  // check (routes/search) failed the start. That check then finds the index whole.
  const indexStart = performance.now();
  if (await ensureSearchIndex(database.db)) {
    log(`search index rebuilt in ${Math.round(performance.now() - indexStart)} ms`);
  }

  const imageStore = createImageStore(config.images);
  log(`uploaded images: ${imageStore.kind} (${imageStore.location})`);

  goOn();
  log(`migrated and seed-checked at ${(performance.now() / 1000).toFixed(2)} s`);
  app = await buildApp({
    database,
    rootDir: config.rootDir,
    remotes: config.remotesFile
      ? remotesFileRegistry({ file: config.remotesFile, initial: config.remotes, log: messageLog(logger) })
      : config.remotes,
    production: config.production,
    apiDocs: config.apiDocs,
    loggerInstance: logger,
    logRequests: config.logLevel === 'debug' || config.logLevel === 'trace',
    trustProxy: config.trustProxy,
    publicUrl: config.publicUrl,
    imageStore,
  });
  goOn();
  // Fastify logs a line per address it listens at: the first is the start-up's one "ready" line (performance.now()
  // counts from process start: the cold-start figure the bench and the README quote); a HOST that is several
  // addresses (0.0.0.0, localhost) adds one line for each other.
  let addresses = 0;
  await app.listen({
    port: config.port,
    host: config.host,
    listenTextResolver: (address) =>
      (addresses += 1) === 1
        ? `ready in ${(performance.now() / 1000).toFixed(2)} s — ${address}/${config.apiDocs ? ' (API docs: /api/docs)' : ''}`
        : `also listening at ${address}/`,
  });
}

main().catch((error: unknown) => {
  // After a stop signal the shutdown closes what was opened and exits; a step it cut short is no start-up failure.
  if (shutdown?.stopping) return;
  if (error instanceof DataDirLockedError || error instanceof ConfigError) {
    logger.error(error.message);
  } else {
    logger.error({ err: error }, 'start-up failed');
  }
  process.exit(1);
});
