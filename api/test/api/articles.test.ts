/** Category listings and the article detail, on every test database. */
import { describe, expect, it } from 'vitest';
import type { RawArticle, RawArticleDetail, RawPaginated } from '@shop/contracts/types';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { EMPTY_GROUP, HIDDEN_ARTICLE, TEKSTIL, TEKSTIL_VISIBLE } from '../support/fixtures.js';

const nb = new Intl.Collator('nb-NO');
const byNorwegianName = [...TEKSTIL_VISIBLE].sort((a, b) => nb.compare(a.name, b.name));

describe.each(testDatabaseKinds())('articles on %s', (kind) => {
  const t = useTestApp(kind);
  const list = async (query: string, category = TEKSTIL) => {
    const res = await t().app.inject({ method: 'GET', url: `/api/v1/categories/${category}/articles${query}` });
    return { res, body: res.json<RawPaginated<RawArticle>>() };
  };

  describe('GET /categories/{id}/articles', () => {
    it('defaults to page 1, 20 per page, Name ascending in Norwegian order', async () => {
      const { res, body } = await list('');
      expect(res.statusCode).toBe(200);
      expect(body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 20, total: TEKSTIL_VISIBLE.length });
      expect(body.data.map((a) => a.Name)).toEqual(byNorwegianName.map((a) => a.name));
      // Spelled out, so a broken collator cannot make the test agree with a broken query:
      expect(body.data.map((a) => a.Name)).toEqual([
        'Anorakk Vidda', 'bobledress', 'Élan vest', 'Ullsokker', 'Zip-genser', 'Ærlig ullgenser', 'Øvre Dal jakke',
        'Aasen lue', 'Åsen parkas',
      ]);
      expect(body.data.some((a) => a.ArticleID === HIDDEN_ARTICLE.id)).toBe(false);
    });

    it('orders Name descending as the exact reverse', async () => {
      const { body } = await list('?orderBy=Name&order=desc');
      expect(body.data.map((a) => a.Name)).toEqual(byNorwegianName.map((a) => a.name).reverse());
    });

    it('orders by price (both spellings), date and bestseller rank', async () => {
      const priceAsc = [...TEKSTIL_VISIBLE].sort((a, b) => a.price - b.price).map((a) => a.id);
      expect((await list('?orderBy=Price')).body.data.map((a) => a.ArticleID)).toEqual(priceAsc);
      expect((await list('?orderBy=SuggestedFinalPrice&order=desc')).body.data.map((a) => a.ArticleID)).toEqual(
        [...priceAsc].reverse(),
      );
      // Fixtures: article i of TEKSTIL_VISIBLE was created i+1 days ago → newest first is the list order.
      expect((await list('?orderBy=DateCreated&order=desc')).body.data.map((a) => a.ArticleID)).toEqual(
        TEKSTIL_VISIBLE.map((a) => a.id),
      );
      const best = (await list('?orderBy=Bestseller')).body.data.map((a) => a.ArticleID);
      expect(best.slice(0, 3)).toEqual([103, 101, 105]);
      // Unranked articles follow in name order.
      expect(best.slice(3)).toEqual(byNorwegianName.map((a) => a.id).filter((id) => ![103, 101, 105].includes(id)));
      expect((await list('?orderBy=BestsellerQtyRank&order=desc')).body.data.at(-1)!.ArticleID).toBe(103);
    });

    it('pages without overlap; the last page is short; beyond it the data is empty', async () => {
      const pages = await Promise.all([1, 2, 3, 4].map((p) => list(`?per_page=4&page=${p}`)));
      expect(pages.map((p) => p.body.meta)).toEqual([1, 2, 3, 4].map((p) => ({ current_page: p, last_page: 3, per_page: 4, total: 9 })));
      expect(pages.map((p) => p.body.data.length)).toEqual([4, 4, 1, 0]);
      expect(pages.flatMap((p) => p.body.data.map((a) => a.Name))).toEqual(byNorwegianName.map((a) => a.name));
      const exact = await list('?per_page=9&page=1');
      expect(exact.body.meta.last_page).toBe(1);
    });

    it('answers an empty category with page 1 of 1', async () => {
      const { res, body } = await list('', EMPTY_GROUP);
      expect(res.statusCode).toBe(200);
      expect(body).toEqual({ data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 } });
    });

    it('rejects bad parameters with 400 and a Norwegian message naming the field', async () => {
      const cases: Array<[string, string]> = [
        ['?page=0', 'page'],
        ['?page=-1', 'page'],
        ['?page=abc', 'page'],
        ['?page=1.5', 'page'],
        ['?per_page=0', 'per_page'],
        ['?per_page=101', 'per_page'],
        ['?per_page=ten', 'per_page'],
        ['?orderBy=Colour', 'orderBy'],
        ['?orderBy=name', 'orderBy'],
        ['?order=up', 'order'],
        ['?page=99999999999999999999', 'page'],
      ];
      for (const [query, field] of cases) {
        const { res, body } = await list(query);
        expect(res.statusCode, query).toBe(400);
        const err = body as unknown as { message: string; errors: Array<{ field: string; message: string }> };
        expect(err.message, query).toMatch(new RegExp(`^Ugyldig forespørsel: ${field} `));
        expect(err.errors[0]!.field).toBe(field);
      }
      const { body } = await list('?orderBy=Colour');
      expect((body as unknown as { message: string }).message).toContain('Name, Price');
      for (const path of ['abc', '0', '1.5', '99999999999']) {
        const res = await t().app.inject({ method: 'GET', url: `/api/v1/categories/${path}/articles` });
        expect(res.statusCode, path).toBe(400);
      }
    });

    it('404s an unknown category', async () => {
      const { res } = await list('', 999);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Fant ikke kategorien.' });
    });

    it('carries the listing aggregates in the raw shape', async () => {
      const { body } = await list('?per_page=100');
      const parkas = body.data.find((a) => a.ArticleID === 101)!;
      expect(parkas).toMatchObject({
        ArticleNo: '101-410',
        Name: 'Åsen parkas',
        Slug: 'asen-parkas',
        SuggestedFinalPrice: 249900,
        Pant: 0,
        ProductLineID: 2,
        ProductLineName: 'Åsgard',
        PurchasableOnWeb: 1,
        VisibleOnWeb: 1,
        Featured: 0,
        MainGroupID: 1,
        MainGroupName: 'Tekstil',
        ArticleGroup2ID: 11,
        ArticleGroup2Name: 'Jakker',
        ArticleGroup3ID: 112,
        ArticleGroup3Name: 'Parkas',
        GenderID: 1,
        GenderName: 'Herre',
        WebLabel: null,
        WebPurchaseLimit: 10,
        OnlyCC: 0,
        FrightPrice: null,
        BestsellerQtyRank: 2,
        BestsellerTurnoverRank: 1,
        AverageRating: 4,
        Image: '/api/v1/images/articles/112/1d3557.svg',
        Colors: [
          { ColorID: 1, Name: 'Marine', Hex: '#1d3557', ColorCode: '410' },
          { ColorID: 2, Name: 'Rød', Hex: '#c0392b', ColorCode: '600' },
        ],
        ColorGroupIDs: [1, 2],
        ShopIDs: [1, 2, 55],
        AvailableShopIDs: [1, 2, 55],
      });
      // Only the running campaign; the expired one (a lower price) must not leak.
      expect(parkas.Campaigns).toEqual([
        {
          CampaignArticleID: expect.any(Number),
          CampaignID: t().fixtures.activeCampaignId,
          ArticleID: 101,
          Price: 199900,
          LabelType: 'percent',
          LabelData: JSON.stringify({ text: '-20%' }),
        },
      ]);
      const anorakk = body.data.find((a) => a.ArticleID === 102)!;
      expect(anorakk).toMatchObject({ ShopIDs: [1], AvailableShopIDs: [], AverageRating: null, BestsellerQtyRank: null, Campaigns: [] });
      // The serializer sends exactly the contract's fields, nothing else.
      expect(Object.keys(parkas).sort()).toEqual(
        [
          'ArticleID', 'ArticleNo', 'Name', 'Slug', 'Description', 'SuggestedFinalPrice', 'Pant', 'ProductLineID',
          'ProductLineName', 'PurchasableOnWeb', 'VisibleOnWeb', 'Featured', 'MainGroupID', 'MainGroupName',
          'ArticleGroup2ID', 'ArticleGroup2Name', 'ArticleGroup3ID', 'ArticleGroup3Name', 'GenderID', 'GenderName',
          'WebLabel', 'WebPurchaseLimit', 'OnlyCC', 'Season', 'FrightPrice', 'BestsellerQtyRank',
          'BestsellerTurnoverRank', 'AverageRating', 'Image', 'Colors', 'ColorGroupIDs', 'ShopIDs', 'AvailableShopIDs',
          'Campaigns',
        ].sort(),
      );
    });
  });

  describe('GET /articles/{idOrSlug}', () => {
    const detail = (idOrSlug: string | number) => t().app.inject({ method: 'GET', url: `/api/v1/articles/${idOrSlug}` });

    it('finds an article by id and by slug with the same answer', async () => {
      const byId = await detail(101);
      expect(byId.statusCode).toBe(200);
      const bySlug = await detail('asen-parkas');
      expect(bySlug.json()).toEqual(byId.json());
      const a = byId.json<RawArticleDetail>();
      expect(a).toMatchObject({ ArticleID: 101, Slug: 'asen-parkas', VisibleOnWeb: 1, TechDescription: null });
      expect(new Date(a.DateCreated).toISOString()).toBe(a.DateCreated);
    });

    it('carries variants with size, colour, image and stock per shop', async () => {
      const a = (await detail(101)).json<RawArticleDetail>();
      expect(a.Variants).toEqual([
        {
          VariantID: 1011,
          EanNo: expect.stringMatching(/^\d{13}$/),
          Size: { SizeID: 1, Name: 'S' },
          Color: { ColorID: 1, Name: 'Marine', Hex: '#1d3557', ColorCode: '410', Image: '/api/v1/images/articles/112/1d3557.svg' },
          // Most units first: the first shop is the cart's ceiling for a line (SPEC §4, compareVariantShops).
          Shops: [
            { ShopID: 55, Qty: 5 },
            { ShopID: 1, Qty: 3 },
            { ShopID: 2, Qty: 0 },
          ],
        },
        expect.objectContaining({ VariantID: 1012, Size: { SizeID: 2, Name: 'M' }, Shops: [{ ShopID: 1, Qty: 0 }] }),
        expect.objectContaining({
          VariantID: 1013,
          Color: expect.objectContaining({ ColorID: 2, Image: '/api/v1/images/articles/112/c0392b.svg' }),
          Shops: [{ ShopID: 2, Qty: 2 }],
        }),
      ]);
    });

    it('sends approved reviews only, newest first, without an anonymous reviewer\'s identity', async () => {
      const a = (await detail(101)).json<RawArticleDetail>();
      expect(a.Reviews.map((r) => r.content)).toEqual(['Grei nok.', 'Varm og god.']);
      expect(a.Reviews[0]).toMatchObject({ anonymous: 1, customer: null, approved: 1, rating: 3, reviewable_type: 'article' });
      expect(a.Reviews[1]).toMatchObject({
        anonymous: 0,
        customer: { id: t().fixtures.customerId, first_name: 'Kari', last_name: 'N' },
        true_to_size: 0,
        size_color: 'M / Marine',
        reviewable_id: 101,
      });
      expect(a.AverageRating).toBe(4);
    });

    it('tells colliding names apart by slug', async () => {
      expect((await detail('lopesko-fart')).json<RawArticleDetail>().ArticleID).toBe(201);
      expect((await detail('lopesko-fart-202')).json<RawArticleDetail>().ArticleID).toBe(202);
      expect((await detail('LOPESKO-FART-202')).json<RawArticleDetail>().ArticleID).toBe(202);
    });

    it('returns an invisible article with VisibleOnWeb 0 so the client can send the shopper back', async () => {
      const res = await detail(HIDDEN_ARTICLE.slug);
      expect(res.statusCode).toBe(200);
      expect(res.json<RawArticleDetail>()).toMatchObject({ ArticleID: HIDDEN_ARTICLE.id, VisibleOnWeb: 0 });
    });

    it('maps flags, deposit and missing size/colour of a drink', async () => {
      const drink = (await detail(301)).json<RawArticleDetail>();
      expect(drink).toMatchObject({
        Pant: 200,
        PurchasableOnWeb: 0,
        OnlyCC: 1,
        Featured: 1,
        FrightPrice: 14900,
        WebPurchaseLimit: 24,
        GenderID: 0,
        GenderName: '',
        Colors: [],
        NutrientContent: 'Energi 120 kJ per 100 ml',
      });
      expect(drink.Variants[0]).toMatchObject({ Size: { SizeID: 0, Name: '' }, Color: { ColorID: 0, Name: '' }, Shops: [] });
    });

    it('404s with a Norwegian message', async () => {
      for (const missing of ['999999', 'finnes-ikke', '99999999999']) {
        const res = await detail(missing);
        expect(res.statusCode, missing).toBe(404);
        expect(res.json()).toEqual({ message: 'Fant ikke produktet.' });
      }
    });
  });
});
