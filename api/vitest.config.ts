import { defineConfig } from 'vitest/config';

// API tests boot a real database per test file (embedded PGlite in its worker; PostgreSQL too when
// TEST_DATABASE_URL is set), so timeouts are generous and files run in parallel processes.
export default defineConfig({
  test: {
    name: 'api',
    root: import.meta.dirname,
    environment: 'node',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    globalSetup: ['test/support/global-setup.ts'],
    // The services a test uses are the ones the run is given (TEST_DATABASE_URL, TEST_REDIS_URL:
    // test/support/services.ts), never those of the developer's own shop: the apps the tests build, and the API
    // processes they start, read these two.
    // The AWS SDK warns once per process on Node 20 that its releases after January 2027 need Node 22: an operator's
    // notice (docs/operations.md), nothing a test run can act on (the lock file holds a release that supports Node 20).
    env: { DATABASE_URL: '', REDIS_URL: '', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  },
});
