/**
 * Runs the generated bad inputs of fuzz.ts against routes of the real app (fastify.inject) and collects every broken
 * promise instead of stopping at the first: a 5xx, a definitely-invalid input that was not refused with a 4xx, an
 * error answer that is not JSON `{message}`, a rejected write that changed the database, a request slower than
 * SLOW_MS both in the run and again alone (a pathological input is slow every time; a loaded machine only sometimes).
 */
import type { LightMyRequestResponse } from 'fastify';
import type { Database } from '../../../src/db/index.js';
import type { App } from '../../../src/server/app.js';
import type { RouteEntry } from '../../../src/server/route-table.js';
import { ean13 } from '../../support/fixtures.js';
import { fuzzCases, type FuzzCase, type Json, type RouteUnderTest } from './fuzz.js';
import {
  changedTables,
  Client,
  errorBodyProblem,
  fingerprint,
  FUZZ,
  isEditorRoute,
  makeSession,
  MUTATING_METHODS,
  NEEDS_CUSTOMER,
  routeKey,
  schemasOf,
  STAFF,
  type SecurityData,
} from './harness.js';

/** Generated bad inputs per route in the full run (the issue asks for at least 1,000). */
export const CASES_PER_ROUTE = 1_000;
/**
 * Cases per route when the run has only the embedded database (a developer's `npm test`, no TEST_DATABASE_URL): the
 * full 1,000 took 170 s of the unit run there, a tenth of that on PostgreSQL. CI sets TEST_DATABASE_URL, so the full
 * run happens on PostgreSQL; `npm run test:fuzz -w @shop/api` (FUZZ_CASES=1000) runs it on the embedded one.
 */
export const CASES_EMBEDDED_ONLY = Math.max(1, Number(process.env.FUZZ_CASES) || 200);
/**
 * Cases per route on the second database of a run that has two (the embedded one and PostgreSQL). The 1,000 run on
 * one database: PostgreSQL when the run has it (the same requests take a tenth of the time there), else the embedded
 * one. The refusals at the API edge are the same code on both, so the other database gets a deterministic sample
 * that checks what differs: that database's own answer to what gets through (its text, number and encoding rules)
 * and that a refused write leaves its tables as they were.
 */
export const CASES_ON_SECOND_DATABASE = 200;
/**
 * One request slower than this is a finding too (a pathological regex or query), if it is as slow again when sent
 * alone once the route's run is over: on a loaded CI machine an ordinary write among four in flight took 2,011 ms once.
 */
export const SLOW_MS = 2_000;
const CHUNK = 100;
/**
 * Requests in flight at once. The embedded database works in its own thread, so a few concurrent requests keep both
 * cores busy (validation and serialization here, queries there); results do not depend on the order.
 */
export const CONCURRENCY = 6;

async function inParallel<T>(items: readonly T[], work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
}

/**
 * Tables a *rejected* request may still write, per route, and why. Everything else must be byte-for-byte unchanged.
 */
export const MAY_WRITE_WHEN_REJECTED: Record<string, { tables: string[]; why: string }> = {
  'POST /api/v1/customers/login': { tables: ['login_attempts'], why: 'a failed login is counted: that is the throttle (SPEC §8 429)' },
  'POST /api/v1/customers/login/:type': { tables: ['login_attempts'], why: 'a failed login is counted: that is the throttle (SPEC §8 429)' },
};

/** Valid starting points that reach deeper than the schema's own example (real ids, the caller's own account…). */
export function baseFor(route: RouteEntry, data: SecurityData): RouteUnderTest['base'] {
  const password = 'Hemmelig-passord-1';
  const bases: Record<string, RouteUnderTest['base']> = {
    'PUT /api/v1/customers/:id': { params: { id: String(FUZZ.id) }, body: { first_name: 'Fuzz', last_name: 'Testesen', phone: FUZZ.phone, email: FUZZ.email } },
    'DELETE /api/v1/customers/:id': { params: { id: String(FUZZ.id) } },
    'POST /api/v1/customers/register': {
      body: { first_name: 'Ny', last_name: 'Kunde', email: 'ny.kunde@example.no', phone: '45555555', password, password_confirmation: password, terms_conditions: 1 },
    },
    'POST /api/v1/customers/password/reset': { body: { token: 'x'.repeat(43), email: FUZZ.email, password, password_confirmation: password } },
    'POST /api/v1/customers/current/reviews': { body: { article_id: 101, rating: 4, content: 'Fin jakke' } },
    'POST /api/v1/polls/:id/answers': { params: { id: String(data.pollId) }, body: { answers: [{ question_id: data.questionId, option_id: data.optionIds[0]! }] } },
    'POST /api/v1/reservations': {
      body: {
        CustomerName: 'Kari Nordmann', Email: 'kari@example.no', Phone: '91234567', Delivery: 0, Address: '', PostalCode: '0150', City: 'OSLO',
        ShopID: 1, shipping_method_id: 'click-and-collect', items: [{ EanNo: ean13('701011'), Count: 1, CampaignArticleID: null }],
      },
    },
    'POST /api/v1/articles/search': { body: { query: 'jakke', take: 10, page: 0, filters: '' } },
    'GET /api/v1/polls/:id': { params: { id: String(data.pollId) } },
    'GET /api/v1/polls/:id/score': { params: { id: String(data.pollId) } },
    'GET /api/v1/polls/:id/answers': { params: { id: String(data.pollId) } },
    'GET /api/v1/polls/questions/:id/score': { params: { id: String(data.questionId) } },
    'GET /api/v1/polls/questions/:id/answers': { params: { id: String(data.questionId) } },
    'GET /api/v1/articles/:idOrSlug': { params: { idOrSlug: '101' } },
    'GET /api/v1/articles/bundle': { querystring: { articles: '101,102' } },
    'GET /api/v1/geo/addresses': { querystring: { sok: 'Karl Johans gate 1' } },
    'GET /api/v1/osrm/table/v1/car/*': { params: { '*': '10.75,59.91;5.32,60.39' } },
    'PUT /api/v1/editor/polls/:id': { params: { id: String(data.pollId) } },
  };
  return bases[routeKey(route)];
}

/** Who sends the fuzz: staff for the editor, the fuzz customer where a login is needed, else an anonymous visitor. */
export async function clientFor(app: () => App, database: Database, route: RouteEntry): Promise<Client> {
  const key = routeKey(route);
  const customerId = isEditorRoute(route.url) ? STAFF.id : key in NEEDS_CUSTOMER ? FUZZ.id : null;
  return new Client(app, await makeSession(database.db, customerId));
}

export interface FuzzReport {
  route: string;
  cases: number;
  invalid: number;
  statuses: Record<number, number>;
  /** Rejected write cases whose database fingerprint was compared. */
  dbChecked: number;
  maxMs: number;
  /** Wall time of the whole route. */
  ms: number;
  problems: string[];
}

const describeCase = (c: FuzzCase) => `[${c.part}] ${c.note} ${c.url.length > 140 ? `${c.url.slice(0, 140)}…` : c.url}`;

export async function fuzzRoute(app: () => App, database: Database, route: RouteEntry, data: SecurityData, count = CASES_PER_ROUTE): Promise<FuzzReport> {
  const key = routeKey(route);
  const cases = fuzzCases({ method: route.method, url: route.url, schemas: schemasOf(route), base: baseFor(route, data) }, count);
  const client = await clientFor(app, database, route);
  const report: FuzzReport = { route: key, cases: cases.length, invalid: 0, statuses: {}, dbChecked: 0, maxMs: 0, ms: 0, problems: [] };
  const routeStarted = performance.now();
  const done = () => ((report.ms = performance.now() - routeStarted), report);
  const writes = MUTATING_METHODS.has(route.method);
  const exclude = MAY_WRITE_WHEN_REJECTED[key]?.tables ?? [];

  const timed = async (c: FuzzCase): Promise<{ res: LightMyRequestResponse; ms: number }> => {
    const started = performance.now();
    const payload = c.raw ?? (c.json === undefined ? undefined : JSON.stringify(c.json));
    const res = await client.send(route.method, c.url, payload === undefined ? {} : { payload, contentType: c.contentType ?? 'application/json' });
    return { res, ms: performance.now() - started };
  };
  const slow: Array<{ c: FuzzCase; status: number; ms: number }> = [];
  const send = async (c: FuzzCase): Promise<LightMyRequestResponse> => {
    const { res, ms } = await timed(c);
    report.maxMs = Math.max(report.maxMs, ms);
    report.statuses[res.statusCode] = (report.statuses[res.statusCode] ?? 0) + 1;
    if (c.invalid) report.invalid += 1;
    const problem = (text: string) => report.problems.push(`${res.statusCode} ${describeCase(c)}: ${text}`);
    if (res.statusCode >= 500) problem(`server error ${res.body.slice(0, 200)}`);
    else if (c.invalid && (res.statusCode < 400 || res.statusCode >= 500)) problem('a definitely invalid input was not refused');
    if (res.statusCode >= 400) {
      const bad = errorBodyProblem(res);
      if (bad) problem(bad);
    }
    if (ms > SLOW_MS) slow.push({ c, status: res.statusCode, ms });
    return res;
  };
  const routeDone = async () => {
    // One at a time, nothing else in flight: slow again is the input's doing.
    for (const { c, status, ms } of slow) {
      const again = await timed(c);
      if (again.ms > SLOW_MS) report.problems.push(`${status} ${describeCase(c)}: took ${Math.round(ms)} ms, and ${Math.round(again.ms)} ms again alone`);
    }
    return done();
  };

  if (!writes) {
    await inParallel(cases, send);
    return routeDone();
  }

  // Writes: the definitely-invalid inputs as one batch (all must be refused, nothing may change), then the rest in
  // chunks; a chunk in which something was accepted is not compared (accepted writes may change what they like).
  const invalid = cases.filter((c) => c.invalid);
  const rest = cases.filter((c) => !c.invalid);
  let before = await fingerprint(database, exclude);
  await inParallel(invalid, send);
  let after = await fingerprint(database, exclude);
  const changed = changedTables(before, after);
  if (changed.length) report.problems.push(`refused invalid inputs changed ${changed.join(', ')}`);
  report.dbChecked += invalid.length;
  before = after;
  for (let i = 0; i < rest.length; i += CHUNK) {
    const chunk = rest.slice(i, i + CHUNK);
    let accepted = false;
    await inParallel(chunk, async (c) => {
      if ((await send(c)).statusCode < 400) accepted = true;
    });
    after = await fingerprint(database, exclude);
    if (!accepted) {
      const moved = changedTables(before, after);
      if (moved.length) report.problems.push(`refused inputs ${describeCase(chunk[0]!)} … (${chunk.length}) changed ${moved.join(', ')}`);
      report.dbChecked += chunk.length;
    }
    before = after;
  }
  return routeDone();
}

export function summarize(reports: FuzzReport[]): string {
  const total = reports.reduce((n, r) => n + r.cases, 0);
  const invalid = reports.reduce((n, r) => n + r.invalid, 0);
  const lines = reports.map((r) => `${r.route}: ${r.cases} cases (${r.invalid} invalid), ${JSON.stringify(r.statuses)}, max ${Math.round(r.maxMs)} ms, ${(r.ms / 1000).toFixed(1)} s${r.dbChecked ? `, db checked ${r.dbChecked}` : ''}`);
  return [`${reports.length} routes, ${total} inputs (${invalid} definitely invalid)`, ...lines].join('\n');
}

export type { Json };
