/** Builds the real app on a fresh test database; one per test file (and per database kind). */
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App, type AppOptions } from '../../src/server/app.js';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './databases.js';
import type { Fixtures } from './fixtures.js';

export interface TestApp {
  kind: DatabaseKind;
  app: App;
  db: TestDatabase['database']['db'];
  database: TestDatabase['database'];
  fixtures: Fixtures;
}

export type TestAppOptions = Omit<AppOptions, 'database'> & { fixtures?: boolean };

/**
 * Registers beforeAll/afterAll in the calling describe block and returns a getter for the running app
 * (a getter because the app exists only once beforeAll has run).
 */
export function useTestApp(kind: DatabaseKind, options: TestAppOptions = {}): () => TestApp {
  let current: TestApp | null = null;
  let testDb: TestDatabase | null = null;
  beforeAll(async () => {
    const { fixtures: withFixtures = true, ...appOptions } = options;
    testDb = await createTestDatabase(kind, { fixtures: withFixtures });
    const fixtures = testDb.fixtures ?? (null as unknown as Fixtures);
    const app = await buildApp({ ...appOptions, database: testDb.database });
    await app.ready();
    current = { kind, app, db: testDb.database.db, database: testDb.database, fixtures };
  });
  afterAll(async () => {
    await current?.app.close();
    await testDb?.drop();
  });
  return () => {
    if (!current) throw new Error('test app not started (use it inside tests, after beforeAll)');
    return current;
  };
}

/**
 * One database for several apps of a file, as the API processes of a shop share one: for apps that differ only in
 * their options (TRUST_PROXY, PUBLIC_URL, an image store, …) a file pays for one database and one set of fixtures
 * instead of one per app (on PGlite a database start is most of a small file's time). Registers beforeAll/afterAll
 * in the calling describe; `app(options)` registers the app's own in the describe it is called in, which must be this
 * one or one inside it. The apps' tests share the data, so each keeps to its own ids (customers, addresses, variants);
 * `paymentsRuntimeOf(database)` is the runtime of the app built last.
 */
export function useTestDatabase(kind: DatabaseKind, options: { fixtures?: boolean } = {}) {
  let testDb: TestDatabase | null = null;
  let fixtures: Fixtures | null = null;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind, { fixtures: options.fixtures !== false });
    fixtures = testDb.fixtures;
  });
  afterAll(async () => {
    await testDb?.drop();
  });
  const started = () => {
    if (!testDb) throw new Error('test database not started (use it inside tests, after beforeAll)');
    return testDb;
  };
  return {
    /** The database's handle (for data every app of the file reads, in a beforeAll). */
    db: () => started().database.db,
    /** An app on this database: its beforeAll/afterAll in the calling describe, and a getter like useTestApp's. */
    app(appOptions: Omit<AppOptions, 'database'> = {}): () => TestApp {
      let current: TestApp | null = null;
      beforeAll(async () => {
        const { database } = started();
        const app = await buildApp({ ...appOptions, database });
        await app.ready();
        current = { kind, app, db: database.db, database, fixtures: fixtures as Fixtures };
      });
      afterAll(async () => {
        await current?.app.close();
      });
      return () => {
        if (!current) throw new Error('test app not started (use it inside tests, after beforeAll)');
        return current;
      };
    },
  };
}

/** What useTestDatabase gives a file: the database's handle and its apps. */
export type TestDatabaseApps = ReturnType<typeof useTestDatabase>;

/** The cookie pair (`sid=…`) from a response's set-cookie header. */
export function sessionCookieOf(headers: Record<string, unknown>): string | null {
  const raw = headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  for (const c of list as string[]) {
    const pair = c.split(';')[0]!;
    if (pair.startsWith('sid=')) return pair;
  }
  return null;
}
