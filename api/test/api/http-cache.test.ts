/** ETag/Cache-Control on catalogue reads, the process's answer store, and invalidation by writes (issue 8). */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import zlib from 'node:zlib';
import { acceptsEncoding, CACHE_CONTROL, etagMatches, isWrite, ResponseStore, strongEtag } from '../../src/server/httpCache.js';
import * as s from '../../src/db/schema.js';
import { Browser, makeShellTree } from '../accounts/browser.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { NEEDS_REDIS, testRedisUrl } from '../support/services.js';
import { TEKSTIL } from '../support/fixtures.js';
import { reservationPayload } from '../checkout/shoppers.js';

describe('etagMatches', () => {
  const etag = '"abc"';
  it.each([
    [undefined, false],
    ['', false],
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['"x"', false],
    ['*', true],
    ['abc', false],
  ])('If-None-Match %j → %s', (header, expected) => {
    expect(etagMatches(header, etag)).toBe(expected);
  });

  it('a strong ETag is a quoted hash of the body: same body, same tag', () => {
    expect(strongEtag('{"a":1}')).toBe(strongEtag(Buffer.from('{"a":1}')));
    expect(strongEtag('{"a":1}')).not.toBe(strongEtag('{"a":2}'));
    expect(strongEtag('x')).toMatch(/^"[A-Za-z0-9_-]+"$/);
  });
});

describe('ResponseStore', () => {
  const make = (max = 2, ttl = 1000) => {
    let now = 0;
    const store = new ResponseStore(max, ttl, () => now);
    return { store, tick: (ms: number) => (now += ms) };
  };

  it('keeps the least recently used entries up to its size', () => {
    const { store } = make(2);
    store.set('/a', 'A', '"a"', 'application/json', 0);
    store.set('/b', 'B', '"b"', 'application/json', 0);
    expect(store.get('/a')?.body.toString()).toBe('A'); // /a is now the most recent
    store.set('/c', 'C', '"c"', 'application/json', 0);
    expect([store.get('/a')?.body.toString(), store.get('/b')?.body, store.get('/c')?.body.toString()]).toEqual(['A', undefined, 'C']);
  });

  it('forgets an entry after its TTL', () => {
    const { store, tick } = make(10, 1000);
    store.set('/a', 'A', '"a"', 'application/json', 0);
    tick(1000);
    expect(store.get('/a')?.body.toString()).toBe('A');
    tick(1);
    expect(store.get('/a')).toBeUndefined();
  });

  it('a write empties it, and an answer computed before the write is not stored after it', () => {
    const { store } = make();
    store.set('/a', 'A', '"a"', 'application/json', store.currentGeneration);
    const readStartedIn = store.currentGeneration;
    store.invalidate();
    expect(store.get('/a')).toBeUndefined();
    store.set('/a', 'stale', '"s"', 'application/json', readStartedIn);
    expect(store.get('/a')).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it('empties itself when a scheduled instant comes (content going live by the clock), once per instant', () => {
    const { store, tick } = make(10, 60_000);
    store.purgeAt(500);
    store.purgeAt(200);
    store.purgeAt(-1); // past: nothing to wait for
    store.set('/a', 'A', '"a"', 'application/json', store.currentGeneration);
    tick(199);
    expect(store.get('/a')?.body.toString()).toBe('A');
    tick(1);
    expect(store.get('/a')).toBeUndefined();
    store.set('/a', 'B', '"b"', 'application/json', store.currentGeneration);
    tick(100);
    expect(store.get('/a')?.body.toString()).toBe('B');
    tick(200);
    expect(store.get('/a')).toBeUndefined();
    store.set('/a', 'C', '"c"', 'application/json', store.currentGeneration);
    tick(10_000);
    // Both instants are spent: the answer stays until its TTL.
    expect(store.get('/a')?.body.toString()).toBe('C');
  });
});

describe('acceptsEncoding', () => {
  it.each([
    [undefined, 'br', false],
    ['', 'br', false],
    ['gzip, deflate, br, zstd', 'br', true],
    ['gzip, deflate, br, zstd', 'gzip', true],
    ['gzip', 'br', false],
    ['br;q=0, gzip', 'br', false],
    ['br;q=0.5, gzip;q=1', 'br', true],
    ['BR', 'br', true],
    ['*', 'br', true],
    ['*;q=0', 'gzip', false],
    ['*, br;q=0', 'br', false],
    ['identity', 'gzip', false],
    ['gzip;q=x', 'gzip', false],
  ])('Accept-Encoding %j accepts %s → %s', (header, coding, expected) => {
    expect(acceptsEncoding(header, coding)).toBe(expected);
  });

  it('keeps compressed copies only of the answer stored now', () => {
    const store = new ResponseStore(10, 1000, () => 0);
    store.set('/a', 'A', '"a"', 'application/json', 0);
    store.setEncoded('/a', '"old"', 'br', Buffer.from('x'));
    expect(store.get('/a')?.encoded).toEqual({});
    store.setEncoded('/a', '"a"', 'br', Buffer.from('y'));
    expect(store.get('/a')?.encoded.br?.toString()).toBe('y');
    store.set('/a', 'A2', '"a2"', 'application/json', 0);
    expect(store.get('/a')?.encoded).toEqual({});
  });
});

describe.each(testDatabaseKinds())('HTTP caching on %s', (kind) => {
  const t = useTestApp(kind, { rootDir: makeShellTree() });
  const listing = `/api/v1/categories/${TEKSTIL}/articles?per_page=5`;

  it('reference data: an hour in any cache, with an ETag; a matching If-None-Match gets 304 and no body', async () => {
    const first = await t().app.inject({ url: '/api/v1/genders' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(CACHE_CONTROL.reference);
    const etag = String(first.headers.etag);
    expect(etag).toBe(strongEtag(first.body));
    const again = await t().app.inject({ url: '/api/v1/genders', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('catalogue reads: kept but revalidated; the second read is served from the store with the same body and tag', async () => {
    t().app.httpCache.invalidate();
    const first = await t().app.inject({ url: listing });
    expect(first.headers['cache-control']).toBe(CACHE_CONTROL.catalogue);
    expect(first.headers['x-cache']).toBeUndefined();
    const second = await t().app.inject({ url: listing });
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    const revalidated = await t().app.inject({ url: listing, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
  });

  it('a stored answer is kept compressed as compression first made it, for each coding a browser accepts', async () => {
    t().app.httpCache.invalidate();
    const plain = await t().app.inject({ url: listing });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const ask = (acceptEncoding: string) => t().app.inject({ url: listing, headers: { 'accept-encoding': acceptEncoding } });
    const decoded = (res: Awaited<ReturnType<typeof ask>>) =>
      res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(res.rawPayload).toString() : zlib.gunzipSync(res.rawPayload).toString();

    const first = await ask('gzip, deflate, br');
    expect([first.headers['x-cache'], first.headers['content-encoding']]).toEqual(['hit', 'br']);
    // The store's key holds the validated parameters of the route (cachePurges.ts cacheKeyOf), not the URL as asked.
    const stored = () => t().app.httpCache.store.get(t().app.httpCache.store.keys().find((key) => key.startsWith(listing.split('?')[0]!))!);
    const firstCompressed = stored()?.encoded.br;
    expect(firstCompressed?.equals(first.rawPayload)).toBe(true);
    const second = await ask('gzip, deflate, br');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers.vary).toContain('accept-encoding');
    expect(second.headers.etag).toBe(plain.headers.etag);
    expect(decoded(second)).toBe(plain.body);

    const gzip = await ask('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(plain.body);
    expect(stored()?.encoded.gzip?.equals(gzip.rawPayload)).toBe(true);
    expect((await ask('br;q=0, gzip')).headers['content-encoding']).toBe('gzip');

    const identity = await ask('identity');
    expect([identity.headers['content-encoding'], identity.body]).toEqual([undefined, plain.body]);
    const refused = await t().app.inject({ url: listing, headers: { 'accept-encoding': 'br', 'x-no-compression': '1' } });
    expect([refused.headers['content-encoding'], refused.body]).toEqual([undefined, plain.body]);

    t().app.httpCache.invalidate();
    const fresh = await ask('br');
    expect([fresh.headers['x-cache'], fresh.headers['content-encoding']]).toEqual([undefined, 'br']);
    expect(decoded(fresh)).toBe(plain.body);
  });

  it('a failed write changes nothing and keeps the store; a successful one empties it, so new stock shows at once', async () => {
    await t().db.insert(s.shippingMethods).values({ id: 'click-and-collect', name: 'Klikk & Hent', description: null, price: 0, sort: 1 });
    t().app.httpCache.invalidate();
    const stockOf = async () => {
      const res = await t().app.inject({ url: '/api/v1/articles/101' });
      const variants = res.json<{ Variants: Array<{ VariantID: number; Shops: Array<{ ShopID: number; Qty: number }> }> }>().Variants;
      return { hit: res.headers['x-cache'] === 'hit', qty: variants.find((v) => v.VariantID === 1011)!.Shops.find((shop) => shop.ShopID === 1)!.Qty };
    };
    const before = await stockOf();
    expect(await stockOf()).toEqual({ hit: true, qty: before.qty });

    const b = await new Browser(() => t().app).open();
    const reservation = reservationPayload();
    const refused = await b.send('POST', '/reservations', reservation, { csrf: false });
    expect(refused.statusCode).toBe(419);
    expect(await stockOf()).toEqual({ hit: true, qty: before.qty });

    const made = await b.post('/reservations', reservation);
    expect(made.statusCode, made.body).toBeLessThan(300);
    expect(await stockOf()).toEqual({ hit: false, qty: before.qty - 1 });
  });

  it('a search is a read that POSTs its body: it keeps the store (every search used to empty it)', async () => {
    t().app.httpCache.invalidate();
    await t().app.inject({ url: listing });
    expect((await t().app.inject({ url: listing })).headers['x-cache']).toBe('hit');
    const b = await new Browser(() => t().app).open();
    for (const path of ['/articles/search', '/articles/searchids']) {
      const searched = await b.post(path, { query: 'jakke', take: 2, page: 0, filters: '' });
      expect(searched.statusCode, searched.body).toBe(200);
    }
    expect((await t().app.inject({ url: listing })).headers['x-cache']).toBe('hit');
  });

  it('tells reads that POST from writes', () => {
    expect(isWrite('POST', '/api/v1/articles/search')).toBe(false);
    expect(isWrite('POST', '/api/v1/articles/searchids')).toBe(false);
    expect(isWrite('POST', '/api/v1/reservations')).toBe(true);
    expect(isWrite('DELETE', '/api/v1/articles/search')).toBe(true);
    expect(isWrite('GET', '/api/v1/articles/search')).toBe(false);
    expect(isWrite('POST', undefined)).toBe(true);
  });

  it("a customer's answers are never stored: private, no-store", async () => {
    const res = await t().app.inject({ url: '/api/v1/customers/current' });
    expect(res.headers['cache-control']).toMatch(/no-store/);
    expect(res.headers.etag).toBeUndefined();
  });

  it('live stock keeps its own no-store', async () => {
    const res = await t().app.inject({ url: '/api/v1/articles/availability/101' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

// Two API processes share invalidations through Redis (scale-out): a write on one empties the other's store.
const redisUrl = testRedisUrl;
describe.runIf(Boolean(redisUrl))(`HTTP cache invalidation across API processes: ${NEEDS_REDIS}`, () => {
  const t = useTestApp('pglite', { rootDir: makeShellTree(), redisUrl });

  it("a write through process A empties process B's store", async () => {
    const b = await buildApp({ database: t().database, rootDir: makeShellTree(), redisUrl });
    try {
      await b.ready();
      const listingUrl = `/api/v1/categories/${TEKSTIL}/articles`;
      await b.inject({ url: listingUrl });
      expect((await b.inject({ url: listingUrl })).headers['x-cache']).toBe('hit');
      // Let B's subscription settle before A publishes.
      await new Promise((resolve) => setTimeout(resolve, 200));
      t().app.httpCache.invalidate();
      const deadline = Date.now() + 3000;
      while (b.httpCache.store.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await b.inject({ url: listingUrl })).headers['x-cache']).toBeUndefined();
    } finally {
      await b.close();
    }
  });

  it("a purge by tag through process A drops the same answers in process B and keeps the others", async () => {
    const b = await buildApp({ database: t().database, rootDir: makeShellTree(), redisUrl });
    try {
      await b.ready();
      for (const url of ['/api/v1/articles/101', '/api/v1/articles/102', '/api/v1/articles/101', '/api/v1/articles/102']) await b.inject({ url });
      expect((await b.inject({ url: '/api/v1/articles/101' })).headers['x-cache']).toBe('hit');
      await new Promise((resolve) => setTimeout(resolve, 200));
      t().app.httpCache.purge(['article:101']);
      const deadline = Date.now() + 3000;
      while (b.httpCache.store.size > 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await b.inject({ url: '/api/v1/articles/101' })).headers['x-cache']).toBeUndefined();
      expect((await b.inject({ url: '/api/v1/articles/102' })).headers['x-cache']).toBe('hit');
    } finally {
      await b.close();
    }
  });

  it("an instant scheduled through process A empties process B's store when it comes", async () => {
    const b = await buildApp({ database: t().database, rootDir: makeShellTree(), redisUrl });
    try {
      await b.ready();
      const listingUrl = `/api/v1/categories/${TEKSTIL}/articles`;
      // The instant must come after B has stored the listing and served it from the store. On a loaded machine that
      // took longer than the lead, so a later instant is tried (each one reaches B over Redis).
      for (let lead = 1000; ; lead *= 2) {
        const at = new Date(Date.now() + lead);
        t().app.httpCache.purgeAt(at);
        const heard = Date.now() + lead;
        while (b.httpCache.store.pendingPurges === 0 && Date.now() < heard) await new Promise((resolve) => setTimeout(resolve, 20));
        await b.inject({ url: listingUrl });
        const second = await b.inject({ url: listingUrl });
        if (Date.now() >= at.getTime()) {
          expect(lead, 'the store was never filled before the instant came').toBeLessThan(16_000);
          continue;
        }
        expect(b.httpCache.store.pendingPurges, 'B heard of the instant').toBeGreaterThan(0);
        expect(second.headers['x-cache']).toBe('hit');
        // The store is checked when it is read: the first read after the instant is not served from it.
        await new Promise((resolve) => setTimeout(resolve, at.getTime() - Date.now() + 10));
        expect((await b.inject({ url: listingUrl })).headers['x-cache']).toBeUndefined();
        break;
      }
    } finally {
      await b.close();
    }
  });
});
