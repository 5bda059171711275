/**
 * The outside services a test run uses, only when asked: PostgreSQL when TEST_DATABASE_URL is set, Redis when
 * TEST_REDIS_URL is set (`.ci/run` sets them when the services answer on the CI machine). Never whatever happens to
 * answer on 127.0.0.1 by default: on a shared machine that is someone else's. Without them the suites that need one
 * are skipped, their names say which variable runs them (NEEDS_POSTGRES, NEEDS_REDIS), and the run says so once
 * (global-setup.ts, skippedServicesNote).
 *
 * A TEST_* variable that is set but names a server that does not answer fails the tests that need it: it was asked for.
 */

/** The admin URL of the PostgreSQL server the tests create their databases on, or undefined. */
export const testDatabaseUrl: string | undefined = process.env.TEST_DATABASE_URL || undefined;
/** The Redis the tests may use (and clean up after themselves in), or undefined. */
export const testRedisUrl: string | undefined = process.env.TEST_REDIS_URL || undefined;

/** For the names of the suites that run only with PostgreSQL. */
export const NEEDS_POSTGRES = 'PostgreSQL (set TEST_DATABASE_URL)';
/** For the names of the suites that run only with Redis. */
export const NEEDS_REDIS = 'Redis (set TEST_REDIS_URL)';

/** The one line a run prints about the services it goes without, or null when it has both. */
export function skippedServicesNote(env: NodeJS.ProcessEnv = process.env): string | null {
  const missing = [!env.TEST_DATABASE_URL && NEEDS_POSTGRES, !env.TEST_REDIS_URL && NEEDS_REDIS].filter(Boolean);
  return missing.length ? `api tests: the suites that need ${missing.join(' or ')} are skipped in this run` : null;
}
