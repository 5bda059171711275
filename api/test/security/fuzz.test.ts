/**
 * Security suite, input fuzzing (issue "Production grade"), on every test database. Every route of the route table
 * with a body, query or params schema gets 1,000 generated bad inputs (support/fuzz.ts: wrong types, huge strings,
 * unicode, NUL, nulls, deep objects, SQL and HTML payloads, malformed JSON and percent-encoding, over-limit bodies…):
 * - never a 5xx, and every error answer is JSON `{message, …}`;
 * - inputs that are definitely invalid under the route's schema are refused with a 4xx;
 * - a refused write leaves every table of the database as it was (row count and content hash per table).
 * Every 5xx this found was fixed at the API edge (see server/input.ts, routes/shared/schema.ts DbId).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { makeShellTree } from '../accounts/browser.js';
import type { JsonSchema } from './support/fuzz.js';
import { callableRoutes, hasInputSchema, insertSecurityData, MUTATING_METHODS, routeKey, schemasOf, type SecurityData } from './support/harness.js';
import { CASES_PER_ROUTE, fuzzRoute, summarize, type FuzzReport } from './support/run-fuzz.js';

/** Every unbounded numeric, text or list input in a schema (so that no input can reach the database unbounded). */
function unbounded(schema: JsonSchema | undefined, path: string): string[] {
  if (!schema) return [];
  if (schema.anyOf) return schema.anyOf.flatMap((s) => unbounded(s, path));
  if (schema.allOf) return schema.allOf.flatMap((s) => unbounded(s, path));
  const out: string[] = [];
  const fixed = schema.const !== undefined || schema.enum !== undefined;
  if ((schema.type === 'integer' || schema.type === 'number') && !fixed && (schema.minimum === undefined || schema.maximum === undefined)) out.push(`${path}: number without minimum and maximum`);
  if (schema.type === 'string' && !fixed && schema.maxLength === undefined && schema.pattern === undefined && schema.format === undefined) out.push(`${path}: text without maxLength`);
  if (schema.type === 'array' && schema.maxItems === undefined) out.push(`${path}: list without maxItems`);
  for (const [key, s] of Object.entries(schema.properties ?? {})) out.push(...unbounded(s, `${path}.${key}`));
  if (schema.items) out.push(...unbounded(schema.items, `${path}[]`));
  return out;
}

describe.each(testDatabaseKinds())('fuzzing every route with an input schema on %s', (kind) => {
  const t = useTestApp(kind, { rootDir: makeShellTree() });
  let data: SecurityData;
  beforeAll(async () => {
    data = await insertSecurityData(t().db);
  });
  const routes = () => callableRoutes(t().app).filter(hasInputSchema);

  it('every input of every route is bounded (numbers, text and lists)', () => {
    expect(routes().length).toBeGreaterThanOrEqual(50);
    const problems = routes().flatMap((r) => (['body', 'querystring', 'params'] as const).flatMap((part) => unbounded(schemasOf(r)[part], `${routeKey(r)} ${part}`)));
    expect(problems).toEqual([]);
  });

  const run = async (select: (method: string) => boolean) => {
    const reports: FuzzReport[] = [];
    const problems: string[] = [];
    for (const route of routes().filter((r) => select(r.method))) {
      const report = await fuzzRoute(() => t().app, t().database, route, data);
      reports.push(report);
      expect(report.cases, routeKey(route)).toBeGreaterThanOrEqual(CASES_PER_ROUTE);
      problems.push(...report.problems.map((p) => `${routeKey(route)} ${p}`));
    }
    console.log(summarize(reports));
    expect(problems.slice(0, 40), `${problems.length} problems`).toEqual([]);
    return reports;
  };

  it('reads: 1,000 bad inputs per GET route, never a 5xx, errors as JSON {message}', { timeout: 300_000 }, async () => {
    const reports = await run((m) => !MUTATING_METHODS.has(m));
    expect(reports.length).toBeGreaterThanOrEqual(25);
  });

  it('writes: 1,000 bad inputs per mutating route, refused ones change nothing in the database', { timeout: 300_000 }, async () => {
    const reports = await run((m) => MUTATING_METHODS.has(m));
    expect(reports.length).toBeGreaterThanOrEqual(20);
    // Most of each route's inputs were compared against the database (the rest were accepted writes).
    for (const r of reports) expect(r.dbChecked, r.route).toBeGreaterThanOrEqual(r.invalid);
  });
});
