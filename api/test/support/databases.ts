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
import { insertFixtures, type Fixtures } from './fixtures.js';

export type DatabaseKind = 'pglite' | 'postgres';

/** Every database this run tests against: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDatabaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase {
  kind: DatabaseKind;
  database: Database;
  /** With `fixtures: true`: what the fixtures in it are (fixtures.ts). */
  fixtures: Fixtures | null;
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

/**
 * A fresh database of `kind`, migrated unless `migrate: false`; with `fixtures: true` the test fixtures are in it too
 * (started from the run's template that has them, global-setup.ts, or inserted here when there is none).
 */
export async function createTestDatabase(kind: DatabaseKind, options: { migrate?: boolean; poolMax?: number; fixtures?: boolean } = {}): Promise<TestDatabase> {
  const migrate = options.migrate !== false || options.fixtures === true;
  // The run's templates (global-setup.ts): migrated, and migrated with the fixtures; '' when not made.
  const withFixtures = options.fixtures ? { pglite: inject('pgliteFixturesTemplate'), postgres: inject('postgresFixturesTemplate') }[kind] : '';
  const provided = withFixtures ? { pglite: inject('pgliteFixtures'), postgres: inject('postgresFixtures') }[kind] : null;
  const template = withFixtures || (migrate ? { pglite: inject('pgliteTemplate'), postgres: inject('postgresTemplate') }[kind] : '');
  let database: Database;
  let cleanup = async () => {};
  if (kind === 'pglite') {
    // The migrations below then find nothing left to do.
    database = await openDatabase({ dataDir: MEMORY, startFrom: template || undefined });
  } else {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
    const name = `t_api_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(adminUrl, template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
    database = await openDatabase({ databaseUrl: serverDatabaseUrl(adminUrl, name), poolMax: options.poolMax ?? 4 });
    cleanup = () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
  if (migrate) await migrateDatabase(database.db);
  let fixtures: Fixtures | null = null;
  if (provided) fixtures = { ...provided, now: new Date(provided.now) };
  else if (options.fixtures) fixtures = await insertFixtures(database.db);
  return {
    kind,
    database,
    fixtures,
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
