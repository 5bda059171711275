/**
 * Cache integrity (issue 33): only writes that change what a stored answer shows purge it, by the tags they change;
 * an unknown query parameter neither makes a new entry nor misses the stored one.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as s from '../../src/db/schema.js';
import { acceptedQueryNames, articleTag, cacheKeyOf, purgeRuleFor, tagsOfAnswer } from '../../src/server/cachePurges.js';
import { purgeOf, ResponseStore } from '../../src/server/httpCache.js';
import { hashSessionId } from '../../src/server/session.js';
import { ensureStaffAccount } from '../../src/content/staff.js';
import { Browser, makeShellTree } from '../accounts/browser.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { TEKSTIL } from '../support/fixtures.js';
import { openShopper, reservationPayload } from '../checkout/shoppers.js';

describe('cacheKeyOf: the key holds only the parameters the route accepts, as validated', () => {
  const accepted = ['page', 'per_page', 'orderBy', 'order'];
  it.each([
    ['no query', '/l', {}, '/l'],
    ['an unknown parameter is left out', '/l', { bust: 'x1' }, '/l'],
    ['known parameters are sorted', '/l', { per_page: 5, page: 2 }, '/l?page=2&per_page=5'],
    ['known and unknown', '/l', { page: 2, bust: 'r', utm_source: 'x' }, '/l?page=2'],
    ['strings are encoded', '/l', { orderBy: 'a&b=c' }, '/l?orderBy=a%26b%3Dc'],
    ['arrays as JSON', '/l', { order: ['asc'] }, '/l?order=%5B%22asc%22%5D'],
    ['undefined values are left out', '/l', { page: undefined }, '/l'],
    ['a route without a query schema takes none', '/l', { page: 2 }, '/l', []],
  ] as Array<[string, string, Record<string, unknown>, string, string[]?]>)('%s', (_name, path, query, expected, names = accepted) => {
    expect(cacheKeyOf(path, query, names)).toBe(expected);
  });

  it('reads the accepted names from a route schema', () => {
    expect(acceptedQueryNames({ querystring: { properties: { page: {}, per_page: {} } } })).toEqual(['page', 'per_page']);
    expect(acceptedQueryNames({})).toEqual([]);
    expect(acceptedQueryNames(undefined)).toEqual([]);
  });
});

describe('tagsOfAnswer: the family and every article an answer shows', () => {
  it.each([
    ['/api/v1/categories/:id/articles', 'catalogue', '{"data":[{"ArticleID":101},{"ArticleID":102},{"ArticleID":101}]}', ['catalogue', 'article:101', 'article:102']],
    ['/api/v1/articles/:idOrSlug', 'catalogue', '{"ArticleID":7,"Variants":[]}', ['catalogue', 'article:7']],
    ['/api/v1/home', 'catalogue', '{"TopBanner":null}', ['content']],
    ['/api/v1/blog/:slug', 'catalogue', '{"main_article":{"ArticleID":3}}', ['content', 'article:3']],
    ['/api/v1/genders', 'reference', '[]', ['reference']],
  ] as const)('%s', (route, policy, body, expected) => {
    expect(tagsOfAnswer(route, policy, body)).toEqual(expected);
  });
});

describe('purgeOf: which writes purge what', () => {
  it.each([
    // Nothing a stored answer shows.
    ['POST', '/api/v1/customers/login', 'none'],
    ['POST', '/api/v1/customers/login/:type', 'none'],
    ['POST', '/api/v1/customers/register', 'none'],
    ['POST', '/api/v1/customers/logout', 'none'],
    ['POST', '/api/v1/customers/current/reviews', 'none'],
    ['POST', '/api/v1/consent', 'none'],
    ['POST', '/api/v1/polls/:id/answers', 'none'],
    ['POST', '/api/v1/articles/search', 'none'],
    ['POST', '/api/v1/payments/klarna/push', 'none'],
    ['POST', '/api/v1/payments/qliro/push', 'none'],
    ['POST', '/api/v1/payments/klarna/notification', 'none'],
    ['POST', '/api/v1/payments/klarna/validate', 'none'],
    ['POST', '/api/v1/editor/staff/invites', 'none'],
    ['POST', '/api/v1/editor/images', 'none'],
    ['POST', '/api/v1/editor/polls', 'none'],
    ['GET', '/api/v1/categories', 'none'],
    // The articles whose stock or reviews the write changes.
    ['POST', '/api/v1/reservations', 'articles'],
    ['POST', '/api/v1/payments/:provider/orders', 'articles'],
    ['POST', '/api/v1/reservations/:id/pay-in-shop', 'articles'],
    ['POST', '/api/v1/payments/staff/payments/:id/operations', 'articles'],
    ['POST', '/api/v1/staff/reservations/:id/collected', 'articles'],
    ['POST', '/api/v1/staff/reservations/:id/remove-line', 'articles'],
    ['POST', '/api/v1/staff/reservations/:id/a-new-action', 'articles'],
    ['PUT', '/api/v1/customers/:id', 'articles'],
    ['DELETE', '/api/v1/customers/:id', 'articles'],
    // Content families.
    ['PUT', '/api/v1/editor/pages/:slug', 'families'],
    ['PUT', '/api/v1/editor/home/:name', 'families'],
    ['POST', '/api/v1/editor/blog/posts', 'families'],
    ['POST', '/api/v1/editor/content/:type/:key/status', 'families'],
    // Unknown effect: everything.
    ['POST', '/api/v1/payments/staff/reconcile', 'all'],
    ['POST', '/api/v1/a-route-nobody-described', 'all'],
    ['DELETE', undefined, 'all'],
  ] as const)('%s %s → %s', (method, url, kind) => {
    expect(purgeOf(method, url).kind).toBe(kind);
  });
});

describe('ResponseStore.purge', () => {
  it('drops the entries with any of the tags, keeps the others, and stores no answer computed before it', () => {
    const store = new ResponseStore(10, 60_000, () => 0);
    const g = store.currentGeneration;
    store.set('/p/101', 'a', '"a"', 'application/json', g, ['catalogue', 'article:101']);
    store.set('/list', 'l', '"l"', 'application/json', g, ['catalogue', 'article:101', 'article:102']);
    store.set('/p/102', 'b', '"b"', 'application/json', g, ['catalogue', 'article:102']);
    store.set('/home', 'h', '"h"', 'application/json', g, ['content']);
    store.purge([articleTag(101)]);
    expect(store.keys().sort()).toEqual(['/home', '/p/102']);
    store.set('/p/101', 'stale', '"s"', 'application/json', g, ['article:101']);
    expect(store.get('/p/101')).toBeUndefined();
    store.purge(['content']);
    expect(store.keys()).toEqual(['/p/102']);
  });
});

describe.each(testDatabaseKinds())('the answer store against writes on %s', (kind) => {
  const t = useTestApp(kind, { rootDir: makeShellTree() });
  const listing = `/api/v1/categories/${TEKSTIL}/articles`;
  const other = '/api/v1/articles/102';
  const product = '/api/v1/articles/101';

  const hit = async (url: string) => (await t().app.inject({ url })).headers['x-cache'] === 'hit';
  /** Reads each URL twice, so each is stored. */
  const warm = async (...urls: string[]) => {
    for (const url of urls) await t().app.inject({ url });
    for (const url of urls) expect(await hit(url), url).toBe(true);
  };
  const session = async (customerId: number | null) => {
    const cookie = randomBytes(24).toString('base64url');
    const csrf = randomBytes(24).toString('base64url');
    await t().db.insert(s.sessions).values({ id: hashSessionId(cookie), csrfToken: csrf, customerId, expiresAt: new Date(Date.now() + 86_400_000) });
    return { cookie: `sid=${cookie}`, 'x-csrf-token': csrf, 'x-requested-with': 'XMLHttpRequest' };
  };

  it('an unknown query parameter is served from the stored answer and makes no entry of its own', async () => {
    t().app.httpCache.invalidate();
    await t().app.inject({ url: `${listing}?per_page=5` });
    const before = t().app.httpCache.store.size;
    for (let i = 0; i < 5; i += 1) {
      const res = await t().app.inject({ url: `${listing}?per_page=5&bust=${randomBytes(6).toString('hex')}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-cache']).toBe('hit');
    }
    // The same page however its known parameters are spelled (defaults, order, zero-padding).
    expect(await hit(`${listing}?per_page=05`)).toBe(true);
    expect(await hit(`${listing}?per_page=5&page=1`)).toBe(true);
    expect(t().app.httpCache.store.size).toBe(before);
  });

  it('an unauthenticated provider push, a registration, a login or a refused reservation purge nothing', async () => {
    t().app.httpCache.invalidate();
    await warm(listing, product, other, '/api/v1/categories');
    for (const path of ['/api/v1/payments/klarna/push', '/api/v1/payments/qliro/push', '/api/v1/payments/klarna/notification']) {
      const res = await t().app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(res.statusCode, `${path}: ${res.body}`).toBeLessThan(500);
    }
    const b = await new Browser(() => t().app).open();
    const email = `cache${Date.now()}@example.no`;
    const registered = await b.post('/customers/register', {
      first_name: 'Ola', last_name: 'Nordmann', email, phone: '41234987', password: 'hemmelig-123', password_confirmation: 'hemmelig-123',
      terms_conditions: 1, birth_date: '1990-05-17', gender_id: 1, marketing: 0, newsletter: 0,
    });
    expect(registered.statusCode, registered.body).toBeLessThan(300);
    expect((await b.post('/customers/logout')).statusCode).toBeLessThan(300);
    const login = await b.post('/customers/login', { username: email, password: 'hemmelig-123' });
    expect(login.statusCode, login.body).toBe(200);
    expect((await b.post('/customers/logout')).statusCode).toBeLessThan(300);
    // A cart the shop cannot fill (more than there is): refused, nothing taken.
    const refused = await (await openShopper(() => t().app)).post('/reservations', reservationPayload({ items: [{ EanNo: 'finnes-ikke', Count: 1 }] }));
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    for (const url of [listing, product, other, '/api/v1/categories']) expect(await hit(url), url).toBe(true);
  });

  it("a reservation purges its product's page and the listings that show it, not other products' pages", async () => {
    await t().db.insert(s.shippingMethods).values({ id: 'click-and-collect', name: 'Klikk & Hent', description: null, price: 0, sort: 1 }).onConflictDoNothing();
    t().app.httpCache.invalidate();
    await warm(listing, product, other, '/api/v1/genders');
    const made = await (await openShopper(() => t().app)).post('/reservations', reservationPayload());
    expect(made.statusCode, made.body).toBe(201);
    expect(await hit(product)).toBe(false);
    expect(await hit(listing)).toBe(false);
    expect(await hit(other)).toBe(true);
    expect(await hit('/api/v1/genders')).toBe(true);
  });

  it('choosing to pay in the shop purges nothing (no stock moves); a choice refused because the hold ended does', async () => {
    await t().db.insert(s.shippingMethods).values({ id: 'click-and-collect', name: 'Klikk & Hent', description: null, price: 0, sort: 1 }).onConflictDoNothing();
    const shopper = await openShopper(() => t().app);
    const made = await shopper.post('/reservations', reservationPayload());
    expect(made.statusCode, made.body).toBe(201);
    const id = (made.json() as { ReservationID: number }).ReservationID;
    t().app.httpCache.invalidate();
    await warm(listing, product, other);
    const chosen = await shopper.post(`/reservations/${id}/pay-in-shop`, {});
    expect(chosen.statusCode, chosen.body).toBe(200);
    for (const url of [listing, product, other]) expect(await hit(url), url).toBe(true);

    const second = await shopper.post('/reservations', reservationPayload());
    expect(second.statusCode, second.body).toBe(201);
    const ended = (second.json() as { ReservationID: number }).ReservationID;
    await t().db.update(s.reservations).set({ holdUntil: new Date(Date.now() - 1000) }).where(eq(s.reservations.id, ended));
    await warm(listing, product, other);
    const late = await shopper.post(`/reservations/${ended}/pay-in-shop`, {});
    expect(late.statusCode, late.body).toBe(410);
    expect(await hit(product)).toBe(false);
    expect(await hit(other)).toBe(true);
  });

  it("an editor's publication purges the content answers and leaves the catalogue stored", async () => {
    const staffId = (await ensureStaffAccount(t().db, `redaktor${Date.now()}@staut.no`, 'hemmelig123')).id;
    t().app.httpCache.invalidate();
    await warm(listing, product, '/api/v1/blog/posts', '/api/v1/home');
    const created = await t().app.inject({
      method: 'POST',
      url: '/api/v1/editor/blog/posts',
      headers: { ...(await session(staffId)), 'content-type': 'application/json' },
      payload: JSON.stringify({ title: 'Hurtiglager', body: '<p>Tekst</p>', published: true }),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await hit('/api/v1/blog/posts')).toBe(false);
    expect(await hit('/api/v1/home')).toBe(false);
    expect(await hit(listing)).toBe(true);
    expect(await hit(product)).toBe(true);
  });

  it('every write route under /api/v1 says what it purges', () => {
    const undescribed = t()
      .app.routeTable.filter((r) => r.url.startsWith('/api/v1/') && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method))
      .filter((r) => purgeRuleFor(r.method, r.url) === undefined)
      .map((r) => `${r.method} ${r.url}`);
    expect(undescribed).toEqual([]);
  });
});
