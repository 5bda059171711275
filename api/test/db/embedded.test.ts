/**
 * The embedded database as main.ts runs it: PGlite in a worker behind pglite-socket, on a real data directory.
 * (Runs on PGlite only: this is the embedded machinery itself.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DataDirLockedError, migrateDatabase, openDatabase, type Database } from '../../src/db/index.js';
import { genders } from '../../src/db/schema.js';
import { WORKER_NICE } from '../../src/db/embedded/protocol.js';
import { parseLockRecord } from '../../src/db/embedded/lock.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-data-'));
const lockFile = path.join(dir, 'pglite.lock');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('embedded PGlite on a data directory', () => {
  let db: Database;

  // A fresh data directory: initdb and every migration in a worker that runs niced (WORKER_NICE), so with other test
  // files busy on the same cores this takes well over the default 30 s.
  it('starts, migrates and guards its directory with a lock naming this process', { timeout: 180_000 }, async () => {
    db = await openDatabase({ dataDir: dir });
    expect(db.kind).toBe('embedded');
    expect(db.location).toBe(path.join(dir, 'pgdata'));
    expect(parseLockRecord(fs.readFileSync(lockFile, 'utf8'))?.pid).toBe(process.pid);
    await migrateDatabase(db.db);
    await db.db.insert(genders).values({ id: 1, name: 'Herre' });
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
  });

  it('loads pg_trgm and applies the per-connection settings', async () => {
    const { rows } = await db.pool.query<{ sim: number; tz: string }>(
      "select similarity('jakke', 'jakker') as sim, current_setting('TimeZone') as tz",
    );
    expect(rows[0]!.sim).toBeGreaterThan(0.5);
    expect(rows[0]!.tz).toBe('UTC');
  });

  it('queues concurrent queries and transactions on its single connection instead of failing', async () => {
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) => db.pool.query<{ n: number }>('select $1::int as n', [i])),
    );
    expect(results.map((r) => r.rows[0]!.n)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    const [inTx, outside] = await Promise.all([
      db.db.transaction(async (tx) => {
        await tx.insert(genders).values({ id: 2, name: 'Dame' });
        const rows = await tx.select().from(genders);
        return rows.length;
      }),
      db.db.select({ n: sql<number>`count(*)::int` }).from(genders),
    ]);
    expect(inTx).toBe(2);
    expect([1, 2]).toContain(outside[0]!.n);
  });

  it('keeps the API thread free while a slow query runs in the worker', async () => {
    const started = performance.now();
    const queryDone = db.pool.query('select sum(x) from generate_series(1, 3000000) as x').then(() => performance.now());
    const timerFired = await new Promise<number>((resolve) => setTimeout(() => resolve(performance.now()), 20));
    const finished = await queryDone;
    const lag = timerFired - started;
    // The timer fires on time while the query is still running; in-process PGlite would hold it until the end.
    expect(finished - started).toBeGreaterThan(250);
    expect(timerFired).toBeLessThan(finished);
    expect(lag).toBeLessThan(200);
  });

  it.runIf(process.platform === 'linux')('runs the database thread at a lower scheduling priority than the API thread', () => {
    // Field 19 of /proc/<pid>/task/<tid>/stat is the thread's nice value (after the parenthesised command name).
    const niceOf = (tid: string) => Number(fs.readFileSync(`/proc/${process.pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
    const threads = fs.readdirSync(`/proc/${process.pid}/task`);
    expect(niceOf(String(process.pid))).toBe(os.getPriority());
    expect(threads.map(niceOf)).toContain(WORKER_NICE);
  });

  it('stops cleanly (lock removed), and a restart sees the data', { timeout: 120_000 }, async () => {
    await db.close();
    expect(fs.existsSync(lockFile)).toBe(false);
    const again = await openDatabase({ dataDir: dir });
    try {
      await migrateDatabase(again.db);
      const rows = await again.db.select().from(genders).orderBy(genders.id);
      expect(rows.map((g) => g.name)).toEqual(['Herre', 'Dame']);
    } finally {
      await again.close();
    }
  });

  it('takes over the lock a crashed process left behind', { timeout: 120_000 }, async () => {
    fs.writeFileSync(lockFile, '2147483646\n');
    const again = await openDatabase({ dataDir: dir });
    expect(parseLockRecord(fs.readFileSync(lockFile, 'utf8'))?.pid).toBe(process.pid);
    await again.close();
  });
});
