/**
 * What the answer store (httpCache.ts) keeps and what empties it (issue 33, ADR 0003 addendum):
 *
 * - The key of a stored answer is its path and the query parameters its route accepts, with the values as validated
 *   (defaults filled in, numbers coerced, sorted). A parameter the route does not know (`?bust=<random>`) neither
 *   makes a new entry nor misses the stored one.
 * - Each stored answer carries tags: its family (`catalogue`, `content`, `reference`) and `article:<id>` for every
 *   article it shows, read from the answer itself (`"ArticleID":n`), so a product page and every stored listing that
 *   holds the product go together.
 * - Each write route names what it changes (WRITE_PURGES): nothing a stored answer shows (logging in, a cart, a
 *   provider's notification, a consent), a family (an editor publishing content), or the articles whose stock it
 *   moves (a reservation, a staff action on one) — looked up before the write, purged after it succeeded. A write
 *   route nobody described empties the whole store, and a test walks the route table so none stays undescribed.
 *
 * Stock moved outside a request (the hold and pickup sweeps, a provider's change applied after its notification was
 * answered) shows after the store's TTL, as rows changed by other tools do.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/index.js';
import { paymentOperations, paymentOrders, reservationLines, reviews, variants } from '../db/schema.js';
import { INT4_MAX } from '../routes/shared/schema.js';

export type CacheFamily = 'catalogue' | 'content' | 'reference';

/** The tag of every stored answer that shows this article (its page, listings, campaign and content pages). */
export const articleTag = (id: number) => `article:${id}`;

/** Routes whose answers editors write (home banners, static pages, the blog, the settings slots). */
const CONTENT_ROUTES: ReadonlySet<string> = new Set([
  '/api/v1/home',
  '/api/v1/pages/:slug',
  '/api/v1/settings',
  '/api/v1/blog/posts',
  '/api/v1/blog/post/:id',
  '/api/v1/blog/categories',
  '/api/v1/blog/category/:slug',
  '/api/v1/blog/:slug',
]);

/** The tags of a stored answer: its family, and each article it shows. */
export function tagsOfAnswer(routeUrl: string, policy: 'catalogue' | 'reference', body: string): string[] {
  const family: CacheFamily = policy === 'reference' ? 'reference' : CONTENT_ROUTES.has(routeUrl) ? 'content' : 'catalogue';
  const tags = new Set<string>([family]);
  for (const match of body.matchAll(/"ArticleID":(\d+)/g)) tags.add(articleTag(Number(match[1])));
  return [...tags];
}

/** The query-parameter names a route's schema declares (none: the route takes no query). */
export function acceptedQueryNames(schema: unknown): readonly string[] {
  const querystring = (schema as { querystring?: { properties?: Record<string, unknown> } } | undefined)?.querystring;
  return querystring?.properties ? Object.keys(querystring.properties) : [];
}

/**
 * The store's key for a read: the path as asked and only the parameters the route accepts, as validated, sorted.
 * `path` is the request's path without its query; `query` the validated query (unknown names may still be in it).
 */
export function cacheKeyOf(path: string, query: unknown, accepted: readonly string[]): string {
  const given = (typeof query === 'object' && query !== null ? query : {}) as Record<string, unknown>;
  const parts: string[] = [];
  for (const name of [...accepted].sort()) {
    const value = given[name];
    if (value === undefined) continue;
    parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`);
  }
  return parts.length ? `${path}?${parts.join('&')}` : path;
}

/** What a write changes in stored answers. */
export type PurgeRule =
  /** Nothing a stored answer shows. */
  | { kind: 'none' }
  /** Every stored answer of these families. */
  | { kind: 'families'; families: readonly CacheFamily[] }
  /** The articles named by a look-up made before the write (it may delete what names them). */
  | {
      kind: 'articles';
      lookUp: (db: Db, request: FastifyRequest) => Promise<number[]>;
      /** Error answers after which the articles changed too (410: an ended hold gave its stock back). */
      alsoOnStatus?: readonly number[];
      /** false: a success changes nothing stored (only `alsoOnStatus` purges). */
      onSuccess?: boolean;
    }
  /** Everything (rare staff work whose effect on articles is not known beforehand). */
  | { kind: 'all' };

const NONE: PurgeRule = { kind: 'none' };
const CONTENT: PurgeRule = { kind: 'families', families: ['content'] };

/**
 * The route's `:id` when it can name a row (1…INT4_MAX, DbId's range); null otherwise. The look-up runs before the
 * route's own validation (a route with attachValidation sees invalid params too), and a number past int4 would make
 * the database refuse the query: a 500 for a request that is only invalid.
 */
const idParam = (request: FastifyRequest): number | null => {
  const id = Number((request.params as { id?: unknown } | undefined)?.id);
  return Number.isSafeInteger(id) && id > 0 && id <= INT4_MAX ? id : null;
};

/** The articles of a reservation's lines (their stock is what staff and payment actions move). */
async function reservationArticles(db: Db, reservationId: number | null): Promise<number[]> {
  if (reservationId === null) return [];
  const rows = await db.selectDistinct({ id: reservationLines.articleId }).from(reservationLines).where(eq(reservationLines.reservationId, reservationId));
  return rows.map((r) => r.id);
}

/** The articles a customer's approved reviews are shown on (with the customer's name). */
const ofReviewer: PurgeRule = {
  kind: 'articles',
  lookUp: async (db, request) => {
    const id = idParam(request);
    if (id === null) return [];
    const rows = await db.selectDistinct({ id: reviews.reviewableId }).from(reviews).where(and(eq(reviews.customerId, id), eq(reviews.approved, true)));
    return rows.map((r) => r.id);
  },
};

const ofReservation: PurgeRule = { kind: 'articles', lookUp: (db, request) => reservationArticles(db, idParam(request)) };

/**
 * WRITE_PURGES: every write route under /api/v1, by `METHOD url` as registered; a key ending in `*` covers the
 * routes under it (checked after the exact keys, longest first).
 */
export const WRITE_PURGES: Readonly<Record<string, PurgeRule>> = {
  // A shopper's own account: nothing shown to others, except the name on approved reviews (first name, last initial).
  'POST /api/v1/customers/*': NONE,
  'PUT /api/v1/customers/*': NONE,
  'DELETE /api/v1/customers/*': NONE,
  // Reviews wait for approval (a new one shows nowhere yet); renaming or deleting an account changes approved ones.
  'PUT /api/v1/customers/:id': ofReviewer,
  'DELETE /api/v1/customers/:id': ofReviewer,
  // Searches only carry their filter in a body.
  'POST /api/v1/articles/search': NONE,
  'POST /api/v1/articles/searchids': NONE,
  // Poll answers and results are never stored (session routes).
  'POST /api/v1/polls/*': NONE,
  'POST /api/v1/consent': NONE,
  // A reservation takes stock of the articles of its lines (named by EAN in the body).
  'POST /api/v1/reservations': {
    kind: 'articles',
    lookUp: async (db, request) => {
      const items = (request.body as { items?: Array<{ EanNo?: unknown }> } | undefined)?.items ?? [];
      const eans = [...new Set(items.map((i) => i.EanNo).filter((e): e is string => typeof e === 'string'))];
      if (eans.length === 0) return [];
      const rows = await db.selectDistinct({ id: variants.articleId }).from(variants).where(inArray(variants.ean, eans));
      return rows.map((r) => r.id);
    },
  },
  // Choosing to pay in the shop changes no stock (the hold only lasts longer), but it may end a hold that ran out (410).
  'POST /api/v1/reservations/:id/pay-in-shop': { kind: 'articles', lookUp: (db, request) => reservationArticles(db, idParam(request)), alsoOnStatus: [410], onSuccess: false },
  // Starting a checkout may end a hold that ran out (410: its stock went back).
  'POST /api/v1/payments/:provider/orders': {
    kind: 'articles',
    alsoOnStatus: [410],
    lookUp: (db, request) => {
      const id = Number((request.body as { reservationId?: unknown } | undefined)?.reservationId);
      return reservationArticles(db, Number.isSafeInteger(id) && id > 0 ? id : null);
    },
  },
  // The providers' notifications are answered first and applied after (payments/index.ts syncLater): what they change
  // shows after the TTL, and a notification anyone can send (with any body) empties nothing.
  'POST /api/v1/payments/klarna/push': NONE,
  'POST /api/v1/payments/klarna/notification': NONE,
  'POST /api/v1/payments/klarna/validate': NONE,
  'POST /api/v1/payments/qliro/push': NONE,
  'POST /api/v1/payments/qliro/validate': NONE,
  'POST /api/v1/payments/qliro/order-management/:reservationId/:token': NONE,
  'POST /api/v1/payments/staff/payments/:id/operations': {
    kind: 'articles',
    lookUp: async (db, request) => {
      const id = idParam(request);
      if (id === null) return [];
      const [p] = await db.select({ reservationId: paymentOrders.reservationId }).from(paymentOrders).where(eq(paymentOrders.id, id));
      return reservationArticles(db, p?.reservationId ?? null);
    },
  },
  'POST /api/v1/payments/staff/operations/:id/resolve': {
    kind: 'articles',
    lookUp: async (db, request) => {
      const id = idParam(request);
      if (id === null) return [];
      const [op] = await db.select({ reservationId: paymentOperations.reservationId }).from(paymentOperations).where(eq(paymentOperations.id, id));
      return reservationArticles(db, op?.reservationId ?? null);
    },
  },
  'POST /api/v1/payments/staff/reconcile': { kind: 'all' },
  'POST /api/v1/payments/staff/*': { kind: 'all' },
  // The shop workspace's actions on a reservation: hand-over, removal, return and the like move its lines' stock.
  'POST /api/v1/staff/reservations/:id/*': ofReservation,
  // Editors: content (home, pages, blog, settings). Staff accounts, invitations and the image library show nowhere.
  'POST /api/v1/editor/*': CONTENT,
  'PUT /api/v1/editor/*': CONTENT,
  'DELETE /api/v1/editor/*': CONTENT,
  'POST /api/v1/editor/polls': NONE,
  'PUT /api/v1/editor/polls/:id': NONE,
  'POST /api/v1/editor/polls/:id/open': NONE,
  'POST /api/v1/editor/staff/invites': NONE,
  'PUT /api/v1/editor/staff/:id': NONE,
  'DELETE /api/v1/editor/staff/:id/invitation': NONE,
  'POST /api/v1/staff-invites/accept': NONE,
  'POST /api/v1/editor/images': NONE,
  'DELETE /api/v1/editor/images/:id': NONE,
};

const WILDCARDS = Object.keys(WRITE_PURGES)
  .filter((key) => key.endsWith('*'))
  .sort((a, b) => b.length - a.length);

/** The rule of a write route; undefined when no entry covers it (then the whole store is emptied). */
export function purgeRuleFor(method: string, routeUrl: string | undefined): PurgeRule | undefined {
  if (routeUrl === undefined) return undefined;
  const key = `${method} ${routeUrl}`;
  const exact = WRITE_PURGES[key];
  if (exact) return exact;
  const wildcard = WILDCARDS.find((pattern) => key.startsWith(pattern.slice(0, -1)));
  return wildcard === undefined ? undefined : WRITE_PURGES[wildcard];
}
