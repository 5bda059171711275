/**
 * HTTP caching of catalogue reads (issue 8: "cacheable catalogue reads carry ETag/Cache-Control; write paths
 * invalidate").
 *
 * - Every cacheable GET answers with a strong ETag (hash of the body) and 304 to a matching If-None-Match.
 * - Catalogue reads say `Cache-Control: public, no-cache`: browsers and CDNs keep them but revalidate each time,
 *   so a write is visible on the next request. Reference data that changes only with a deploy (genders, colour
 *   groups, product lines, postal codes) may be kept an hour.
 * - The process keeps the serialised answers of catalogue reads (LRU, bounded), keyed by path and the query
 *   parameters the route accepts (cachePurges.ts: an unknown parameter makes no new entry). A successful write
 *   purges only what it changes, by tag (cachePurges.ts WRITE_PURGES: a reservation the articles whose stock it
 *   took, an editor's publication the content answers); logging in, a cart or a provider's notification purge
 *   nothing. With REDIS_URL each purge is published so every API process drops the same copies; without Redis (one
 *   process, the embedded default) the local store is all there is. A short TTL bounds staleness should a publish be
 *   lost.
 * - A stored answer is kept as bytes and, once compression has made them, as its br and gzip forms: a browser's
 *   request for a stored listing is then a lookup, not a compression (cached list as browsers ask: ~2 000 → ~10 000
 *   req/s on PostgreSQL at 20 000 articles).
 * - Answers that depend on the session (customer, editor, payment, poll-answer routes) are never cached here and say
 *   `private, no-store`; live stock (GET /articles/availability/{id}) keeps the `no-store` its route sets. A request
 *   asking for a preview (`?forhandsvisning`, content/preview.ts) is never served from the store nor stored, and no
 *   answer its route marked private or no-store is stored.
 * - Rows changed outside the API (a moderation tool approving a review) show after the TTL, or at once after
 *   `app.httpCache.invalidate()`.
 * - Scheduled content goes live by the clock, with no write: the editor's schedule marks its instant
 *   (`app.httpCache.purgeAt`, shared over Redis), and the store empties when it comes. A process that never heard
 *   of it (started later, or Redis lost the message) still serves the new answer within the TTL.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import { asksForPreview } from '../content/preview.js';
import { acceptedQueryNames, articleTag, cacheKeyOf, purgeRuleFor, tagsOfAnswer, type PurgeRule } from './cachePurges.js';

export type CachePolicy = 'catalogue' | 'reference';

/** Route URLs (as registered, with the /api/v1 prefix) whose GET answers are the same for every shopper. */
export const CACHEABLE_ROUTES: Readonly<Record<string, CachePolicy>> = {
  '/api/v1/categories': 'catalogue',
  '/api/v1/categories/:id/articles': 'catalogue',
  '/api/v1/subcategories/:id/groups': 'catalogue',
  '/api/v1/subcategories/:id/articles': 'catalogue',
  '/api/v1/articles/:idOrSlug': 'catalogue',
  '/api/v1/articles/bundle': 'catalogue',
  '/api/v1/articles/brand': 'catalogue',
  '/api/v1/bestsellers': 'catalogue',
  '/api/v1/campaigns': 'catalogue',
  '/api/v1/campaigns/': 'catalogue',
  '/api/v1/campaigns/combined/articles': 'catalogue',
  '/api/v1/shops': 'catalogue',
  '/api/v1/shipping_methods': 'catalogue',
  '/api/v1/settings': 'catalogue',
  '/api/v1/tenant/get': 'catalogue',
  '/api/v1/home': 'catalogue',
  '/api/v1/pages/:slug': 'catalogue',
  '/api/v1/blog/posts': 'catalogue',
  '/api/v1/blog/post/:id': 'catalogue',
  '/api/v1/blog/categories': 'catalogue',
  '/api/v1/blog/category/:slug': 'catalogue',
  '/api/v1/blog/:slug': 'catalogue',
  '/api/v1/fb/getPosts': 'catalogue',
  '/api/v1/genders': 'reference',
  '/api/v1/colorgroups': 'reference',
  '/api/v1/productlines': 'reference',
  '/api/v1/postalcodes': 'reference',
  '/api/v1/postalcodes/:zip': 'reference',
};

export const CACHE_CONTROL: Readonly<Record<CachePolicy | 'private', string>> = {
  catalogue: 'public, no-cache',
  reference: 'public, max-age=3600',
  private: 'private, no-store',
};

/** Routes whose answers belong to one session: never stored by a browser or a shared cache. */
const PRIVATE_PREFIXES = ['/api/v1/customers', '/api/v1/editor', '/api/v1/payments', '/api/v1/polls', '/api/v1/reservations'];

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Routes that use POST only to carry a body and change nothing (search: its filter string rides in the body). They
 * still need the CSRF token like every POST, but must not start a new generation: every search emptied the store
 * (and, with Redis, every process's) before this list existed.
 */
export const READ_ONLY_POSTS: ReadonlySet<string> = new Set(['/api/v1/articles/search', '/api/v1/articles/searchids']);

/** Whether a successful answer to this request may have changed what catalogue reads answer. */
export function isWrite(method: string, routeUrl: string | undefined): boolean {
  if (!WRITE_METHODS.has(method)) return false;
  return !(method === 'POST' && routeUrl !== undefined && READ_ONLY_POSTS.has(routeUrl));
}

/** What a write request purges: its route's rule, or everything for a write route no rule describes. */
export function purgeOf(method: string, routeUrl: string | undefined): PurgeRule {
  if (!isWrite(method, routeUrl)) return { kind: 'none' };
  return purgeRuleFor(method, routeUrl) ?? { kind: 'all' };
}
const INVALIDATION_CHANNEL = 'shop:catalogue-changed';
/** Carries a JSON array of tags whose stored answers every process drops. */
const PURGE_TAGS_CHANNEL = 'shop:catalogue-purge-tags';
/** Carries an instant (ms) at which every process empties its store (scheduled content going live). */
const PURGE_AT_CHANNEL = 'shop:catalogue-purge-at';

export interface HttpCacheOptions {
  /** Stored answers at most (least recently used go first). */
  maxEntries?: number;
  /** A stored answer is served at most this long, even without a write. */
  ttlMs?: number;
  /** Shares invalidations between API processes. */
  redisUrl?: string;
  now?: () => number;
}

/** The content codings the store keeps compressed answers in (those app.ts has @fastify/compress offer). */
export type StoredEncoding = 'br' | 'gzip';
const STORED_ENCODINGS: readonly StoredEncoding[] = ['br', 'gzip'];

interface Entry {
  storedAt: number;
  /** What the answer shows (cachePurges.ts tagsOfAnswer): a purge of any of them drops it. */
  tags: readonly string[];
  /** The answer as UTF-8 bytes: written as it is, nothing to encode per request. */
  body: Buffer;
  etag: string;
  contentType: string;
  /**
   * The answer as compression first made it, per content coding. A browser always asks for compressed answers, and
   * compressing a 26 kB listing again for every shopper cost more than everything else its stored answer needs.
   */
  encoded: Partial<Record<StoredEncoding, Buffer>>;
}

/**
 * Whether an Accept-Encoding header accepts a content coding (RFC 9110 §12.5.3): listed with q > 0, or covered by
 * `*` with q > 0 when not listed itself.
 */
export function acceptsEncoding(header: string | undefined, coding: string): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const item of header.toLowerCase().split(',')) {
    const [name = '', ...params] = item.trim().split(';');
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    const accepted = Number.isFinite(q) && q > 0;
    if (name.trim() === coding) return accepted;
    if (name.trim() === '*') wildcard = accepted;
  }
  return wildcard;
}

/** A stored compressed answer the request accepts, best first (br, then gzip). */
export function acceptedEncoding(
  encoded: Entry['encoded'],
  acceptEncoding: string | undefined,
): { encoding: StoredEncoding; body: Buffer } | undefined {
  for (const encoding of STORED_ENCODINGS) {
    const body = encoded[encoding];
    if (body && acceptsEncoding(acceptEncoding, encoding)) return { encoding, body };
  }
  return undefined;
}

export const strongEtag = (body: string | Buffer) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/** True when an If-None-Match header names the ETag (a list, or `*`; weak validators compare by their opaque tag). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * The stored answers and a generation counter; no Fastify in here so it can be tested alone. Every purge (whole or
 * by tag) starts a new generation: an answer computed in an older one may predate the write and is not stored.
 */
export class ResponseStore {
  private generation = 0;
  private readonly entries = new Map<string, Entry>();
  /** Instants (ms) at which the store empties itself: scheduled content going live or ending. Sorted, bounded. */
  private purgeInstants: number[] = [];

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  get(key: string): Entry | undefined {
    if (this.purgeInstants.length && this.purgeInstants[0]! <= this.now()) {
      const now = this.now();
      this.purgeInstants = this.purgeInstants.filter((at) => at > now);
      this.invalidate();
    }
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    // Map keeps insertion order: re-inserting marks the entry as recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, body: Buffer | string, etag: string, contentType: string, generation: number, tags: readonly string[] = []): void {
    // An answer computed before a write finished must not be stored under the new generation.
    if (generation !== this.generation) return;
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    this.entries.delete(key);
    this.entries.set(key, { storedAt: this.now(), tags, body: bytes, etag, contentType, encoded: {} });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** Keeps the compressed form of the stored answer with this ETag (none is kept for an answer since replaced). */
  setEncoded(key: string, etag: string, encoding: StoredEncoding, body: Buffer): void {
    const entry = this.entries.get(key);
    if (entry && entry.etag === etag) entry.encoded[encoding] = body;
  }

  get currentGeneration(): number {
    return this.generation;
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }

  /** Drops the answers carrying any of these tags (and keeps answers computed before from being stored). */
  purge(tags: readonly string[]): void {
    if (tags.length === 0) return;
    this.generation++;
    const wanted = new Set(tags);
    for (const [key, entry] of this.entries) if (entry.tags.some((tag) => wanted.has(tag))) this.entries.delete(key);
  }

  /** The keys stored now (oldest used first). */
  keys(): string[] {
    return [...this.entries.keys()];
  }

  /** Empties the store when `at` (ms) comes. Past instants and more than 100 pending are ignored (the TTL still bounds). */
  purgeAt(at: number): void {
    if (!Number.isFinite(at) || at <= this.now() || this.purgeInstants.includes(at) || this.purgeInstants.length >= 100) return;
    this.purgeInstants = [...this.purgeInstants, at].sort((a, b) => a - b);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Instants still to come at which the store empties (for health checks and tests). */
  get pendingPurges(): number {
    return this.purgeInstants.length;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on cacheable GETs: the store generation the answer is computed in. */
    cacheGeneration?: number;
    /** Set on cacheable GETs: the store's key for the answer (cachePurges.ts cacheKeyOf). */
    cacheKey?: string;
    /** Set on writes before they run: the tags their success purges (null: everything). */
    cachePurge?: { tags: string[] | null; alsoOnStatus: readonly number[]; onSuccess?: boolean };
  }
  interface FastifyInstance {
    httpCache: { store: ResponseStore; invalidate(): void; purge(tags: readonly string[]): void; purgeAt(instant: Date): void };
  }
}

function policyOf(request: FastifyRequest): CachePolicy | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  // The same URL may carry a draft for an editor and the published answer for anyone else: a preview request is
  // neither served from the store nor stored, whoever asks (its route says private, no-store).
  if (asksForPreview(request.query)) return undefined;
  return CACHEABLE_ROUTES[request.routeOptions.url ?? ''];
}

/** Whether the route itself marked its answer as one person's (a preview): then it is never stored. */
const markedPrivate = (reply: FastifyReply) => /\b(private|no-store)\b/.test(String(reply.getHeader('cache-control') ?? ''));

/**
 * Install before compression: the onSend hook here must see the serialised JSON, and compression then applies to
 * stored and fresh answers alike.
 */
export function installHttpCache(app: FastifyInstance, options: HttpCacheOptions = {}): void {
  const store = new ResponseStore(options.maxEntries ?? 2000, options.ttlMs ?? 30_000, options.now ?? Date.now);
  let publisher: Redis | null = null;
  let subscriber: Redis | null = null;
  if (options.redisUrl) {
    publisher = new Redis(options.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 });
    subscriber = new Redis(options.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 });
    // A broken Redis must not break reads: the TTL still bounds what is served.
    publisher.on('error', (error) => app.log.warn({ err: error }, 'http cache: redis publisher'));
    subscriber.on('error', (error) => app.log.warn({ err: error }, 'http cache: redis subscriber'));
    void subscriber.subscribe(INVALIDATION_CHANNEL, PURGE_AT_CHANNEL, PURGE_TAGS_CHANNEL).catch((error) => app.log.warn({ err: error }, 'http cache: subscribe'));
    subscriber.on('message', (channel, message) => {
      if (channel === INVALIDATION_CHANNEL) store.invalidate();
      if (channel === PURGE_AT_CHANNEL) store.purgeAt(Number(message));
      if (channel === PURGE_TAGS_CHANNEL) store.purge(tagsOfMessage(message));
    });
    app.addHook('onClose', async () => {
      await Promise.allSettled([publisher?.quit(), subscriber?.quit()]);
    });
  }
  const invalidate = () => {
    store.invalidate();
    publisher?.publish(INVALIDATION_CHANNEL, String(Date.now())).catch((error) => app.log.warn({ err: error }, 'http cache: publish'));
  };
  const purge = (tags: readonly string[]) => {
    if (tags.length === 0) return;
    store.purge(tags);
    publisher?.publish(PURGE_TAGS_CHANNEL, JSON.stringify(tags)).catch((error) => app.log.warn({ err: error }, 'http cache: publish'));
  };
  const purgeAt = (instant: Date) => {
    store.purgeAt(instant.getTime());
    publisher?.publish(PURGE_AT_CHANNEL, String(instant.getTime())).catch((error) => app.log.warn({ err: error }, 'http cache: publish'));
  };
  app.decorate('httpCache', { store, invalidate, purge, purgeAt });

  // preHandler: after routing and validation, so the key holds the validated parameters the route accepts, and a
  // write's look-up runs only for a request that passed the CSRF check and its schema.
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith('/api/v1/') && isWrite(request.method, request.routeOptions.url)) {
      request.cachePurge = await purgeTagsBefore(app, request, purgeOf(request.method, request.routeOptions.url));
      return;
    }
    const policy = policyOf(request);
    if (!policy) return;
    const key = cacheKeyOf(request.url.split('?')[0]!, request.query, acceptedQueryNames(request.routeOptions.schema));
    request.cacheKey = key;
    const entry = store.get(key);
    if (!entry) {
      request.cacheGeneration = store.currentGeneration;
      return;
    }
    reply.header('cache-control', CACHE_CONTROL[policy]).header('etag', entry.etag).header('x-cache', 'hit');
    if (etagMatches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
    // A Content-Encoding set here tells @fastify/compress that the body is compressed already.
    const compressed = request.headers['x-no-compression'] === undefined ? acceptedEncoding(entry.encoded, request.headers['accept-encoding']) : undefined;
    if (compressed) {
      reply.header('content-encoding', compressed.encoding).header('vary', 'accept-encoding');
      return reply.type(entry.contentType).send(compressed.body);
    }
    return reply.type(entry.contentType).send(entry.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    // Writes invalidate before their answer leaves, so the writer's next read already sees the new generation.
    const url = request.routeOptions.url ?? request.url;
    const purging = request.cachePurge;
    if (purging && ((reply.statusCode < 400 && purging.onSuccess !== false) || purging.alsoOnStatus.includes(reply.statusCode))) {
      if (purging.tags === null) invalidate();
      else purge(purging.tags);
    }
    const policy = policyOf(request);
    if (!policy) {
      // Outside the table a route's own choice (live stock's no-store) stands; session routes default to private.
      if (!reply.hasHeader('cache-control') && PRIVATE_PREFIXES.some((prefix) => url.startsWith(prefix))) {
        reply.header('cache-control', CACHE_CONTROL.private);
      }
      return payload;
    }
    if (reply.statusCode !== 200 || reply.getHeader('x-cache') === 'hit' || markedPrivate(reply)) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    // Encoded once: the same bytes are hashed, stored and written (a string was encoded for each of the three).
    const bytes = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
    const etag = strongEtag(bytes);
    reply.header('cache-control', CACHE_CONTROL[policy]).header('etag', etag);
    if (request.cacheGeneration !== undefined && request.cacheKey !== undefined && request.method === 'GET' && typeof payload === 'string') {
      const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
      store.set(request.cacheKey, bytes, etag, contentType, request.cacheGeneration, tagsOfAnswer(request.routeOptions.url ?? '', policy, payload));
    }
    if (etagMatches(request.headers['if-none-match'], etag)) {
      reply.code(304);
      return '';
    }
    return bytes;
  });
}

/** The tags of a purge message from another process (anything else is ignored: the TTL still bounds). */
function tagsOfMessage(message: string): string[] {
  try {
    const parsed: unknown = JSON.parse(message);
    return Array.isArray(parsed) ? parsed.filter((tag): tag is string => typeof tag === 'string') : [];
  } catch {
    return [];
  }
}

/** The tags a write's success will purge, looked up before it runs (it may delete what names them); null = all. */
async function purgeTagsBefore(app: FastifyInstance, request: FastifyRequest, rule: PurgeRule): Promise<NonNullable<FastifyRequest['cachePurge']>> {
  switch (rule.kind) {
    case 'none':
      return { tags: [], alsoOnStatus: [] };
    case 'all':
      return { tags: null, alsoOnStatus: [] };
    case 'families':
      return { tags: [...rule.families], alsoOnStatus: [] };
    case 'articles':
      return { tags: (await rule.lookUp(app.database.db, request)).map(articleTag), alsoOnStatus: rule.alsoOnStatus ?? [], onSuccess: rule.onSuccess };
  }
}

/**
 * Keeps what compression made of stored answers, for the next request that accepts that coding. @fastify/compress
 * adds its onSend hook to each route as it is declared, and route hooks run after the app's; so this hook is added
 * the same way, after it (install it after @fastify/compress).
 */
export function installCompressedAnswerStore(app: FastifyInstance): void {
  const keepCompressed: onSendHookHandler = async (request, reply, payload) => {
    if (reply.statusCode !== 200 || !Buffer.isBuffer(payload) || !policyOf(request)) return payload;
    const encoding = reply.getHeader('content-encoding');
    const etag = reply.getHeader('etag');
    if ((encoding === 'br' || encoding === 'gzip') && typeof etag === 'string' && request.cacheKey !== undefined) {
      app.httpCache.store.setEncoded(request.cacheKey, etag, encoding, payload);
    }
    return payload;
  };
  app.addHook('onRoute', (route) => {
    if (!CACHEABLE_ROUTES[route.url]) return;
    const own = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...own, keepCompressed];
  });
}
