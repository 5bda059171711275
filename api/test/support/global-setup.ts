/**
 * Migrated templates the test databases start from (databases.ts), made once per run instead of once per test file:
 * - embedded: a dump of a migrated in-memory PGlite; a test's database loads it instead of running initdb and the
 *   migrations (about 3 s of CPU per file on a two-core machine, with some hundred files);
 * - PostgreSQL (when TEST_DATABASE_URL is set): a migrated database each test database is created from (TEMPLATE).
 * And of each, a copy with the test fixtures (fixtures.ts) in it, which most test apps start from: inserting them per
 * file cost about 1.5 s of CPU on PGlite (every insert runs the search index triggers). Their dates are relative to
 * the run's start, which is minutes from any test's own.
 * Tests of the migrations themselves open databases with `migrate: false`, which never use a template.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { MEMORY, migrateDatabase, openDatabase } from '../../src/db/index.js';
import { adminQuery, serverDatabaseUrl } from './databases.js';
import { insertFixtures, type Fixtures } from './fixtures.js';
import { skippedServicesNote, testDatabaseUrl } from './services.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File of the migrated PGlite dump, or '' when it could not be made (tests then migrate themselves). */
    pgliteTemplate: string;
    /** Name of the migrated template database on TEST_DATABASE_URL's server, or ''. */
    postgresTemplate: string;
    /** The same with the fixtures inserted, and what insertFixtures answered there (`now` as ISO text); '' / null when not made. */
    pgliteFixturesTemplate: string;
    pgliteFixtures: ProvidedFixtures | null;
    postgresFixturesTemplate: string;
    postgresFixtures: ProvidedFixtures | null;
  }
}

/** Fixtures as a provided value (JSON): `now` as ISO text. */
export type ProvidedFixtures = Omit<Fixtures, 'now'> & { now: string };
const provided = (f: Fixtures): ProvidedFixtures => ({ ...f, now: f.now.toISOString() });

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Once per run, not once per skipped suite: which services this run goes without (services.ts).
  const skipped = skippedServicesNote();
  if (skipped) console.log(skipped);
  const dir = mkdtempSync(join(tmpdir(), 'shop-api-test-'));
  const pgliteTemplate = join(dir, 'migrated.tar');
  const pgliteFixturesTemplate = join(dir, 'fixtures.tar');
  const embedded = await openDatabase({ dataDir: MEMORY });
  let pgliteFixtures: Fixtures;
  try {
    await migrateDatabase(embedded.db);
    await embedded.dumpTo!(pgliteTemplate);
    pgliteFixtures = await insertFixtures(embedded.db);
    await embedded.dumpTo!(pgliteFixturesTemplate);
  } finally {
    await embedded.close();
  }
  project.provide('pgliteTemplate', pgliteTemplate);
  project.provide('pgliteFixturesTemplate', pgliteFixturesTemplate);
  project.provide('pgliteFixtures', provided(pgliteFixtures));

  let postgresTemplate = '';
  let postgresFixturesTemplate = '';
  let postgresFixtures: Fixtures | null = null;
  const adminUrl = testDatabaseUrl;
  if (adminUrl) {
    postgresTemplate = `t_api_template_${process.pid}`;
    postgresFixturesTemplate = `t_api_fixtures_${process.pid}`;
    for (const name of [postgresTemplate, postgresFixturesTemplate]) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await adminQuery(adminUrl, `CREATE DATABASE "${postgresTemplate}"`);
    const server = await openDatabase({ databaseUrl: serverDatabaseUrl(adminUrl, postgresTemplate), poolMax: 1 });
    try {
      await migrateDatabase(server.db);
    } finally {
      // CREATE DATABASE … TEMPLATE refuses a template anyone is connected to.
      await server.close();
    }
    await adminQuery(adminUrl, `CREATE DATABASE "${postgresFixturesTemplate}" TEMPLATE "${postgresTemplate}"`);
    const withFixtures = await openDatabase({ databaseUrl: serverDatabaseUrl(adminUrl, postgresFixturesTemplate), poolMax: 1 });
    try {
      postgresFixtures = await insertFixtures(withFixtures.db);
    } finally {
      await withFixtures.close();
    }
  }
  project.provide('postgresTemplate', postgresTemplate);
  project.provide('postgresFixturesTemplate', postgresFixturesTemplate);
  project.provide('postgresFixtures', postgresFixtures && provided(postgresFixtures));

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (adminUrl) {
      for (const name of [postgresFixturesTemplate, postgresTemplate]) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  };
}
