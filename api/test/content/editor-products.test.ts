/**
 * The product picker's routes (GET /editor/products, /editor/products/lookup) on every test database: search by
 * name, article number and id including articles hidden from the web (flagged), the shopper's price, lookup in the
 * asked order with missing ids left out, and the staff guard. Then product cards in content: a post's or page's body
 * keeps them through the sanitiser, and the public answers carry the cards' articles that are in the web shop.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EditorProduct, RawBlogPost, RawStaticPage } from '@shop/contracts/types';
import * as s from '../../src/db/schema.js';
import { hashSessionId } from '../../src/server/session.js';
import { ensureStaffAccount } from '../../src/content/staff.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { HIDDEN_ARTICLE } from '../support/fixtures.js';

const DAY = 86_400_000;
type Headers = Record<string, string>;

describe.each(testDatabaseKinds())('editor product picker routes on %s', (kind) => {
  const t = useTestApp(kind);
  let editor: Headers;
  let customer: Headers;

  const newSession = async (customerId: number | null): Promise<Headers> => {
    const cookie = randomBytes(24).toString('base64url');
    const csrf = randomBytes(24).toString('base64url');
    await t().db.insert(s.sessions).values({ id: hashSessionId(cookie), csrfToken: csrf, customerId, expiresAt: new Date(Date.now() + DAY) });
    return { cookie: `sid=${cookie}`, 'x-csrf-token': csrf };
  };
  const get = (url: string, headers: Headers = editor) => t().app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
  const products = async (url: string): Promise<EditorProduct[]> => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<EditorProduct[]>();
  };

  beforeAll(async () => {
    editor = await newSession((await ensureStaffAccount(t().db, 'picker@staut.no', 'redaktorpassord')).id);
    const [shopper] = await t().db.insert(s.customers).values({ email: 'kunde-picker@example.no', firstName: 'Kari', lastName: 'Kunde', passwordHash: 'x' }).returning({ id: s.customers.id });
    customer = await newSession(shopper!.id);
  });

  it('finds by every word of the name, hidden articles too and flagged', async () => {
    const hits = await products(`/editor/products?q=${encodeURIComponent('skjult JAKKE')}`);
    expect(hits.map((p) => p.id)).toEqual([HIDDEN_ARTICLE.id]);
    expect(hits[0]).toMatchObject({ article_no: '108-990', name: HIDDEN_ARTICLE.name, price: HIDDEN_ARTICLE.price, in_web_shop: false });
    expect(hits[0]!.image).toMatch(/^\/api\/v1\/images\/articles\//);
    const fart = await products('/editor/products?q=l%C3%B8pesko');
    expect(fart.map((p) => p.id).sort()).toEqual([201, 202]);
    expect(fart.every((p) => p.in_web_shop)).toBe(true);
  });

  it('finds by article number (prefix, exact first) and by id', async () => {
    expect((await products('/editor/products?q=201-990')).map((p) => p.id)).toEqual([201]);
    expect((await products('/editor/products?q=20')).map((p) => p.id).slice(0, 2).sort()).toEqual([201, 202]);
    expect((await products('/editor/products?q=301')).map((p) => p.id)[0]).toBe(301);
    expect(await products('/editor/products?q=finnesikke')).toEqual([]);
    expect(await products('/editor/products?q=%25')).toEqual([]);
  });

  it('looks ids up in the asked order, leaving out what does not exist', async () => {
    const found = await products(`/editor/products/lookup?ids=202,999999,${HIDDEN_ARTICLE.id},201`);
    expect(found.map((p) => [p.id, p.in_web_shop])).toEqual([
      [202, true],
      [HIDDEN_ARTICLE.id, false],
      [201, true],
    ]);
  });

  it('refuses malformed lookups and long queries', async () => {
    for (const url of ['/editor/products/lookup?ids=', '/editor/products/lookup?ids=0', '/editor/products/lookup?ids=1,,2', `/editor/products/lookup?ids=${Array.from({ length: 51 }, (_, i) => i + 1).join(',')}`, `/editor/products?q=${'a'.repeat(101)}`, '/editor/products']) {
      expect((await get(url)).statusCode, url).toBe(400);
    }
  });

  it('is for editors only: 401 without a login, 403 for a customer', async () => {
    expect((await get('/editor/products?q=jakke', {})).statusCode).toBe(401);
    expect((await get('/editor/products?q=jakke', customer)).statusCode).toBe(403);
    expect((await get('/editor/products/lookup?ids=201', customer)).statusCode).toBe(403);
  });

  it('keeps product cards in a post and answers their articles that are in the web shop, each once, in order', async () => {
    const body = `<p>Før</p><div data-product-card="202" class="x"></div><p>Midt <div data-product-card="201"></div></p><div data-product-card="${HIDDEN_ARTICLE.id}"></div><div data-product-card="999999"></div><div data-product-card="201"></div><div data-product-card="202"></div>`;
    const created = await t().app.inject({ method: 'POST', url: '/api/v1/editor/blog/posts', headers: editor, payload: { title: 'Kort i teksten', body, published: true } });
    expect(created.statusCode, created.body).toBe(201);
    const stored = '<p>Før</p><div data-product-card="202"></div><p>Midt </p><div data-product-card="108"></div><div data-product-card="999999"></div><div data-product-card="201"></div><div data-product-card="202"></div>';
    expect(created.json<{ body: string }>().body).toBe(stored);
    const post = (await t().app.inject({ method: 'GET', url: '/api/v1/blog/kort-i-teksten' })).json<RawBlogPost>();
    expect(post.body).toBe(stored);
    // The hidden article and the one that does not exist are left out; the card nested in a paragraph was dropped.
    expect(post.body_articles.map((a) => a.ArticleID)).toEqual([202, 201]);
    expect(post.body_articles[0]).toMatchObject({ Name: 'Løpesko Fart', VisibleOnWeb: 1 });
    // A post whose body is only a product card has content.
    const onlyCard = await t().app.inject({ method: 'POST', url: '/api/v1/editor/blog/posts', headers: editor, payload: { title: 'Bare et kort', body: '<div data-product-card="201"></div>', published: false } });
    expect(onlyCard.statusCode, onlyCard.body).toBe(201);
  });

  it('answers the product cards of a copy page', async () => {
    const saved = await t().app.inject({
      method: 'PUT',
      url: '/api/v1/editor/pages/skotips',
      headers: editor,
      payload: { title: 'Skotips', body: `<p>Våre favoritter:</p><div data-product-card="201"></div><div data-product-card="${HIDDEN_ARTICLE.id}"></div>` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<RawStaticPage>().body_articles.map((a) => a.ArticleID)).toEqual([201]);
    const page = await t().app.inject({ method: 'GET', url: '/api/v1/pages/skotips' });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<RawStaticPage>().body_articles.map((a) => a.ArticleID)).toEqual([201]);
  });
});
