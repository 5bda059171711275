/**
 * The catalogue routes of issue 4 besides search, on every test database: subcategory groups and listings (with
 * paging edges and bad parameters), bundles, the house brand, bestsellers, campaigns and per-shop availability.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type {
  RawArticle,
  RawArticleAvailability,
  RawBestseller,
  RawCampaign,
  RawCombinedCampaignArticles,
  RawGroup,
  RawPaginated,
} from '@shop/contracts/types';
import { parseBundleIds } from '../../src/routes/bundle/index.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';

describe('parseBundleIds', () => {
  it.each([
    ['1,2,3', [1, 2, 3]],
    ['3,1,3', [3, 1]],
    ['0,5', [5]],
    ['2147483647,2147483648', [2_147_483_647]],
  ])('%s → %j', (text, ids) => {
    expect(parseBundleIds(text)).toEqual(ids);
  });
});

describe.each(testDatabaseKinds())('catalogue routes on %s', (kind) => {
  const t = useTestApp(kind);
  const get = (url: string) => t().app.inject({ method: 'GET', url: `/api/v1${url}` });
  const ok = async <T>(url: string) => {
    const res = await get(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<T>();
  };
  const status = async (url: string) => (await get(url)).statusCode;

  describe('GET /subcategories/{id}/groups', () => {
    it('lists the groups with counts of visible articles only', async () => {
      expect(await ok<RawGroup[]>('/subcategories/11/groups')).toEqual([
        { ArticleGroup3ID: 111, ArticleGroup2ID: 11, Name: 'Skalljakker', Count: 3 },
        { ArticleGroup3ID: 112, ArticleGroup2ID: 11, Name: 'Parkas', Count: 2 },
      ]);
      expect(await ok<RawGroup[]>('/subcategories/41/groups')).toEqual([
        { ArticleGroup3ID: 411, ArticleGroup2ID: 41, Name: 'Drikkeflasker', Count: 0 },
      ]);
    });

    it.each([
      ['/subcategories/999/groups', 404],
      ['/subcategories/0/groups', 400],
      ['/subcategories/abc/groups', 400],
    ])('%s → %i', async (url, code) => {
      expect(await status(url)).toBe(code);
    });
  });

  describe('GET /subcategories/{id}/articles', () => {
    it('defaults to page 1, 20 per page, Name ascending in Norwegian order', async () => {
      const page = await ok<RawPaginated<RawArticle>>('/subcategories/11/articles');
      expect(page.meta).toEqual({ current_page: 1, last_page: 1, per_page: 20, total: 5 });
      expect(page.data.map((a) => a.Name)).toEqual(['Anorakk Vidda', 'bobledress', 'Élan vest', 'Øvre Dal jakke', 'Åsen parkas']);
    });

    it('pages to the last partial page and answers past the end with no rows but the total', async () => {
      const last = await ok<RawPaginated<RawArticle>>('/subcategories/11/articles?per_page=2&page=3');
      expect(last.meta).toEqual({ current_page: 3, last_page: 3, per_page: 2, total: 5 });
      expect(last.data.map((a) => a.ArticleID)).toEqual([101]);
      const beyond = await ok<RawPaginated<RawArticle>>('/subcategories/11/articles?per_page=2&page=4');
      expect(beyond).toEqual({ data: [], meta: { current_page: 4, last_page: 3, per_page: 2, total: 5 } });
    });

    it('sorts by price descending, and an empty subcategory is an empty page', async () => {
      const byPrice = await ok<RawPaginated<RawArticle>>('/subcategories/11/articles?orderBy=Price&order=desc');
      expect(byPrice.data.map((a) => a.ArticleID)).toEqual([101, 105, 102, 107, 106]);
      const empty = await ok<RawPaginated<RawArticle>>('/subcategories/41/articles');
      expect(empty).toEqual({ data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 } });
    });

    it.each([
      ['/subcategories/11/articles?per_page=0', 400, 'per_page'],
      ['/subcategories/11/articles?per_page=101', 400, 'per_page'],
      ['/subcategories/11/articles?page=0', 400, 'page'],
      ['/subcategories/11/articles?page=x', 400, 'page'],
      ['/subcategories/11/articles?order=up', 400, 'order'],
      ['/subcategories/11/articles?orderBy=Colour', 400, 'orderBy'],
      ['/subcategories/999/articles', 404, null],
    ])('%s → %i', async (url, code, field) => {
      const res = await get(url);
      expect(res.statusCode).toBe(code);
      const body = res.json<{ message: string; errors?: Array<{ field: string }> }>();
      expect(body.message.length).toBeGreaterThan(0);
      if (field) expect(body.errors?.[0]?.field).toBe(field);
    });
  });

  describe('GET /articles/bundle', () => {
    it('answers visible articles in the order asked, each once', async () => {
      const list = await ok<RawArticle[]>('/articles/bundle?articles=103,101,108,999,103');
      expect(list.map((a) => a.ArticleID)).toEqual([103, 101]);
      expect(list[0]!.Campaigns.map((c) => c.Price)).toEqual([49900]);
    });

    it.each([
      '/articles/bundle',
      '/articles/bundle?articles=',
      '/articles/bundle?articles=a,b',
      '/articles/bundle?articles=1,,2',
      `/articles/bundle?articles=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`,
    ])('%s → 400', async (url) => {
      expect(await status(url)).toBe(400);
    });
  });

  describe('GET /articles/brand', () => {
    it("lists the house brand's visible articles, bestsellers first then by name", async () => {
      expect((await ok<RawArticle[]>('/articles/brand')).map((a) => a.ArticleID)).toEqual([301, 104]);
      expect((await ok<RawArticle[]>('/articles/brand?limit=1')).map((a) => a.ArticleID)).toEqual([301]);
      expect(await status('/articles/brand?limit=0')).toBe(400);
    });

    it('is not mistaken for an article slug', async () => {
      expect(await status('/articles/anorakk-vidda')).toBe(200);
    });
  });

  describe('GET /bestsellers', () => {
    it('ranks visible articles by quantity, or by turnover on request', async () => {
      await t().db.execute(sql`insert into bestsellers (article_id, qty_rank, turnover_rank) values (108, 0, 0)`);
      expect(await ok<RawBestseller[]>('/bestsellers')).toEqual([
        { article_id: 103, qty_rank: 1, turnover_rank: 2 },
        { article_id: 101, qty_rank: 2, turnover_rank: 1 },
        { article_id: 105, qty_rank: 3, turnover_rank: 3 },
      ]);
      expect((await ok<RawBestseller[]>('/bestsellers?orderBy=turnover_rank&limit=2')).map((b) => b.article_id)).toEqual([101, 103]);
      expect(await status('/bestsellers?orderBy=price')).toBe(400);
      expect(await status('/bestsellers?limit=1001')).toBe(400);
    });
  });

  describe('campaigns', () => {
    it('GET /campaigns/ lists running campaigns with their visible article count', async () => {
      const list = await ok<RawCampaign[]>('/campaigns/');
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({
        CampaignID: t().fixtures.activeCampaignId,
        Name: 'Vinterkampanje',
        ShortDescription: 'Klikk & Hent',
        Count: 2,
        ShowLabel: 1,
        ShowImage: 1,
      });
      expect(Date.parse(list[0]!.Start)).toBeLessThan(Date.now());
      expect(await ok<RawCampaign[]>('/campaigns')).toEqual(list);
    });

    it('GET /campaigns/combined/articles adds their visible articles, bestsellers first', async () => {
      const combined = await ok<RawCombinedCampaignArticles>('/campaigns/combined/articles');
      expect(combined.campaigns.map((c) => c.Name)).toEqual(['Vinterkampanje']);
      expect(combined.articles.map((a) => a.ArticleID)).toEqual([103, 101]);
      expect((await ok<RawCombinedCampaignArticles>('/campaigns/combined/articles?limit=1')).articles).toHaveLength(1);
    });
  });

  describe('GET /articles/availability/{id}', () => {
    it("answers every variant's stock per shop", async () => {
      const body = await ok<RawArticleAvailability>('/articles/availability/101');
      expect(body.ArticleID).toBe(101);
      expect(body.Variants.map((v) => [v.VariantID, v.Shops])).toEqual([
        [1011, [{ ShopID: 55, Qty: 5 }, { ShopID: 1, Qty: 3 }, { ShopID: 2, Qty: 0 }]],
        [1012, [{ ShopID: 1, Qty: 0 }]],
        [1013, [{ ShopID: 2, Qty: 2 }]],
      ]);
      expect((await get('/articles/availability/101')).headers['cache-control']).toBe('no-store');
      const detail = await ok<{ Variants: unknown }>('/articles/101');
      expect(detail.Variants).toEqual(body.Variants);
    });

    it.each([
      ['/articles/availability/108', 404],
      ['/articles/availability/999', 404],
      ['/articles/availability/x', 400],
    ])('%s → %i', async (url, code) => {
      expect(await status(url)).toBe(code);
    });
  });
});
