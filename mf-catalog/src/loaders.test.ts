import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setServerTransport } from '@shop/contracts/api';
import { fakeTransport, rawArticle, rawArticleDetail, rawCategory, rawShop } from '@shop/contracts/testing';
import type { CategoryPageProps } from '@shop/contracts/routes';
import { loader as categoryLoader } from './category/loader.js';
import { categoryListingKey } from './category/listingFetch.js';
import { loader as productLoader } from './product/loader.js';
import { loader as searchLoader } from './search/loader.js';
import { searchListingKey } from './search/listingFetch.js';
import { loader as selectionLoader } from './selection/loader.js';

const ORIGIN = 'https://www.staut.no';
const tenant = { BrandName: 'Staut' };
const page = (articles: unknown[], total = articles.length) => ({ data: articles, meta: { current_page: 1, last_page: 1, per_page: 24, total } });
const hits = (articles: ReturnType<typeof rawArticle>[], total = articles.length) => ({
  hits: { total: { value: total, relation: 'eq' }, hits: articles.map((a) => ({ _id: String(a.ArticleID), _source: a })) },
});
const reference = { 'GET /colorgroups': [], 'GET /genders': [], 'GET /productlines': [{ ProductLineID: 2, Name: 'Staut' }], 'GET /shops': [rawShop()] };

let fake: ReturnType<typeof fakeTransport>;
const use = (routes: Parameters<typeof fakeTransport>[0]) => {
  fake = fakeTransport({ 'GET /tenant/get': tenant, ...reference, ...routes });
  setServerTransport(() => fake.transport);
};
beforeEach(() => use({}));
afterEach(() => setServerTransport());

const categoryProps = (props: Partial<CategoryPageProps>): CategoryPageProps => ({ mainGroup: null, subcategory: null, group: null, gender: null, ...props });

describe('category loader', () => {
  it('gives the first page of the listing under the key the page asks for, and the canonical head', async () => {
    use({ 'GET /categories': [rawCategory()], 'GET /subcategories/11/articles': page([rawArticle({ ArticleID: 7, Name: 'Fjelljakke' })], 30) });
    const result = await categoryLoader({ url: `${ORIGIN}/tekstil/jakker?sorter=pris-lav`, props: categoryProps({ mainGroup: 'tekstil', subcategory: 'jakker' }), params: {} });
    expect(result.data?.first?.key).toBe(categoryListingKey({ kind: 'subcategory', id: 11 }, 'pris-lav'));
    expect(result.data?.first?.page.articles.map((a) => a.name)).toEqual(['Fjelljakke']);
    expect(result.data?.first?.page.total).toBe(30);
    expect(fake.calls.find((c) => c.url === '/subcategories/11/articles')?.params).toMatchObject({ page: 1, orderBy: 'SuggestedFinalPrice', order: 'asc' });
    expect(result.data?.reference.brands.map((b) => b.Name)).toEqual(['Staut']);
    expect(result.head?.status).toBeUndefined();
    expect(result.head?.canonical).toBe(`${ORIGIN}/klaer/jakker`);
    expect(result.head?.jsonLd?.[0]?.['@type']).toBe('BreadcrumbList');
  });

  it('lists nothing for a level the tree does not hold, and says 404', async () => {
    use({ 'GET /categories': [rawCategory()] });
    const result = await categoryLoader({ url: `${ORIGIN}/tekstil/finnesikke`, props: categoryProps({ mainGroup: 'tekstil', subcategory: 'finnesikke' }), params: {} });
    expect(result.data?.first).toBeNull();
    expect(result.head?.status).toBe(404);
    expect(fake.calls.some((c) => c.url.endsWith('/articles'))).toBe(false);
  });

  it('serves a gender landing from the search with the gender fixed', async () => {
    use({ 'GET /categories': [rawCategory()], 'POST /articles/search': hits([rawArticle({ ArticleID: 9, Name: 'Barnejakke' })], 40) });
    const gender = { url: 'barn', gender: 'barn', genderIds: [4] } as unknown as CategoryPageProps['gender'];
    const result = await categoryLoader({ url: `${ORIGIN}/barn`, props: categoryProps({ gender }), params: {} });
    expect(result.data?.first?.key.startsWith(searchListingKey('', ''))).toBe(true);
    expect(result.data?.first?.key).toContain('4');
    expect(result.data?.first?.page.articles.map((a) => a.name)).toEqual(['Barnejakke']);
    expect(result.head?.canonical).toBe(`${ORIGIN}/barn`);
  });
});

describe('product loader', () => {
  it('gives the visible article, its shops and a Product head; asks for the fresh stock the page will ask for', async () => {
    use({
      'GET /categories': [rawCategory()],
      'GET /articles/fjelljakke': rawArticleDetail({ ArticleID: 7, Name: 'Fjelljakke', Slug: 'fjelljakke' }),
      'GET /articles/availability/7': { ArticleID: 7, Variants: [] },
    });
    const result = await productLoader({ url: `${ORIGIN}/product/fjelljakke`, props: { articleName: 'fjelljakke' }, params: {} });
    expect(result.data?.article?.name).toBe('Fjelljakke');
    expect(result.data?.shops?.map((s) => s.id)).toEqual([3]);
    expect(result.head?.status).toBeUndefined();
    expect(result.head?.title).toContain('Fjelljakke');
    expect(result.head?.jsonLd?.map((j) => j['@type'])).toEqual(['Product', 'BreadcrumbList']);
    expect(fake.calls.map((c) => c.url)).toContain('/articles/availability/7');
  });

  it.each([
    ['hidden', { 'GET /articles/skjult': rawArticleDetail({ Slug: 'skjult', VisibleOnWeb: 0 }) }],
    ['missing', {}],
  ])('a %s article is the 404 with no article for the page', async (_case, routes) => {
    use({ 'GET /categories': [rawCategory()], ...routes });
    const result = await productLoader({ url: `${ORIGIN}/product/skjult`, props: { articleName: 'skjult' }, params: {} });
    expect(result.head?.status).toBe(404);
    expect(result.data?.article).toBeNull();
  });

  it('fails (the page renders its loading state) when the API fails with something other than 404', async () => {
    use({ 'GET /categories': [rawCategory()], 'GET /articles/fjelljakke': { status: 500, data: {} } });
    await expect(productLoader({ url: `${ORIGIN}/product/fjelljakke`, props: { articleName: 'fjelljakke' }, params: {} })).rejects.toThrow();
  });
});

describe('search loader', () => {
  it('gives the first page of hits under the key the page asks for; the head is noindex', async () => {
    use({ 'POST /articles/search': hits([rawArticle({ ArticleID: 3, Name: 'Regnjakke' })], 12) });
    const result = await searchLoader({ url: `${ORIGIN}/search/jakke`, props: { query: 'jakke' }, params: {} });
    expect(result.data?.first?.key).toBe(searchListingKey('jakke', ''));
    expect(result.data?.first?.page.articles.map((a) => a.name)).toEqual(['Regnjakke']);
    expect(result.head?.robots).toBe('noindex, follow');
  });

  it('names a brand filter by id, so the brand list comes first', async () => {
    use({ 'POST /articles/search': hits([]) });
    const result = await searchLoader({ url: `${ORIGIN}/search/jakke?merke=Staut`, props: { query: 'jakke' }, params: {} });
    const search = fake.calls.find((c) => c.url === '/articles/search');
    expect(JSON.stringify(search?.data)).toContain('2');
    expect(result.data?.first?.key).not.toBe(searchListingKey('jakke', ''));
  });

  it('an empty query loads no hits', async () => {
    const result = await searchLoader({ url: `${ORIGIN}/search/`, props: { query: ' ' }, params: {} });
    expect(result.data).toBeUndefined();
    expect(fake.calls.some((c) => c.url === '/articles/search')).toBe(false);
  });
});

describe('selection loader', () => {
  it('gives the articles in order and previews the first one', async () => {
    use({ 'GET /articles/bundle': [rawArticle({ ArticleID: 2, Name: 'B', Image: '/img/b.jpg' }), rawArticle({ ArticleID: 1, Name: 'A' })] });
    const result = await selectionLoader({ url: `${ORIGIN}/utvalg/2+1`, props: { ids: [2, 1] }, params: {} });
    expect(result.data?.map((a) => a.name)).toEqual(['B', 'A']);
    expect(result.head?.robots).toBe('noindex, follow');
  });
});
