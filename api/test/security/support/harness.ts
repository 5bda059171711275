/**
 * Shared pieces of the security suite: the route table as the tests walk it, a small seeded database on top of the
 * catalogue fixtures (two customers with history, a staff member, a poll, a payment), sessions made directly in the
 * database (no argon2, no index.html round trip), a client that follows session rotation, and a fingerprint of
 * every table to prove that a rejected write changed nothing.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import * as s from '../../../src/db/schema.js';
import type { Database, Db } from '../../../src/db/index.js';
import type { App } from '../../../src/server/app.js';
import type { RouteEntry } from '../../../src/server/route-table.js';
import { CSRF_HEADER, hashSessionId } from '../../../src/server/session.js';
import { MAX_FIELD_ERRORS } from '../../../src/server/errors.js';
import { STAFF_ROLE } from '../../../src/content/staff.js';
import { participantOf } from '../../../src/content/polls.js';
import { sessionCookieOf } from '../../support/app.js';
import { ean13 } from '../../support/fixtures.js';
import type { JsonSchema, RouteSchemas } from './fuzz.js';

export const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The routes a client can call: every method × path of the route table except the automatic HEAD/OPTIONS twins. */
export function callableRoutes(app: App): RouteEntry[] {
  return app.routeTable.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
}

export const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

export function schemasOf(route: RouteEntry): RouteSchemas {
  const schema = (route.schema ?? {}) as Record<string, JsonSchema | undefined>;
  return { body: schema.body, querystring: schema.querystring, params: schema.params };
}

export const hasInputSchema = (route: RouteEntry) => {
  const s = schemasOf(route);
  return Boolean(s.body || s.querystring || s.params);
};

// ------------------------------------------------------------------------------------------------ who may call what

/**
 * Routes that need somebody logged in, and what an anonymous session gets from them (SPEC §8 and routes/customers):
 * PUT/DELETE /customers/{id} and resending the e-mail answer 404 "Ingen bruker logget inn"; the history, reviews and
 * the member code answer 401 (SPEC §8: "History or review fetch with 401 clears the user"). Editor routes are
 * staff-only: 401 anonymous, 403 for a customer (routes/editor/guard.ts).
 */
export const NEEDS_CUSTOMER: Record<string, 401 | 404> = {
  'PUT /api/v1/customers/:id': 404,
  'DELETE /api/v1/customers/:id': 404,
  'POST /api/v1/customers/email/resend': 404,
  'GET /api/v1/customers/current/code': 401,
  'POST /api/v1/customers/current/club': 401,
  'GET /api/v1/customers/current/reservations': 401,
  'GET /api/v1/customers/current/orders': 401,
  'GET /api/v1/customers/current/reviews': 401,
  'POST /api/v1/customers/current/reviews': 401,
};

/** Customer routes anybody may call (the rest of /customers needs a login): each one is a deliberate decision. */
export const PUBLIC_CUSTOMER_ROUTES = new Set([
  'GET /api/v1/customers/current', // 204 when nobody is logged in
  'POST /api/v1/customers/register',
  'POST /api/v1/customers/login',
  'POST /api/v1/customers/login/:type',
  'POST /api/v1/customers/logout',
  'POST /api/v1/customers/email/verify', // the token from the e-mail is the proof
  'POST /api/v1/customers/password/email',
  'POST /api/v1/customers/password/reset', // the token from the e-mail is the proof
]);

/** Routes behind the staff guard (routes/editor/guard.ts): the editor's and the staff payment operations. */
export const isEditorRoute = (url: string) => url.startsWith('/api/v1/editor/');
/** The shop workspace and the payments' staff routes (fulfilment/access.ts). */
export const isWorkspaceRoute = (url: string) => url.startsWith('/api/v1/staff/') || url.startsWith('/api/v1/payments/staff/');

// ------------------------------------------------------------------------------------------------ people and data

/** Distinctive values of customer A: none of them may ever reach customer B. */
export const ALFA = {
  id: 910_001,
  firstName: 'Alfaunik',
  lastName: 'Hemmeligsen',
  email: 'alfa.hemmelig@example.no',
  phone: '41111111',
  address: 'Alfaveien 77',
  city: 'ALFASTAD',
  memberCode: 'M-ALFA-7731',
  reviewText: 'ALFA-HEMMELIG-ANMELDELSE',
  klarnaOrderId: 'alfa-klarna-ordre-1',
} as const;
export const BRAVO = { id: 910_002, firstName: 'Bravo', lastName: 'Brukersen', email: 'bravo@example.no', phone: '42222222', memberCode: 'M-BRAVO-1' } as const;
export const STAFF = { id: 910_003, email: 'redaksjon@example.no' } as const;
/** The customer the fuzzer is logged in as (its own id is never among the fuzzed values). */
export const FUZZ = { id: 910_004, email: 'fuzz@example.no', phone: '43333333' } as const;

export interface SecurityData {
  alfa: { reservationId: number; orderId: number; reviewId: number };
  bravo: { reservationId: number; orderId: number; reviewId: number };
  pollId: number;
  questionId: number;
  optionIds: number[];
}

export async function insertSecurityData(db: Db): Promise<SecurityData> {
  await db.insert(s.customers).values([
    {
      id: ALFA.id, firstName: ALFA.firstName, lastName: ALFA.lastName, email: ALFA.email, phone: ALFA.phone, address: ALFA.address,
      city: ALFA.city, postalCode: '0150', birthDate: '1980-02-29', club: true, memberCode: ALFA.memberCode, termsConditions: true,
      preferences: { secret: ALFA.reviewText },
    },
    { id: BRAVO.id, firstName: BRAVO.firstName, lastName: BRAVO.lastName, email: BRAVO.email, phone: BRAVO.phone, club: true, memberCode: BRAVO.memberCode, termsConditions: true },
    { id: STAFF.id, firstName: 'Stine', lastName: 'Redaktør', email: STAFF.email, phone: '44444444', role: STAFF_ROLE, termsConditions: true },
    { id: FUZZ.id, firstName: 'Fuzz', lastName: 'Testesen', email: FUZZ.email, phone: FUZZ.phone, club: true, memberCode: 'M-FUZZ-1', termsConditions: true },
  ]);

  const history = async (customer: { id: number; firstName: string; lastName: string; email: string; phone: string }, articleId: number, variantId: number, ean: string, review: string) => {
    const [r] = await db
      .insert(s.reservations)
      .values({
        shopId: 1, customerId: customer.id, statusId: 3, name: `${customer.firstName} ${customer.lastName}`, email: customer.email, phone: customer.phone,
        delivery: 'delivery', address: customer.id === ALFA.id ? ALFA.address : 'Bravogata 2', city: customer.id === ALFA.id ? ALFA.city : 'OSLO', zipcode: '0150', total: 249900,
      })
      .returning({ id: s.reservations.id });
    await db.insert(s.reservationLines).values({ reservationId: r!.id, variantId, articleId, ean, name: `Vare ${articleId}`, count: 1, price: 249900 });
    const [o] = await db.insert(s.orders).values({ reservationId: r!.id, customerId: customer.id, total: 249900, status: 'paid' }).returning({ id: s.orders.id });
    await db.insert(s.orderLines).values({ orderId: o!.id, ean, name: `Vare ${articleId}`, count: 1, price: 249900 });
    const [rv] = await db
      .insert(s.reviews)
      .values({ reviewableId: articleId, customerId: customer.id, customerName: `${customer.firstName} ${customer.lastName.charAt(0)}.`, content: review, rating: 4, approved: false })
      .returning({ id: s.reviews.id });
    return { reservationId: r!.id, orderId: o!.id, reviewId: rv!.id };
  };
  const alfa = await history(ALFA, 101, 1011, ean13('701011'), ALFA.reviewText);
  const bravo = await history(BRAVO, 102, 1021, ean13('701021'), 'Bravo sin egen anmeldelse');
  await db.insert(s.paymentOrders).values({ provider: 'klarna', providerOrderId: ALFA.klarnaOrderId, reservationId: alfa.reservationId, shopId: 1, status: 'pending', amount: 249900 });

  const [poll] = await db.insert(s.polls).values({ name: 'Hvilken sport?', active: true }).returning({ id: s.polls.id });
  const [question] = await db.insert(s.pollQuestions).values({ pollId: poll!.id, text: 'Favorittsport?', sort: 1 }).returning({ id: s.pollQuestions.id });
  const options = await db
    .insert(s.pollOptions)
    .values([
      { questionId: question!.id, text: 'Ski', correct: true, sort: 1 },
      { questionId: question!.id, text: 'Fotball', correct: false, sort: 2 },
    ])
    .returning({ id: s.pollOptions.id });
  await db.insert(s.pollAnswers).values({ pollId: poll!.id, questionId: question!.id, optionId: options[1]!.id, participant: participantOf({ customerId: ALFA.id, device: null })! });
  await db.insert(s.shippingMethods).values([
    { id: 'delivery', name: 'Hjemlevering', price: 19900, sort: 1 },
    { id: 'click-and-collect', name: 'Klikk & Hent', price: 0, sort: 2 },
  ]);
  return { alfa, bravo, pollId: poll!.id, questionId: question!.id, optionIds: options.map((o) => o.id) };
}

// ------------------------------------------------------------------------------------------------ sessions

export interface SessionRow {
  cookie: string;
  token: string;
}

/** A session row (anonymous, or logged in as `customerId`) and the cookie and CSRF token the browser would hold. */
export async function makeSession(db: Db, customerId: number | null = null): Promise<SessionRow> {
  const raw = randomBytes(32).toString('base64url');
  const token = randomBytes(32).toString('base64url');
  await db.insert(s.sessions).values({ id: hashSessionId(raw), csrfToken: token, customerId, expiresAt: new Date(Date.now() + 86_400_000) });
  return { cookie: `sid=${raw}`, token };
}

/** Sends requests like the shop's front end (cookie + X-CSRF-TOKEN), following session rotation (login, logout…). */
export class Client {
  constructor(
    private readonly app: () => App,
    public session: SessionRow | null,
  ) {}

  async send(
    method: string,
    url: string,
    options: { payload?: InjectOptions['payload']; contentType?: string; csrf?: boolean | string; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', ...options.headers };
    if (this.session) headers.cookie = this.session.cookie;
    const csrf = options.csrf ?? true;
    if (typeof csrf === 'string') headers[CSRF_HEADER] = csrf;
    else if (csrf && this.session) headers[CSRF_HEADER] = this.session.token;
    if (options.contentType) headers['content-type'] = options.contentType;
    const res = await this.app().inject({
      method: method as InjectOptions['method'],
      url,
      headers,
      ...(options.payload !== undefined ? { payload: options.payload } : {}),
    });
    const cookie = sessionCookieOf(res.headers);
    const token = res.headers[CSRF_HEADER];
    if (cookie && this.session) this.session = { cookie, token: typeof token === 'string' ? token : this.session.token };
    else if (typeof token === 'string' && this.session) this.session = { ...this.session, token };
    return res;
  }
}

// ------------------------------------------------------------------------------------------------ the database

/** Tables left out of the fingerprint, with the reason (a rejected request may legitimately touch them). */
export const FINGERPRINT_EXCLUDED: Record<string, string> = {
  __drizzle_migrations: 'migration bookkeeping',
};

const fingerprintQueries = new WeakMap<Database, Map<string, string>>();

/** Row count and content hash of every table: equal fingerprints mean nothing was written. */
export async function fingerprint(database: Database, exclude: readonly string[] = []): Promise<Record<string, string>> {
  let queries = fingerprintQueries.get(database);
  if (!queries) fingerprintQueries.set(database, (queries = new Map()));
  const cacheKey = exclude.join(',');
  let text = queries.get(cacheKey);
  if (!text) {
    const { rows: tables } = await database.pool.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
    );
    const names = tables.map((t) => t.name).filter((n) => !(n in FINGERPRINT_EXCLUDED) && !exclude.includes(n));
    text = names
      .map((n) => `select '${n}' as t, count(*)::int as n, md5(coalesce(string_agg(md5(x::text), '' order by md5(x::text)), '')) as h from "${n}" x`)
      .join(' union all ');
    queries.set(cacheKey, text);
  }
  const { rows } = await database.pool.query<{ t: string; n: number; h: string }>(text);
  return Object.fromEntries(rows.map((r) => [r.t, `${r.n}:${r.h}`]));
}

/** The tables whose fingerprints differ. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((t) => before[t] !== after[t]).sort();
}

/** An error answer never grows with the input (no echo of a megabyte, no thousands of field errors). */
export const MAX_ERROR_BYTES = 16 * 1024;

/** An error answer as the API promises it: small JSON with a non-empty message. Returns a problem or null. */
export function errorBodyProblem(res: LightMyRequestResponse): string | null {
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) return `content-type ${type || '(none)'}: ${res.body.slice(0, 120)}`;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `not JSON: ${res.body.slice(0, 120)}`;
  }
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message !== 'string' || message.trim() === '') return `no message: ${res.body.slice(0, 120)}`;
  const errors = (body as { errors?: unknown }).errors;
  if (Array.isArray(errors) && errors.length > MAX_FIELD_ERRORS) return `${errors.length} field errors (at most ${MAX_FIELD_ERRORS})`;
  if (res.body.length > MAX_ERROR_BYTES) return `an error answer of ${res.body.length} bytes`;
  return null;
}
