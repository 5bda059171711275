/** The payments fault suite (suite.ts) on PostgreSQL with two API processes on one database, when TEST_DATABASE_URL is set. */
import { describe, it } from 'vitest';
import { testDatabaseKinds } from '../../support/databases.js';
import { faultSuiteOn } from './suite.js';

if (testDatabaseKinds().includes('postgres')) faultSuiteOn('postgres');
else describe('payments under faults on postgres', () => it.skip('needs TEST_DATABASE_URL', () => {}));
