/**
 * POST /articles/search and /articles/searchids on every test database: Norwegian stemming, prefixes, typos,
 * ranking, every filter operator, malformed filters (400, never 500), paging edges, and the search index triggers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { RawArticle, RawSearchIdsResponse, RawSearchResponse } from '@shop/contracts/types';
import { loadArticles } from '../../src/routes/articles/load.js';
import { searchArticles, TOTAL_HITS_BOUND } from '../../src/search/engine.js';
import { rebuildSearchIndex, vacuumSearchIndex } from '../../src/search/maintenance.js';
import { useTestApp } from '../support/app.js';
import { insertSearchArticles, postHeaders } from '../support/catalog.js';
import { testDatabaseKinds } from '../support/databases.js';

const nb = new Intl.Collator('nb-NO');
const VISIBLE = [101, 102, 103, 104, 105, 106, 107, 109, 110, 201, 202, 301, 501, 502, 503, 504];
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe.each(testDatabaseKinds())('search on %s', (kind) => {
  const t = useTestApp(kind);
  let headers: Record<string, string>;
  beforeAll(async () => {
    await insertSearchArticles(t().db);
    headers = await postHeaders(t().db);
  });

  const post = (url: string, payload: unknown, extra: Record<string, string> = headers) =>
    t().app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers: extra });
  const search = async (body: Record<string, unknown>) => {
    const res = await post('/articles/search', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<RawSearchResponse>();
  };
  const ids = async (query: string, filters = '', take = 1000) => {
    const body = await search({ query, filters, take });
    return body.hits.hits.map((h) => h._source.ArticleID);
  };
  const filtered = async (filters: string) => sorted(await ids('', filters));

  describe('text', () => {
    it('stems Norwegian: "vindjakker" finds every Vindjakke, name matches first, then bestseller rank', async () => {
      const body = await search({ query: 'vindjakker', take: 10 });
      expect(body.hits.hits.map((h) => [h._source.ArticleID, h._score])).toEqual([
        [502, 3], // both in the name; bestseller rank 5
        [501, 3],
        [504, 2], // "vindjakke" only in the description
      ]);
      expect(body.hits.total).toEqual({ value: 3, relation: 'eq' });
      expect(body.hits.hits[0]!._id).toBe('502');
    });

    it('matches as you type (prefixes), ordering a tier by bestseller rank then Norwegian name', async () => {
      expect(await ids('vindj')).toEqual([502, 501, 504]);
      expect(await ids('VIND')).toEqual([502, 503, 501, 504]);
    });

    it('tolerates typos: "vinjdakke" finds the Vindjakke articles, ranked below exact matches', async () => {
      const body = await search({ query: 'vinjdakke' });
      expect(body.hits.hits.map((h) => [h._source.ArticleID, h._score])).toEqual([
        [502, 1],
        [504, 1],
        [501, 1],
      ]);
      expect(await ids('vindjakkr')).toEqual([502, 504, 501]);
      // Short words get no typo budget: "vinj" is a prefix of nothing.
      expect(await ids('vinj')).toEqual([]);
    });

    it('needs every word, and searches brand and group names too', async () => {
      expect(await ids('staut vindjakke')).toEqual([502]);
      const brand = await search({ query: 'fjellrev vindjakke' });
      expect(brand.hits.hits.map((h) => [h._source.ArticleID, h._score])).toEqual([[501, 2]]);
      // Group 3 "Skalljakker": bestseller ranks first (105: 3, 502: 5), then Norwegian name order (É as E).
      expect(await ids('skalljakker')).toEqual([105, 502, 102, 107, 504, 503, 501]);
      expect(await ids('ull')).toEqual([110, 104, 103, 109]);
    });

    it('finds nothing for words that are not there, and never a hidden article', async () => {
      expect(await ids('skjult')).toEqual([]);
      expect(await ids('xqzzy')).toEqual([]);
      const all = await ids('');
      expect(sorted(all)).toEqual(VISIBLE);
    });

    it('lists everything visible for an empty query: bestsellers first, then Norwegian name order', async () => {
      const all = await ids('');
      expect(all.slice(0, 4)).toEqual([103, 101, 105, 502]);
      const rest = (await search({ query: '' })).hits.hits.slice(4).map((h) => h._source.Name);
      expect(rest).toEqual([...rest].sort(nb.compare));
      expect(rest.indexOf('Aasen lue')).toBeGreaterThan(rest.indexOf('Ærlig ullgenser'));
    });
  });

  describe('paging', () => {
    it('pages with take and a zero-based page; beyond the end is empty with the right total', async () => {
      const pages = await Promise.all([0, 1, 2, 3, 4].map((page) => search({ query: '', take: 5, page })));
      expect(pages.map((p) => p.hits.hits.length)).toEqual([5, 5, 5, 1, 0]);
      expect(pages.map((p) => p.hits.total.value)).toEqual([16, 16, 16, 16, 16]);
      const seen = pages.flatMap((p) => p.hits.hits.map((h) => h._source.ArticleID));
      expect(seen).toEqual(await ids(''));
    });

    it('take 0 counts only; defaults are take 1000 and page 0', async () => {
      const count = await search({ query: 'vind', take: 0 });
      expect(count.hits).toEqual({ total: { value: 4, relation: 'eq' }, hits: [] });
      const defaults = await search({ query: 'vind' });
      expect(defaults.hits.hits).toHaveLength(4);
      const empty = await search({});
      expect(empty.hits.total.value).toBe(16);
    });

    it(`counts hits exactly up to a bound (${TOTAL_HITS_BOUND} in the shop), then answers a lower bound ("gte")`, async () => {
      const count = (query: string, filters: string, take: number, page: number, bound: number) =>
        searchArticles(t().db, { query, filters, take, page }, { withSource: false, totalHitsBound: bound }).then(
          ({ ids, total, relation }) => ({ shown: ids.length, total, relation }),
        );
      // 16 visible articles; counted to 10 they are "10 or more".
      expect(await count('', '', 5, 0, 10)).toEqual({ shown: 5, total: 10, relation: 'gte' });
      // The bound grows past the page asked for (to the next multiple), so "more" stays known on every page.
      expect(await count('', '', 5, 1, 10)).toEqual({ shown: 5, total: 16, relation: 'eq' });
      expect(await count('', '', 5, 3, 10)).toEqual({ shown: 1, total: 16, relation: 'eq' });
      // Words (4 matches of "vind"), and words with filters (the count then reads the GIN probe's matches only).
      expect(await count('vind', '', 2, 0, 3)).toEqual({ shown: 2, total: 3, relation: 'gte' });
      expect(await count('vind', '', 2, 0, 5)).toEqual({ shown: 2, total: 4, relation: 'eq' });
      expect(await count('vind', 'GrossPrice > 0', 2, 0, 3)).toEqual({ shown: 2, total: 3, relation: 'gte' });
      expect(await count('vind', 'GrossPrice > 0', 0, 0, 5)).toEqual({ shown: 0, total: 4, relation: 'eq' });
    });

    it('answers ids only on /articles/searchids, with the same order and total', async () => {
      const res = await post('/articles/searchids', { query: 'vind', take: 2, page: 1 });
      expect(res.statusCode).toBe(200);
      expect(res.json<RawSearchIdsResponse>()).toEqual({
        hits: {
          total: { value: 4, relation: 'eq' },
          hits: [
            { _id: '501', _score: 3, _source: { ArticleID: 501 } },
            { _id: '504', _score: 2, _source: { ArticleID: 504 } },
          ],
        },
      });
    });
  });

  describe('filters', () => {
    it.each([
      ['ColorGroupID IN [2]', [101, 103, 501]],
      ['colors IN [2]', [101, 103, 501]],
      ['ColorGroupID = 3', [102, 201, 202, 503, 504]],
      ['ColorGroupID != 1', [102, 103, 201, 202, 301, 501, 503, 504]],
      ['ColorGroupID NOT IN [1,2]', [102, 201, 202, 301, 503, 504]],
      ['ColorGroupID EXISTS', VISIBLE.filter((id) => id !== 301)],
      ['ColorGroupID 2 TO 3', [101, 102, 103, 201, 202, 501, 503, 504]],
      ['ColorGroupID < 2', [101, 104, 105, 106, 107, 109, 110, 502]],
      ['ColorGroupID > 2', [102, 201, 202, 503, 504]],
      ['NOT ColorGroupID 1 TO 2', [102, 201, 202, 301, 503, 504]],
      // Strict by id (issue 21): the article's own gender, never its extra genders (501 is Dame with Uni as an extra;
      // the demo's unisex articles carry Herre and Dame as extras and filled "GenderID IN [1]" with unisex hits).
      ['GenderID IN [10]', []],
      ['GenderID = 10', []],
      ['GenderID IN [2,10]', [201, 501]],
      ['genders IN [2]', [201, 501]],
      ['GenderID = 2', [201, 501]],
      ['GenderID IN [1]', VISIBLE.filter((id) => id !== 201 && id !== 501 && id !== 301)], // 301 has no gender
      ['GenderID != 10', VISIBLE],
      ['GenderID NOT IN [10,1]', [201, 301, 501]],
      ['GenderID 3 TO 12', []],
      ['GenderID > 1', [201, 501]],
      ['GenderID EXISTS AND GenderID != 1', [201, 501]],
      ['ProductLineID = 3', [102, 106, 110, 201, 202, 501]],
      ['brands IN [1]', [104, 301, 502]],
      ['ProductLineID NOT IN [1,2,3]', [103, 107]],
      ['ShopID IN [2]', [101, 501]],
      ['shops = 55', [101, 201, 502]],
      ['ShopID EXISTS', [101, 201, 501, 502]],
      ['GrossPrice < 50000', [103, 109, 110, 301]],
      ['price 29900 TO 49900', [103, 109]],
      ['GrossPrice = 199900', [101, 105]],
      ['GrossPrice > 149900', [101, 105]],
      ['NOT GrossPrice 30000 TO 2000000', [109, 110, 301]],
      ['GrossPrice 299.5 TO 29900.5', [109, 110, 301]],
      ['ArticleGroup3ID IN [112]', [101, 106]],
      ['groups = 121', [103, 104, 109, 110]],
      ['ArticleID IN [101,108,505,999]', [101]],
      ['ArticleID IN []', []],
      ['exclude NOT IN [101,102]', VISIBLE.filter((id) => id !== 101 && id !== 102)],
      ['ColorGroupID IN [1,3] AND GenderID IN [1] AND GrossPrice 20000 TO 130000', [102, 104, 106, 107, 109, 503, 504]],
      ['  GenderID = 2   AND   ShopID = 2 ', [501]],
    ])('%s', async (filters, expected) => {
      expect(await filtered(filters)).toEqual(sorted(expected));
    });

    it('combines with text and excludes ids (the exclusion list)', async () => {
      expect(await ids('vindjakke', 'ArticleID NOT IN [501,502]')).toEqual([504]);
      expect(await ids('vind', 'GenderID = 1 AND GrossPrice < 100000')).toEqual([503]);
    });

    it('uses the campaign price the shopper pays, not the suggested price', async () => {
      // 103 costs 599,00 but runs at 499,00 in the active campaign; 101's expired 999,00 campaign does not count.
      expect(await filtered('GrossPrice 49900 TO 49900')).toEqual([103]);
      expect(await filtered('GrossPrice 99900 TO 99900')).toEqual([107, 501]);
    });

    it('follows campaign articles as they come and go (the index marks articles in a campaign)', async () => {
      const db = t().db;
      const inCampaign = async () =>
        (await db.execute<{ id: number }>(sql`select article_id as id from article_search where has_campaign order by 1`))
          .rows.map((r) => r.id);
      expect(await inCampaign()).toEqual([101, 103]);
      // 102 (1 299,00) joins the running campaign at 399,00.
      await db.execute(sql`insert into campaign_articles (campaign_id, article_id, price)
        select campaign_id, 102, 39900 from campaign_articles where article_id = 103`);
      expect(await inCampaign()).toEqual([101, 102, 103]);
      expect(await filtered('GrossPrice 39900 TO 39900')).toEqual([102]);
      expect(await filtered('GrossPrice 129900 TO 129900')).toEqual([]);
      await db.execute(sql`delete from campaign_articles where article_id = 102`);
      expect(await inCampaign()).toEqual([101, 103]);
      expect(await filtered('GrossPrice 129900 TO 129900')).toEqual([102]);
    });

    it.each([
      ['ColorGroupID IN [a]', 'Only numbers supported as values'],
      ['GenderID = x', 'Only numbers supported as value'],
      ['Colour = 1', 'unknown field Colour'],
      ['GenderID = 1 OR GenderID = 2', 'Invalid filter rule'],
      ['GenderID = 1 and GenderID = 2', 'Invalid filter rule'],
      ['GenderID LIKE 1', 'Invalid filter rule'],
      ['GrossPrice 500 TO 100', 'is empty'],
      ['ArticleID = 1.5', 'not a whole id'],
      ['ArticleID = 99999999999', 'not a whole id'],
      ['GrossPrice < 10000000000000', 'out of range'],
      ['GenderID IN [1', 'Only numbers supported as values'],
      ['AND', 'Invalid filter rule'],
      ['GenderID = 1 AND', 'Invalid filter rule'],
      ['33 × GenderID = 1', 'at most 32 rules'],
    ])('rejects %j with 400 %j', async (label, message) => {
      const filters = label.startsWith('33 × ') ? Array.from({ length: 33 }, () => label.slice(5)).join(' AND ') : label;
      const res = await post('/articles/search', { query: 'vind', filters });
      expect(res.statusCode).toBe(400);
      const body = res.json<{ message: string; errors: Array<{ field: string; message: string }> }>();
      expect(body.message).toMatch(/^Ugyldig forespørsel: filters /);
      expect(body.message).toContain(message);
      expect(body.errors[0]!.field).toBe('filters');
      const ids = await post('/articles/searchids', { filters });
      expect(ids.statusCode).toBe(400);
    });
  });

  describe('request checks', () => {
    it.each([
      ['take 1001', { take: 1001 }, 'take'],
      ['take -1', { take: -1 }, 'take'],
      ['page -1', { page: -1 }, 'page'],
      ['take "many"', { take: 'many' }, 'take'],
      ['a 201-character query', { query: 'x'.repeat(201) }, 'query'],
      ['a 4001-character filter', { filters: 'x'.repeat(4001) }, 'filters'],
    ])('%s → 400', async (_label, body, field) => {
      const res = await post('/articles/search', body);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ errors: Array<{ field: string }> }>().errors[0]!.field).toBe(field);
    });

    it('needs the session CSRF token like every POST', async () => {
      expect((await post('/articles/search', { query: 'vind' }, {})).statusCode).toBe(419);
    });
  });

  describe('the index', () => {
    it('stores exactly the listing shape the category listings send (image and campaigns included)', async () => {
      const hits = (await search({ query: '' })).hits.hits.map((h) => h._source);
      const listed = await loadArticles(t().db, hits.map((h) => h.ArticleID));
      expect(hits).toEqual(listed);
      const parkas = hits.find((h) => h.ArticleID === 101)!;
      expect(parkas.Campaigns.map((c) => c.Price)).toEqual([199900]);
      expect(parkas.AverageRating).toBe(4);
    });

    it('follows writes through its triggers: stock, names, visibility, reviews, brands, deletions', async () => {
      const db = t().db;
      await db.execute(sql`insert into stock (variant_id, shop_id, qty) values (5031, 1, 3)`);
      expect(await filtered('ShopID = 1')).toEqual([101, 503]);
      await db.execute(sql`update stock set qty = 0 where variant_id = 5031 and shop_id = 1`);
      expect(await filtered('ShopID = 1')).toEqual([101]);

      await db.execute(sql`update articles set name = 'Vindbukse Sørøst' where id = 503`);
      expect(await ids('sørøst')).toEqual([503]);

      await db.execute(sql`update articles set visible_on_web = false where id = 504`);
      expect(await ids('vindjakker')).toEqual([502, 501]);

      await db.execute(sql`insert into reviews (reviewable_id, content, rating, approved) values (501, 'Fin', 4, true), (501, 'Ok', 3, true)`);
      const rated = (await search({ query: 'nordavind' })).hits.hits[0]!._source as RawArticle;
      expect(rated.AverageRating).toBe(3.5);

      await db.execute(sql`update product_lines set name = 'Fjellreven' where id = 3`);
      expect(await ids('fjellreven vindjakke')).toEqual([501]);

      await db.execute(sql`update bestsellers set qty_rank = 1 where article_id = 502`);
      await db.execute(sql`insert into bestsellers (article_id, qty_rank, turnover_rank) values (501, 0, 0)`);
      expect(await ids('vindjakke')).toEqual([501, 502]);

      await db.execute(sql`delete from variants where id = 5011`);
      expect(await filtered('ShopID IN [2]')).toEqual([101]);
      expect(await filtered('ColorGroupID = 2')).toEqual([101, 103]);
    });

    it('is vacuumed back to index-only filtered totals after writes', async () => {
      const db = t().db;
      const heapFetches = async () =>
        db.transaction(async (tx) => {
          // The test catalogue is tiny: without this the planner reads the table whatever the visibility map says.
          await tx.execute(sql`set local enable_seqscan = off`);
          await tx.execute(sql`set local enable_bitmapscan = off`);
          const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(
            sql`explain (analyze, costs off, timing off, summary off) select count(*) from article_search s
              where s.visible and (s.gender_bits & 6::int8) <> 0`,
          );
          const plan = rows.map((r) => Object.values(r)[0]).join('\n');
          expect(plan).toContain('Index Only Scan using article_search_facets_idx');
          return Number(/Heap Fetches: (\d+)/.exec(plan)?.[1]);
        });
      await vacuumSearchIndex(db);
      expect(await heapFetches()).toBe(0);
      await db.execute(sql`update article_search set qty_rank = qty_rank where article_id in (101, 102, 103)`);
      expect(await heapFetches()).toBeGreaterThan(0);
      await vacuumSearchIndex(db);
      expect(await heapFetches()).toBe(0);
    });

    it('keeps the index row in reading order: fixed-width columns first, the document last, nothing dropped', async () => {
      // Migration 0010: every match's tier and rank are read from its row; a column behind a variable-width or
      // nullable one (or a dropped column's null bitmap) is found by walking what comes before it.
      const { rows } = await t().db.execute<{ name: string; fixed: boolean; nullable: boolean; dropped: boolean }>(sql`
        select attname as name, attlen > 0 as fixed, not attnotnull as nullable, attisdropped as dropped
        from pg_attribute where attrelid = 'article_search'::regclass and attnum > 0 order by attnum`);
      expect(rows.filter((c) => c.dropped)).toEqual([]);
      const firstWalked = rows.findIndex((c) => !c.fixed || c.nullable);
      expect(rows.slice(firstWalked).filter((c) => c.fixed && !c.nullable).map((c) => c.name)).toEqual([]);
      expect(rows.at(-1)?.name).toBe('document');
      const read = ['name_sort', 'name_document'].map((name) => rows.findIndex((c) => c.name === name));
      expect(read).toEqual([firstWalked, firstWalked + 1]);
    });

    it('lies in rank order after a rebuild, so a tier of a common word walks neighbouring rows', async () => {
      await rebuildSearchIndex(t().db);
      const order = async (by: string) =>
        (await t().db.execute<{ id: number }>(sql.raw(`select article_id as id from article_search order by ${by}`))).rows.map(
          (r) => r.id,
        );
      expect(await order('ctid')).toEqual(await order('qty_rank, name_sort collate "C", article_id'));
    });

    it('rebuilds from scratch to the same documents', async () => {
      const snapshot = sql`select s.*, s.document::text as document, d.source from article_search s
        join article_search_sources d using (article_id) order by 1`;
      const before = await t().db.execute(snapshot);
      await t().db.execute(sql`delete from article_search`);
      await t().db.execute(sql`delete from article_search_sources`);
      expect(await ids('')).toEqual([]);
      await rebuildSearchIndex(t().db);
      const after = await t().db.execute(snapshot);
      expect(after.rows).toEqual(before.rows);
    });
  });
});
