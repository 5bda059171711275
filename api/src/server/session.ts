/**
 * Database-backed sessions with a CSRF token each (docs/architecture.md, "Sessions").
 *
 * - The cookie `sid` holds an opaque random value; the table stores only its SHA-256, so a leaked table cannot be
 *   replayed as cookies.
 * - Sessions are created lazily: when the shell's index.html is served (it needs the CSRF token) or when a route
 *   calls `request.session.ensure()`. Cookie-less catalogue GETs never write a row.
 * - 30 days sliding expiry; the row and the cookie are refreshed at most once a day per session to keep reads cheap.
 * - Every mutating request (POST/PUT/PATCH/DELETE, on any route) needs `X-CSRF-TOKEN` equal to the session's token,
 *   else 419 — except the few server-to-server routes in CSRF_EXEMPTIONS below, each of which verifies itself. The
 *   check reads no row for a session this process has just read or made (KnownSessions). A route that also takes a
 *   plain HTML form (`config.takesForm`) reads the token of a form post from its FORM_CSRF_FIELD field instead, and
 *   only from a page of this site.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { sessions } from '../db/schema.js';
import { FORM_CSRF_FIELD } from '@shop/contracts/constants';
import { TEXTS } from './errors.js';

export const SESSION_COOKIE = 'sid';
export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding expiry is written back at most this often. */
export const SESSION_REFRESH_MS = 24 * 60 * 60 * 1000;
const CLEANUP_EVERY_MS = 60 * 60 * 1000;
/** How long this process trusts a session it has read for the CSRF check alone (see KnownSessions). */
export const KNOWN_SESSION_TTL_MS = 60 * 1000;
/** Bound on the sessions one process remembers for the CSRF check. */
export const KNOWN_SESSIONS_MAX = 20_000;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface SessionData {
  /** Hash of the cookie value (the primary key). */
  id: string;
  csrfToken: string;
  customerId: number | null;
  expiresAt: Date;
}

export interface SessionOptions {
  db: Db;
  /** Marks the cookie Secure (production behind HTTPS). */
  secure: boolean;
  now?: () => Date;
}

const randomToken = () => randomBytes(32).toString('base64url');
export const hashSessionId = (cookieValue: string) => createHash('sha256').update(cookieValue).digest('hex');

export function tokensMatch(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The session lookup every mutating request makes (the CSRF check), as a named prepared statement built once per
 * database handle: no query building per request, and the database parses and plans it once per connection. On the
 * embedded database that planning ran on its single connection, in the queue with every search.
 */
function buildSessionLookup(db: Db) {
  return db
    .select({
      id: sessions.id,
      csrfToken: sessions.csrfToken,
      customerId: sessions.customerId,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .prepare('session_lookup');
}
const sessionLookups = new WeakMap<Db, ReturnType<typeof buildSessionLookup>>();
function sessionLookup(db: Db): ReturnType<typeof buildSessionLookup> {
  let statement = sessionLookups.get(db);
  if (!statement) sessionLookups.set(db, (statement = buildSessionLookup(db)));
  return statement;
}

/**
 * Sessions this process has just read or made, remembered for the CSRF check alone: a mutating call that reads no
 * session (POST /articles/search) then costs no database round trip. On PostgreSQL that lookup was ~0.3 ms of a
 * search's median and ~0.9 ms of its p95; on the embedded database it queued behind the searches in the worker.
 *
 * What it may get wrong, and why that is safe: a session ended by another process (logout or password reset there)
 * still passes the CSRF check here for up to KNOWN_SESSION_TTL_MS. The check only proves that the call comes from our
 * page for this cookie, which stays true; a route that needs the session still reads it from the database (`get()`)
 * and finds none. Sessions ended in this process are forgotten at once.
 */
export class KnownSessions {
  private readonly entries = new Map<string, { csrfToken: string; until: number }>();

  constructor(
    private readonly ttlMs = KNOWN_SESSION_TTL_MS,
    private readonly max = KNOWN_SESSIONS_MAX,
  ) {}

  remember(session: SessionData, now: number): void {
    this.entries.delete(session.id);
    this.entries.set(session.id, { csrfToken: session.csrfToken, until: Math.min(now + this.ttlMs, session.expiresAt.getTime()) });
    // Maps iterate in insertion order: the first key is the one remembered longest ago.
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  /** The CSRF token of a session remembered and still trusted at `now`; undefined otherwise. */
  csrfToken(id: string, now: number): string | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (now < entry.until) return entry.csrfToken;
    this.entries.delete(id);
    return undefined;
  }

  forget(id: string): void {
    this.entries.delete(id);
  }

  get size(): number {
    return this.entries.size;
  }
}

interface SharedSessionState extends SessionOptions {
  lastCleanup: { at: number };
  known: KnownSessions;
}

/** The session of one request; created per request, talks to the database only when asked. */
export class RequestSession {
  private loaded: Promise<SessionData | null> | null = null;
  /** The cookie value of the loaded or created session (index.html's first-view answers are asked with it). */
  private cookieValue: string | null = null;

  constructor(
    private readonly options: SharedSessionState,
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
  ) {}

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** The current session, or null without a valid cookie. Never writes, except the daily sliding refresh. */
  get(): Promise<SessionData | null> {
    this.loaded ??= this.load();
    return this.loaded;
  }

  /**
   * Whether the request carries this session's CSRF token. A session this process knows (KnownSessions) is checked
   * without the database; any other answer, including a mismatch, is settled by reading the session.
   */
  async csrfTokenMatches(given: string | undefined): Promise<boolean> {
    if (!given) return false;
    const cookie = this.sessionCookie();
    if (!cookie) return false;
    const known = this.options.known.csrfToken(hashSessionId(cookie), this.now().getTime());
    if (known !== undefined && tokensMatch(known, given)) return true;
    const session = await this.get();
    return session !== null && tokensMatch(session.csrfToken, given);
  }

  /** The current session; creates one (and sets the cookie) when there is none. */
  async ensure(): Promise<SessionData> {
    const existing = await this.get();
    if (existing) return existing;
    const created = this.create();
    this.loaded = created;
    return created;
  }

  /** Binds the session to a customer (login) or unbinds it (logout). Creates the session when needed. */
  async setCustomer(customerId: number | null): Promise<SessionData> {
    const session = await this.ensure();
    await this.options.db.update(sessions).set({ customerId }).where(eq(sessions.id, session.id));
    const updated = { ...session, customerId };
    this.loaded = Promise.resolve(updated);
    return updated;
  }

  /**
   * Replaces the session id and CSRF token, keeping the customer (call after login: prevents session fixation).
   * The caller must hand the new CSRF token to the client.
   */
  async rotate(): Promise<SessionData> {
    const old = await this.get();
    if (old) await this.end(old.id);
    const created = this.create(old?.customerId ?? null);
    this.loaded = created;
    return created;
  }

  /** Deletes the session and clears the cookie. */
  async destroy(): Promise<void> {
    const old = await this.get();
    if (old) await this.end(old.id);
    this.reply.clearCookie(SESSION_COOKIE, { path: '/' });
    this.cookieValue = null;
    this.loaded = Promise.resolve(null);
  }

  /** Deletes a session's row and forgets it here. */
  private async end(id: string): Promise<void> {
    this.options.known.forget(id);
    await this.options.db.delete(sessions).where(eq(sessions.id, id));
  }

  /** Sessions the caller has just deleted from the database (a password reset ends them all): no longer known here. */
  forgetEnded(ids: readonly string[]): void {
    for (const id of ids) this.options.known.forget(id);
  }

  /** The session cookie's value once get() or ensure() found or made the session; null without one. */
  async cookie(): Promise<string | null> {
    return (await this.get()) ? this.cookieValue : null;
  }

  private setCookie(value: string, expiresAt: Date): void {
    this.cookieValue = value;
    this.reply.setCookie(SESSION_COOKIE, value, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.options.secure,
      expires: expiresAt,
    });
  }

  /** The request's session cookie when it could be one (an over-long value is never looked up). */
  private sessionCookie(): string | null {
    const cookie = this.request.cookies[SESSION_COOKIE];
    return cookie && cookie.length <= 200 ? cookie : null;
  }

  private async load(): Promise<SessionData | null> {
    const cookie = this.sessionCookie();
    if (!cookie) return null;
    const id = hashSessionId(cookie);
    const now = this.now();
    const [row] = await sessionLookup(this.options.db).execute({ id, now: now.toISOString() });
    if (!row) return null;
    this.cookieValue = cookie;
    let expiresAt = row.expiresAt;
    if (now.getTime() - row.lastSeenAt.getTime() >= SESSION_REFRESH_MS) {
      expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
      await this.options.db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
      this.setCookie(cookie, expiresAt);
    }
    const session = { id: row.id, csrfToken: row.csrfToken, customerId: row.customerId, expiresAt };
    this.options.known.remember(session, now.getTime());
    return session;
  }

  private async create(customerId: number | null = null): Promise<SessionData> {
    const now = this.now();
    await this.cleanupExpired(now);
    const cookie = randomToken();
    const session: SessionData = {
      id: hashSessionId(cookie),
      csrfToken: randomToken(),
      customerId,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    };
    await this.options.db.insert(sessions).values({ ...session, createdAt: now, lastSeenAt: now });
    this.options.known.remember(session, now.getTime());
    this.setCookie(cookie, session.expiresAt);
    return session;
  }

  /** Expired rows are removed now and then by whichever process creates a session (no cron needed). */
  private async cleanupExpired(now: Date): Promise<void> {
    const state = this.options.lastCleanup;
    if (now.getTime() - state.at < CLEANUP_EVERY_MS) return;
    state.at = now.getTime();
    await this.options.db.delete(sessions).where(lt(sessions.expiresAt, now));
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession;
  }
}

export interface CsrfExemption {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route's full path pattern, exactly as registered. */
  url: string;
  /** Who calls it (never a shopper's browser on our pages) and how the route verifies the call instead. */
  why: string;
}

/**
 * THE list of mutating routes that take no CSRF token (the one place; test/security asserts that every other
 * mutating route in the route table answers 419 without the token, and that these verify themselves).
 * A CSRF token proves "this request comes from our page in this session"; these calls come from a payment
 * provider's servers (or the local stand-ins that play them), which have no session, so each one must carry its
 * own proof or change nothing it was merely told.
 */
export const CSRF_EXEMPTIONS: readonly CsrfExemption[] = [
  {
    method: 'POST',
    url: '/api/v1/payments/klarna/push',
    why: "Klarna's push (server to server, empty body). It is only a hint: the order is re-read from Klarna's API with our credentials before anything changes, and only known orders are read (payments/service.ts syncPayment).",
  },
  {
    method: 'POST',
    url: '/api/v1/payments/klarna/notification',
    why: "Kustom's fraud decision on a pending order (server to server). The body is ignored but for the order id: fraud_status is re-read from Kustom's order management with our credentials before anything changes, and only known orders are read (payments/service.ts syncFraudDecision).",
  },
  {
    method: 'POST',
    url: '/api/v1/payments/qliro/push',
    why: "Qliro's status push (server to server). The pushed status is ignored: the order is re-read from Qliro's API with our key and secret before anything changes (payments/service.ts syncPayment).",
  },
  {
    method: 'POST',
    url: '/api/v1/payments/qliro/order-management/:reservationId/:token',
    why: "Qliro's order-management notification (server to server, no authentication of its own: Qliro asks the merchant to put a token in the URL). The token is an HMAC of the reservation id with the Qliro secret (else 404), and the body is ignored: it only makes the shop read that reservation's Qliro orders from Qliro's admin API now (payments/operations.ts).",
  },
  {
    method: 'POST',
    url: '/api/v1/payments/klarna/validate',
    why: "Klarna's pre-completion validation callback (server to server). It changes nothing it is told: it can only refuse a purchase, judged from our own rows (payments/service.ts validateCompletion); at most it expires a reservation whose hold has already ended.",
  },
  {
    method: 'POST',
    url: '/api/v1/payments/qliro/validate',
    why: "Qliro's MerchantOrderValidationUrl callback (server to server). It can only decline a purchase, judged from our own rows (payments/service.ts validateCompletion); at most it expires a reservation whose hold has already ended.",
  },
  // The local provider stand-ins (payments/standins, never mounted when NODE_ENV=production) play the providers'
  // own servers and pay pages: what our adapters and the pay page call is the provider's side, not the shop's API.
  { method: 'POST', url: '/stand-in/klarna/checkout/v3/orders', why: "Stand-in for Klarna's order API: called by our server with the merchant's Basic credentials (else 401)." },
  { method: 'POST', url: '/stand-in/klarna/ordermanagement/v1/orders/:id/acknowledge', why: "Stand-in for Klarna's order management API: Basic credentials (else 401)." },
  { method: 'POST', url: '/stand-in/klarna/pay/:id', why: "Stand-in for Klarna's own pay page (a form on the provider's site in production); the order id is a random UUID." },
  { method: 'POST', url: '/stand-in/qliro/checkout/merchantapi/orders', why: "Stand-in for Qliro's merchant API: called by our server with the Qliro HMAC token over the body (else 401)." },
  { method: 'POST', url: '/stand-in/qliro/pay/:id', why: "Stand-in for Qliro's own pay page (a form on the provider's site in production)." },
  { method: 'POST', url: '/stand-in/klarna/checkout/v3/orders/:id', why: "Stand-in for Klarna's update-order API: called by our server with the merchant's Basic credentials (else 401)." },
  ...['captures', 'refunds', 'cancel', 'extend-authorization-time', 'release-remaining-authorization'].map((action) => ({
    method: 'POST' as const,
    url: `/stand-in/klarna/ordermanagement/v1/orders/:id/${action}`,
    why: "Stand-in for Klarna's order management API: Basic credentials (else 401), idempotent by Klarna-Idempotency-Key.",
  })),
  { method: 'PUT', url: '/stand-in/qliro/checkout/merchantapi/orders/:id', why: "Stand-in for Qliro's update-order API: called by our server with the Qliro HMAC token over the body (else 401)." },
  {
    method: 'POST',
    url: '/stand-in/qliro/checkout/adminapi/v2/:operation',
    why: "Stand-in for Qliro's admin API (MarkItemsAsShipped, ReturnItems, CancelOrder; paths case-insensitive as Qliro's): the Qliro HMAC token over the body (else 401); a reused RequestId is denied.",
  },
  { method: 'POST', url: '/stand-in/klarna/_control/fail', why: 'Test control of the local stand-in (never mounted in production): makes its next API answers fail like an outage.' },
  { method: 'POST', url: '/stand-in/klarna/_control/orders/:id/expire', why: 'Test control of the local stand-in (never mounted in production): ends an unpaid checkout order as 48 hours would.' },
  { method: 'POST', url: '/stand-in/klarna/_control/faults', why: 'Test control of the local stand-in (never mounted in production): seeded fault injection for its order management API and pushes.' },
  { method: 'POST', url: '/stand-in/klarna/_control/fraud', why: 'Test control of the local stand-in (never mounted in production): the next completed orders get this fraud_status (PENDING review).' },
  { method: 'POST', url: '/stand-in/klarna/_control/orders/:id/fraud', why: "Test control of the local stand-in (never mounted in production): Kustom's fraud decision on a pending order, sent as its notification." },
  { method: 'POST', url: '/stand-in/qliro/_control/fail', why: 'Test control of the local stand-in (never mounted in production): makes its next API answers fail like an outage.' },
  { method: 'POST', url: '/stand-in/qliro/_control/faults', why: 'Test control of the local stand-in (never mounted in production): seeded fault injection for its admin API and notifications.' },
];

const exempt = new Set(CSRF_EXEMPTIONS.map((e) => `${e.method} ${e.url}`));

export function isCsrfExempt(method: string, routeUrl: string | undefined): boolean {
  return routeUrl !== undefined && exempt.has(`${method} ${routeUrl}`);
}

/** Whether a request must carry a valid CSRF token: every mutating call (the exemptions are checked by route). */
export function needsCsrf(method: string): boolean {
  return MUTATING.has(method);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route also takes a plain HTML form (application/x-www-form-urlencoded, posted before the page has hydrated
     * or without JavaScript), which cannot send the X-CSRF-TOKEN header: such a post carries the token in the
     * FORM_CSRF_FIELD field instead and must come from a page of this site (Fetch Metadata / Origin). The route
     * registers the form parser itself.
     */
    takesForm?: boolean;
  }
}

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** A plain form post to a route that takes one: its token is in the body, checked once the body is parsed. */
function isFormPost(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return request.routeOptions.config?.takesForm === true && typeof type === 'string' && type.toLowerCase().split(';')[0]!.trim() === FORM_CONTENT_TYPE;
}

/**
 * Whether a form post comes from a page of this site, by what the browser says: `Sec-Fetch-Site` (every current
 * browser sends it) must be same-origin, and an `Origin` must name this host. A client that sends neither still
 * needs the session's token, which only our pages hold.
 */
export function formFromThisSite(headers: FastifyRequest['headers'], host: string): boolean {
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  const origin = headers.origin;
  if (origin === undefined) return true;
  try {
    const url = new URL(origin);
    // A Host header may name the default port the Origin leaves out ("shop.example:443").
    const withPort = url.port ? url.host : `${url.hostname}:${url.protocol === 'https:' ? 443 : 80}`;
    return url.host === host.toLowerCase() || withPort === host.toLowerCase();
  } catch {
    return false; // "null" (a sandboxed or privacy-stripped origin) or junk
  }
}

/** Installs sessions and the CSRF check on the root instance (needs @fastify/cookie registered first). */
export function installSessions(app: FastifyInstance, options: SessionOptions): void {
  const shared: SharedSessionState = { ...options, lastCleanup: { at: 0 }, known: new KnownSessions() };
  app.decorateRequest('session', null as unknown as RequestSession);
  app.addHook('onRequest', async (request, reply) => {
    request.session = new RequestSession(shared, request, reply);
  });
  // preParsing: after routing (404s stay 404s), before the body is even read, so a forged request gets 419 whatever
  // it carries (malformed JSON, a foreign content type, too large) and nothing of it is parsed or validated.
  app.addHook('preParsing', async (request, reply) => {
    if (request.is404 || !needsCsrf(request.method)) return;
    if (isCsrfExempt(request.method, request.routeOptions.url)) return;
    // A form's token is in its body: checked in preValidation below, after parsing and before the input is validated.
    if (isFormPost(request)) return;
    const header = request.headers[CSRF_HEADER];
    const given = Array.isArray(header) ? header[0] : header;
    if (!(await request.session.csrfTokenMatches(given))) {
      return reply.status(419).send({ message: TEXTS.csrf });
    }
  });
  app.addHook('preValidation', async (request, reply) => {
    if (request.is404 || !needsCsrf(request.method) || !isFormPost(request)) return;
    const body = request.body as Record<string, unknown> | null | undefined;
    const field = body && typeof body === 'object' ? body[FORM_CSRF_FIELD] : undefined;
    const given = typeof field === 'string' ? field : undefined;
    if (!formFromThisSite(request.headers, request.host) || !(await request.session.csrfTokenMatches(given))) {
      return reply.status(419).send({ message: TEXTS.csrf });
    }
  });
}

/** Test helper used by the suite and tools: the raw count of session rows. */
export async function countSessions(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sessions);
  return row?.n ?? 0;
}
