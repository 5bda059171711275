/**
 * index.html carries the answers of the page's first API requests (window.__SHOP_ANSWERS__, docs/adr/0009): the
 * keys the client looks them up by, and the very answers the routes give — on a first visit too (a session made
 * while rendering the page, whose cookie the browser does not have yet).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { answerKey, searchBody, type FirstViewAnswer } from '@shop/contracts/api';
import { CATEGORY_DEFAULT_QUERY, SEARCH_PAGE_SIZE } from '@shop/contracts/constants';
import { firstViewPage, firstViewRequests } from '../../src/server/firstViewAnswers.js';
import { firstSearchImages, searchImagesOfAnswer } from '../../src/server/searchPreload.js';
import { useTestApp } from '../support/app.js';
import { postHeaders } from '../support/catalog.js';
import { testDatabaseKinds } from '../support/databases.js';
import { TEKSTIL } from '../support/fixtures.js';

function makeShell(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-answers-'));
  fs.mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'shell', 'dist', 'index.html'),
    '<!doctype html><html lang="nb"><head><meta name="csrf-token" content="__CSRF_TOKEN__"></head><body><div id="root"></div></body></html>',
  );
  return root;
}

const answersOf = (html: string): FirstViewAnswer[] => {
  const match = /<script>window\.__SHOP_ANSWERS__=(.*?)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1]!) as FirstViewAnswer[]) : [];
};

describe('the page that asks', () => {
  const tree = [{ MainGroupID: 1, Name: 'Tekstil' }] as never;
  it('knows a plain category, product, search and checkout address, and nothing with a query string', () => {
    expect(firstViewPage('/klaer', tree[0], null)).toEqual({ kind: 'category', category: tree[0] });
    expect(firstViewPage('/klaer/jakker', tree[0], null)).toBeNull();
    expect(firstViewPage('/klaer?sort=nyheter', tree[0], null)).toBeNull();
    expect(firstViewPage('/product/r%C3%B8d-lue', null, null)).toEqual({ kind: 'product', slug: 'rød-lue' });
    expect(firstViewPage('/search/jakke', null, 'jakke')).toEqual({ kind: 'search', query: 'jakke' });
    expect(firstViewPage('/checkout', null, null)).toEqual({ kind: 'checkout' });
    expect(firstViewPage('/kundeservice', null, null)).toBeNull();
  });

  it('asks as the client does: the listing defaults, the search page size, the suggestions of the search box', () => {
    expect(firstViewRequests({ kind: 'category', category: tree[0] }).at(-1)).toEqual({
      method: 'GET',
      url: '/categories/1/articles',
      params: { ...CATEGORY_DEFAULT_QUERY },
    });
    // The search box asks for no suggestions before the shopper turns to it: only the listing's search.
    const search = firstViewRequests({ kind: 'search', query: 'rød jakke' }).filter((r) => r.method === 'POST');
    expect(search.map((r) => r.body)).toEqual([{ query: 'rød jakke', take: SEARCH_PAGE_SIZE, page: 0, filters: '' }]);
    expect(firstViewRequests({ kind: 'product', slug: 'rød-lue' })[0]!.url).toBe('/articles/r%C3%B8d-lue');
  });
});

describe.each(testDatabaseKinds())('first-view answers in index.html on %s', (kind) => {
  const root = makeShell();
  const t = useTestApp(kind, { rootDir: root, remotes: {} });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const page = async (url: string, cookie?: string, status = 200) => {
    const res = await t().app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
    expect(res.statusCode).toBe(status);
    return new Map(answersOf(res.body).map((answer) => [answer.key, answer]));
  };
  const direct = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const headers = { accept: 'application/json', ...(await postHeaders(t().db)) };
    const res = await t().app.inject({ method, url: `/api/v1${url}`, headers, ...(body === undefined ? {} : { payload: body as object }) });
    return res.json() as unknown;
  };

  it('a category page: its first page of articles and the facet lists, as the routes answer them', async () => {
    const answers = await page('/klaer');
    const listing = answers.get(answerKey('GET', `/categories/${TEKSTIL}/articles`, { ...CATEGORY_DEFAULT_QUERY }));
    expect(listing?.data).toEqual(await direct('GET', `/categories/${TEKSTIL}/articles?page=1&per_page=20&orderBy=Name&order=asc`));
    for (const url of ['/colorgroups', '/genders', '/productlines', '/shops']) {
      expect(answers.get(answerKey('GET', url))?.data).toEqual(await direct('GET', url));
    }
    expect((await page('/klaer?sort=nyheter')).size).toBe(0);
  });

  it('a product page: the article and its stock', async () => {
    const answers = await page('/product/zip-genser');
    const article = answers.get(answerKey('GET', '/articles/zip-genser'))?.data as { ArticleID: number };
    expect(article.ArticleID).toBe(103);
    expect(answers.get(answerKey('GET', '/articles/availability/103'))?.data).toEqual(await direct('GET', '/articles/availability/103'));
    // A missing product's document is a 404 (document-status.test.ts), with no answer for it either.
    expect((await page('/product/finnes-ikke', undefined, 404)).has(answerKey('GET', '/articles/finnes-ikke'))).toBe(false);
  });

  it('a search page on a first visit: the listing (a POST with the session made for the page), its images from it', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/search/jakke', headers: { accept: 'text/html' } });
    const answers = new Map(answersOf(res.body).map((answer) => [answer.key, answer]));
    const body = searchBody({ query: 'jakke', take: SEARCH_PAGE_SIZE, page: 0, filters: '' });
    const listing = answers.get(answerKey('POST', '/articles/search', undefined, body))?.data;
    expect(listing).toEqual(await direct('POST', '/articles/search', body));
    // The static first view draws the first hits' images, the same as a search for them alone finds.
    const images = await firstSearchImages(t().db, 'jakke');
    expect(images.length).toBeGreaterThan(0);
    expect(searchImagesOfAnswer(listing)).toEqual(images);
    for (const image of images) expect(res.body).toContain(`src="${image}"`);
  });

  it('the checkout: no customer (204) and the shipping methods', async () => {
    const answers = await page('/checkout');
    expect(answers.get(answerKey('GET', '/customers/current'))).toMatchObject({ status: 204, data: '' });
    expect(answers.get(answerKey('GET', '/shipping_methods'))?.data).toEqual(await direct('GET', '/shipping_methods'));
  });

  it('the home page has none (its first view sends no request)', async () => {
    expect((await page('/')).size).toBe(0);
  });
});
