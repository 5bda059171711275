/**
 * Migrated templates the test databases start from (databases.ts), made once per run instead of once per test file:
 * - embedded: a dump of a migrated in-memory PGlite; a test's database loads it instead of running initdb and the
 *   migrations (about 3 s of CPU per file on a two-core machine, with some hundred files);
 * - PostgreSQL (when TEST_DATABASE_URL is set): a migrated database each test database is created from (TEMPLATE).
 * Tests of the migrations themselves open databases with `migrate: false`, which never use a template.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { MEMORY, migrateDatabase, openDatabase } from '../../src/db/index.js';
import { adminQuery, serverDatabaseUrl } from './databases.js';
import { skippedServicesNote, testDatabaseUrl } from './services.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File of the migrated PGlite dump, or '' when it could not be made (tests then migrate themselves). */
    pgliteTemplate: string;
    /** Name of the migrated template database on TEST_DATABASE_URL's server, or ''. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Once per run, not once per skipped suite: which services this run goes without (services.ts).
  const skipped = skippedServicesNote();
  if (skipped) console.log(skipped);
  const dir = mkdtempSync(join(tmpdir(), 'shop-api-test-'));
  const pgliteTemplate = join(dir, 'migrated.tar');
  const embedded = await openDatabase({ dataDir: MEMORY });
  try {
    await migrateDatabase(embedded.db);
    await embedded.dumpTo!(pgliteTemplate);
  } finally {
    await embedded.close();
  }
  project.provide('pgliteTemplate', pgliteTemplate);

  let postgresTemplate = '';
  const adminUrl = testDatabaseUrl;
  if (adminUrl) {
    postgresTemplate = `t_api_template_${process.pid}`;
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${postgresTemplate}" WITH (FORCE)`);
    await adminQuery(adminUrl, `CREATE DATABASE "${postgresTemplate}"`);
    const server = await openDatabase({ databaseUrl: serverDatabaseUrl(adminUrl, postgresTemplate), poolMax: 1 });
    try {
      await migrateDatabase(server.db);
    } finally {
      // CREATE DATABASE … TEMPLATE refuses a template anyone is connected to.
      await server.close();
    }
  }
  project.provide('postgresTemplate', postgresTemplate);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (adminUrl && postgresTemplate) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${postgresTemplate}" WITH (FORCE)`);
  };
}
