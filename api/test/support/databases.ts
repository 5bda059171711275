/**
 * Fresh databases for tests, through the same `pg` code path as the app:
 * - `pglite`: the embedded PGlite worker with an in-memory data directory (nothing on disk, nothing shared);
 * - `postgres`: when TEST_DATABASE_URL is set, a brand-new database on that server per test file, dropped after.
 *   (A database, not a schema: drizzle-kit qualifies foreign keys with "public", so a schema per file cannot work.)
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { MEMORY, migrateDatabase, openDatabase, type Database } from '../../src/db/index.js';

export type DatabaseKind = 'pglite' | 'postgres';

/** Every database this run tests against: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDatabaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase {
  kind: DatabaseKind;
  database: Database;
  drop(): Promise<void>;
}

export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** TEST_DATABASE_URL with another database name. */
export function serverDatabaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function createTestDatabase(kind: DatabaseKind, options: { migrate?: boolean; poolMax?: number } = {}): Promise<TestDatabase> {
  const migrate = options.migrate !== false;
  let database: Database;
  let cleanup = async () => {};
  if (kind === 'pglite') {
    // The run's migrated dump (global-setup.ts); the migrations below then find nothing left to do.
    const template = migrate ? inject('pgliteTemplate') : '';
    database = await openDatabase({ dataDir: MEMORY, startFrom: template || undefined });
  } else {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
    const name = `t_api_${process.pid}_${randomBytes(4).toString('hex')}`;
    const template = migrate ? inject('postgresTemplate') : '';
    await adminQuery(adminUrl, template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
    database = await openDatabase({ databaseUrl: serverDatabaseUrl(adminUrl, name), poolMax: options.poolMax ?? 4 });
    cleanup = () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
  if (migrate) await migrateDatabase(database.db);
  return {
    kind,
    database,
    async drop() {
      await database.close();
      await cleanup();
    },
  };
}

/**
 * An empty database on TEST_DATABASE_URL's server for API processes a test starts itself (they migrate it): its URL,
 * and drop() for afterAll.
 */
export async function createServerDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  return { url: serverDatabaseUrl(adminUrl, name), drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
