/** Issue 21: page documents answer 404 for addresses that name no page (unknown route, category or product). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RawCategory } from '@shop/contracts/types';
import { documentRoute, matchPattern } from '../../src/server/documentStatus.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { HIDDEN_ARTICLE } from '../support/fixtures.js';
import { writeFakeShellRenderer } from '../support/shellRenderer.js';

const SHELL_PAGE = '<!doctype html><html lang="nb"><head><meta name="csrf-token" content="__CSRF_TOKEN__"></head><body><div id="root"></div></body></html>';

function makeBuiltTree(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-status-'));
  fs.mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  fs.writeFileSync(path.join(root, 'shell', 'dist', 'index.html'), SHELL_PAGE);
  fs.writeFileSync(path.join(root, 'shell', 'dist', 'main.0123456789.js'), 'console.log(1);');
  writeFakeShellRenderer(root);
  return root;
}

const TREE: RawCategory[] = [
  {
    MainGroupID: 1,
    Name: 'Tekstil',
    Count: 3,
    Banner: null,
    BannerLink: null,
    MinPrice: 0,
    MaxPrice: 0,
    ProductLines: [],
    Subcategories: [
      { ArticleGroup2ID: 11, MainGroupID: 1, Name: 'Jakker', MinPrice: 0, MaxPrice: 0, Count: 1, Groups: [{ ArticleGroup3ID: 111, ArticleGroup2ID: 11, Name: 'Skalljakker', Count: 1 }] },
    ],
  },
  {
    MainGroupID: 5,
    Name: 'Vintersport',
    Count: 0,
    Banner: null,
    BannerLink: null,
    MinPrice: 0,
    MaxPrice: 0,
    ProductLines: [],
    Subcategories: [
      { ArticleGroup2ID: 51, MainGroupID: 5, Name: 'Hjelmer & alpinbriller', MinPrice: 0, MaxPrice: 0, Count: 0, Groups: [] },
    ],
  },
];

describe('matchPattern (react-router patterns of the contracts)', () => {
  it.each([
    ['/blogg/:slug', ['blogg', 'tur'], { slug: 'tur' }],
    ['/blogg/:slug', ['blogg'], null],
    ['/blogg/:slug', ['BLOGG', 'tur'], { slug: 'tur' }],
    ['/avstemning/:id?', ['avstemning'], {}],
    ['/avstemning/:id?', ['avstemning', '3'], { id: '3' }],
    ['/avstemning/:id?', ['avstemning', '3', 'x'], null],
    ['/konto', ['konto', 'x'], null],
    ['/:a?/:b?/:c?', [], {}],
  ] as const)('%s against %j → %j', (pattern, segments, expected) => {
    expect(matchPattern(pattern, segments)).toEqual(expected);
  });
});

describe('documentRoute', () => {
  it.each([
    ['/', 'page'],
    ['/index.html', 'page'],
    ['/kundeservice', 'page'],
    ['/kundeservice/', 'page'],
    ['/konto/logg-inn', 'page'],
    ['/blogg/en-tur', 'page'],
    ['/avstemning', 'page'],
    ['/butikk/12', 'page'],
    ['/search/ull', 'page'],
    ['/utvalg/1+2', 'page'],
    ['/hvordan-kle-barna', 'page'],
    ['/herre', 'page'],
    ['/barn-junior', 'page'],
    ['/jan-mayen', 'page'], // a campaign page: the shell redirects it home
    ['/goggles', 'page'], // a category shortcut: the shell redirects it
    ['/klær', 'page'],
    ['/kl%C3%A6r/jakker/skalljakker', 'page'],
    ['/tekstil/jakker', 'page'],
    ['/klaer', 'page'],
    ['/vintersport/hjelmer-&-alpinbriller', 'page'],
    ['/vintersport/hjelmer-alpinbriller', 'page'],
    ['/product', 'page'],
    ['/finnes-ikke', 'unknown'],
    ['/klær/finnes-ikke', 'unknown'],
    ['/klær/jakker/finnes-ikke', 'unknown'],
    ['/klær/jakker/skalljakker/mer', 'unknown'],
    ['/konto/finnes-ikke/x', 'unknown'],
    ['/search', 'unknown'],
    ['/%E0%A4%A', 'unknown'],
  ] as const)('%s is %s', (pathname, kind) => {
    expect(documentRoute(pathname, TREE).kind).toBe(kind);
  });

  it('a product address is left to the article; a category path is a page while the tree cannot be read', () => {
    expect(documentRoute('/product/asen-parkas', TREE)).toEqual({ kind: 'product', idOrSlug: 'asen-parkas' });
    expect(documentRoute('/product/101', TREE)).toEqual({ kind: 'product', idOrSlug: '101' });
    expect(documentRoute('/finnes-ikke', null).kind).toBe('page');
    expect(documentRoute('/a/b/c/d', null).kind).toBe('unknown');
  });
});

describe.each(testDatabaseKinds())('page document status on %s', (kind) => {
  const root = makeBuiltTree();
  const t = useTestApp(kind, { rootDir: root });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const open = (url: string) => t().app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });

  it('an unknown address answers 404 with the shell page (its "Fant ikke siden" view), never cached', async () => {
    for (const url of ['/finnes-ikke', '/klær/jakker/skalljakker/mer', '/konto/finnes-ikke/x', '/search']) {
      const res = await open(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.body, url).toContain('<div id="root">');
      expect(res.body, url).toMatch(/<meta name="csrf-token" content="[A-Za-z0-9_-]{40,}">/);
    }
  });

  it('known routes answer 200', async () => {
    for (const url of ['/', '/index.html', '/kundeservice', '/konto/logg-inn', '/blogg', '/search/ull?x=1', '/herre', '/hvordan-kle-barna', '/utvalg/101+102', '/jan-mayen']) {
      expect((await open(url)).statusCode, url).toBe(200);
    }
  });

  it('a category the database holds answers 200 at every level; one it does not hold answers 404', async () => {
    // The canonical address answers 200; the stored and display names 301 to it (ADR 0014, categoryRedirect.ts).
    for (const url of ['/klaer', '/klaer/jakker', '/klaer/jakker/skalljakker', '/mat-og-drikke/kosttilskudd/sportsdrikke']) {
      expect((await open(url)).statusCode, url).toBe(200);
    }
    for (const url of ['/klær', '/kl%C3%A6r/jakker', '/klær/jakker/skalljakker', '/tekstil/jakker']) {
      expect((await open(url)).statusCode, url).toBe(301);
    }
    for (const url of ['/vintersport', '/klær/joggesko', '/klær/jakker/ullgensere', '/sko/finnes-ikke']) {
      expect((await open(url)).statusCode, url).toBe(404);
    }
  });

  it('a product visible on the web answers 200 by slug and by id; an invisible or missing one answers 404', async () => {
    expect((await open('/product/asen-parkas')).statusCode).toBe(200);
    expect((await open('/product/101')).statusCode).toBe(200);
    expect((await open(`/product/${HIDDEN_ARTICLE.slug}`)).statusCode).toBe(404);
    expect((await open(`/product/${HIDDEN_ARTICLE.id}`)).statusCode).toBe(404);
    expect((await open('/product/finnes-ikke')).statusCode).toBe(404);
    expect((await open('/product/999999')).statusCode).toBe(404);
    // The shopper's view is the same shell page: the shell's guard sends them back.
    expect((await open(`/product/${HIDDEN_ARTICLE.slug}`)).body).toContain('<div id="root">');
  });

  it('leaves the API, the registry, the docs and assets as they were', async () => {
    const api = await open('/api/v1/finnes-ikke');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Denne adressen finnes ikke i API-et.' });
    expect((await t().app.inject({ method: 'GET', url: '/api/v1/articles/asen-parkas' })).statusCode).toBe(200);
    expect((await t().app.inject({ method: 'GET', url: '/remotes.json' })).statusCode).toBe(200);
    expect((await t().app.inject({ method: 'GET', url: '/main.0123456789.js' })).statusCode).toBe(200);
    const missingAsset = await t().app.inject({ method: 'GET', url: '/missing.js', headers: { accept: '*/*' } });
    expect(missingAsset.statusCode).toBe(404);
    expect(missingAsset.body).toBe('Fant ikke filen.\n');
    const docs = await t().app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBeLessThan(400);
  });
});
