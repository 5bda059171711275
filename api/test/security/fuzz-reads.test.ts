/** Input fuzzing of every GET route with an input schema, on every test database (support/fuzz-suite.ts). */
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../support/databases.js';
import { fuzzSuite, unbounded } from './support/fuzz-suite.js';
import { MUTATING_METHODS, routeKey, schemasOf } from './support/harness.js';

describe.each(testDatabaseKinds())('fuzzing every read with an input schema on %s', (kind) => {
  const { routes, run } = fuzzSuite(kind);

  it('every input of every route is bounded (numbers, text and lists)', () => {
    expect(routes().length).toBeGreaterThanOrEqual(50);
    const problems = routes().flatMap((r) => (['body', 'querystring', 'params'] as const).flatMap((part) => unbounded(schemasOf(r)[part], `${routeKey(r)} ${part}`)));
    expect(problems).toEqual([]);
  });

  // 200 s in a full unit run on a slow day (three files side by side on two cores): the limit only catches a hang.
  it('reads: 1,000 bad inputs per GET route on PostgreSQL (200 on the embedded database beside it, FUZZ_CASES without it), never a 5xx, errors as JSON {message}', { timeout: 600_000 }, async () => {
    const reports = await run((m) => !MUTATING_METHODS.has(m));
    expect(reports.length).toBeGreaterThanOrEqual(25);
  });
});
