/**
 * The input-fuzzing suite (issue "Production grade"), shared by fuzz-reads.test.ts and fuzz-writes.test.ts: two files
 * so the two halves run side by side (one file took 3.5 minutes, the longest of the unit run). Every route of the
 * route table with a body, query or params schema gets 1,000 generated bad inputs on PostgreSQL and a sample of them on
 * the embedded database when a run has both (run-fuzz.ts CASES_ON_SECOND_DATABASE); a run on the embedded database
 * alone takes FUZZ_CASES per route (200; `npm run test:fuzz -w @shop/api` runs 1,000) (fuzz.ts: wrong types, huge
 * strings, unicode, NUL, nulls, deep objects, SQL and HTML payloads, malformed JSON and percent-encoding, over-limit
 * bodies…):
 * - never a 5xx, and every error answer is JSON `{message, …}`;
 * - inputs that are definitely invalid under the route's schema are refused with a 4xx;
 * - a refused write leaves every table of the database as it was (row count and content hash per table).
 * Every 5xx this found was fixed at the API edge (see server/input.ts, routes/shared/schema.ts DbId).
 */
import { beforeAll, expect } from 'vitest';
import { useTestApp } from '../../support/app.js';
import { testDatabaseKinds, type DatabaseKind } from '../../support/databases.js';
import { makeShellTree } from '../../accounts/browser.js';
import type { JsonSchema } from './fuzz.js';
import { callableRoutes, hasInputSchema, insertSecurityData, routeKey, type SecurityData } from './harness.js';
import { CASES_EMBEDDED_ONLY, CASES_ON_SECOND_DATABASE, CASES_PER_ROUTE, fuzzRoute, summarize, type FuzzReport } from './run-fuzz.js';

/** Every unbounded numeric, text or list input in a schema (so that no input can reach the database unbounded). */
export function unbounded(schema: JsonSchema | undefined, path: string): string[] {
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

/** A test app on one database kind with the security data in it, and a runner over its routes that have an input schema. */
export function fuzzSuite(kind: DatabaseKind) {
  const t = useTestApp(kind, { rootDir: makeShellTree() });
  let data: SecurityData;
  beforeAll(async () => {
    data = await insertSecurityData(t().db);
  });
  const routes = () => callableRoutes(t().app).filter(hasInputSchema);

  /** Fuzzes every route whose method `select` takes; fails with the first 40 problems found. */
  const run = async (select: (method: string) => boolean) => {
    const reports: FuzzReport[] = [];
    const problems: string[] = [];
    const kinds = testDatabaseKinds();
    const fullRun = kinds.includes('postgres') ? 'postgres' : kinds[0];
    const count = kind !== fullRun ? CASES_ON_SECOND_DATABASE : kind === 'postgres' ? CASES_PER_ROUTE : CASES_EMBEDDED_ONLY;
    for (const route of routes().filter((r) => select(r.method))) {
      const report = await fuzzRoute(() => t().app, t().database, route, data, count);
      reports.push(report);
      expect(report.cases, routeKey(route)).toBeGreaterThanOrEqual(count);
      problems.push(...report.problems.map((p) => `${routeKey(route)} ${p}`));
    }
    console.log(summarize(reports));
    expect(problems.slice(0, 40), `${problems.length} problems`).toEqual([]);
    return reports;
  };
  return { routes, run };
}
