/** Builds the real app on a fresh test database; one per test file (and per database kind). */
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App, type AppOptions } from '../../src/server/app.js';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './databases.js';
import { insertFixtures, type Fixtures } from './fixtures.js';

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
    testDb = await createTestDatabase(kind);
    const { fixtures: withFixtures = true, ...appOptions } = options;
    const fixtures = withFixtures ? await insertFixtures(testDb.database.db) : (null as unknown as Fixtures);
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
