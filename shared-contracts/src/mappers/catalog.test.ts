import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  blankArticle,
  campaignShortTitle,
  categoryDisplayName,
  mapArticle,
  mapArticleDetail,
  mapCampaignDisplay,
  mapCategory,
  mapColorGroup,
  mapVariant,
  parseLabelData,
} from './catalog.js';
import { rawArticle, rawArticleDetail, rawCategory, rawVariant } from '../testing/fixtures.js';
import type { RawArticle, RawArticleCampaign, RawCampaign } from '../types/catalog.js';

afterEach(() => vi.restoreAllMocks());

const campaign = (o: Partial<RawArticleCampaign> = {}): RawArticleCampaign => ({
  CampaignArticleID: 500,
  CampaignID: 50,
  ArticleID: 101,
  Price: 149900.6,
  LabelType: 'percent',
  LabelData: '{"text":"-25%","color":"#fff"}',
  ...o,
});

describe('mapArticle field rules', () => {
  const cases: Array<[string, Partial<RawArticle>, (a: ReturnType<typeof mapArticle>) => unknown, unknown]> = [
    ['canPurchase true when PurchasableOnWeb is 1', { PurchasableOnWeb: 1 }, (a) => a.canPurchase, true],
    ['canPurchase false when PurchasableOnWeb is 0', { PurchasableOnWeb: 0 }, (a) => a.canPurchase, false],
    ['canPurchase false when legacy data sends null', { PurchasableOnWeb: null as unknown as 0 }, (a) => a.canPurchase, false],
    ['featured false when legacy data sends "1" as text', { Featured: '1' as unknown as 1 }, (a) => a.featured, false],
    ['featured true when Featured is 1', { Featured: 1 }, (a) => a.featured, true],
    ['featured false when Featured is 0', { Featured: 0 }, (a) => a.featured, false],
    ['price is the rounded suggested final price', { SuggestedFinalPrice: 49899.5 }, (a) => a.price, 49900],
    ['price rounds down below .5', { SuggestedFinalPrice: 49900.49 }, (a) => a.price, 49900],
    ['pant is rounded', { Pant: 200.7 }, (a) => a.pant, 201],
    ['pant null becomes 0', { Pant: null }, (a) => a.pant, 0],
    ['frightPrice defaults to 9900', { FrightPrice: null }, (a) => a.frightPrice, 9900],
    ['frightPrice kept when sent', { FrightPrice: 4900 }, (a) => a.frightPrice, 4900],
    ['frightPrice 0 is kept (free shipping), not defaulted', { FrightPrice: 0 }, (a) => a.frightPrice, 0],
    ['bestsellerQty defaults to 9999', { BestsellerQtyRank: null }, (a) => a.bestsellerQty, 9999],
    ['bestsellerTurnover defaults to 9999', { BestsellerTurnoverRank: null }, (a) => a.bestsellerTurnover, 9999],
    ['bestseller ranks kept', { BestsellerQtyRank: 3, BestsellerTurnoverRank: 8 }, (a) => [a.bestsellerQty, a.bestsellerTurnover], [3, 8]],
    ['customLabel is the web label', { WebLabel: 'Nyhet' }, (a) => a.customLabel, 'Nyhet'],
    ['customLabel null without a web label', { WebLabel: null }, (a) => a.customLabel, null],
    ['customLabel null for an empty web label', { WebLabel: '' }, (a) => a.customLabel, null],
    ['category id from MainGroupID', { MainGroupID: 4 }, (a) => a.category, { id: 4 }],
    ['onlyCC from OnlyCC', { OnlyCC: 1 }, (a) => a.onlyCC, true],
    ['brand is the product line name', { ProductLineName: 'Heldre' }, (a) => a.brand, 'Heldre'],
    ['brands carries the product line id', { ProductLineID: 9 }, (a) => a.brands, [9]],
    ['gender and genders', { GenderID: 2, GenderName: 'Dame' }, (a) => [a.gender, a.genders], [{ id: 2, name: 'Dame' }, [2]]],
    ['group names', { ArticleGroup2Name: 'Sko', ArticleGroup3Name: 'Joggesko' }, (a) => [a.group2, a.group3], ['Sko', 'Joggesko']],
    ['shops and available shop ids', { ShopIDs: [1, 2], AvailableShopIDs: [2] }, (a) => [a.shops, a.available], [[1, 2], [2]]],
    ['description null becomes empty', { Description: null }, (a) => a.description, ''],
    ['slug falls back to the id', { Slug: '' }, (a) => a.slug, '101'],
    ['no campaign: originalPrice null', { Campaigns: [] }, (a) => [a.originalPrice, a.campaignLabelType], [null, null]],
  ];
  it.each(cases)('%s', (_name, overrides, pick, expected) => {
    expect(pick(mapArticle(rawArticle(overrides)))).toEqual(expected);
  });
});

describe('campaign pricing', () => {
  it('a lower campaign price becomes the price and keeps the original', () => {
    const a = mapArticle(rawArticle({ SuggestedFinalPrice: 199900, Campaigns: [campaign({ Price: 149900.6 })] }));
    expect(a.price).toBe(149901);
    expect(a.originalPrice).toBe(199900);
    expect(a.campaignLabelType).toBe('percent');
    expect(a.campaigns[0]).toEqual({
      id: 50,
      campaignArticleId: 500,
      articleId: 101,
      price: 149901,
      labelType: 'percent',
      labelData: { text: '-25%', color: '#fff' },
    });
  });

  it('the cheapest of several campaigns wins', () => {
    const a = mapArticle(
      rawArticle({
        SuggestedFinalPrice: 100000,
        Campaigns: [campaign({ CampaignID: 1, Price: 90000, LabelType: 'a' }), campaign({ CampaignID: 2, Price: 80000, LabelType: 'b' })],
      }),
    );
    expect([a.price, a.originalPrice, a.campaignLabelType]).toEqual([80000, 100000, 'b']);
  });

  it('a campaign that does not lower the price leaves price and originalPrice alone', () => {
    const a = mapArticle(rawArticle({ SuggestedFinalPrice: 100000, Campaigns: [campaign({ Price: 100000, LabelType: 'klikk-og-hent' })] }));
    expect([a.price, a.originalPrice, a.campaignLabelType]).toEqual([100000, null, 'klikk-og-hent']);
  });
});

describe('parseLabelData', () => {
  it.each([
    ['{"text":"Kupp"}', { text: 'Kupp' }, false],
    [null, null, false],
    ['', null, false],
    ['{not json', null, true],
    ['[1,2]', null, true],
    ['"just a string"', null, true],
  ] as const)('%j → %j', (input, expected, logged) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseLabelData(input)).toEqual(expected);
    expect(warn).toHaveBeenCalledTimes(logged ? 1 : 0);
  });

  it('bad LabelData does not break the article', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const a = mapArticle(rawArticle({ Campaigns: [campaign({ LabelData: '{oops' })] }));
    expect(a.campaigns[0].labelData).toBeNull();
  });
});

describe('mapVariant availability', () => {
  it.each([
    [[{ ShopID: 55, Qty: 4 }, { ShopID: 3, Qty: 0 }, { ShopID: 7, Qty: 2 }], 2],
    [[{ ShopID: 55, Qty: 0 }], 0],
    [[], 0],
    [[{ ShopID: 1, Qty: -1 }, { ShopID: 2, Qty: 1 }], 1],
  ])('shops %j → availability %i', (shops, expected) => {
    expect(mapVariant(rawVariant({ Shops: shops })).availability).toBe(expected);
  });

  it('maps the nested shapes', () => {
    expect(mapVariant(rawVariant())).toEqual({
      id: 9001,
      ean: '7090012345675',
      availability: 2,
      shops: [
        { id: 55, qty: 4 },
        { id: 3, qty: 0 },
        { id: 7, qty: 2 },
      ],
      size: { id: 3, name: 'M' },
      color: { id: 12, name: 'Marineblå', hex: '#1d3557', colorCode: '410', image: '/api/v1/images/variants/9001.svg' },
    });
  });
});

describe('mapArticleDetail', () => {
  it.each([
    [1, true],
    [0, false],
  ] as const)('VisibleOnWeb %i → visible %s', (flag, visible) => {
    expect(mapArticleDetail(rawArticleDetail({ VisibleOnWeb: flag })).visible).toBe(visible);
  });

  it('carries detail fields, variants and reviews', () => {
    const d = mapArticleDetail(rawArticleDetail());
    expect(d.articleId).toBe(101);
    expect(d.articleNo).toBe('10023-410');
    expect(d.washLabel).toBe('40 °C, ikke tørketrommel');
    expect(d.variants).toHaveLength(1);
    expect(d.reviews[0]).toMatchObject({ customer: 'Kari N.', approved: true, anonymous: false, rating: 5 });
  });

  it('anonymous reviews hide the name', () => {
    const raw = rawArticleDetail();
    raw.Reviews[0].anonymous = 1;
    expect(mapArticleDetail(raw).reviews[0].customer).toBe('Anonym');
  });
});

describe('categories', () => {
  it.each([
    ['Tekstil', 'Klær'],
    ['Sko', 'Sko'],
    ['Mat og drikke', 'Mat og drikke'],
  ])('category %s is shown as %s', (stored, shown) => {
    expect(categoryDisplayName(stored)).toBe(shown);
    expect(mapCategory(rawCategory({ Name: stored })).name).toBe(shown);
  });

  it.each([
    [0, 1],
    [20, 1],
    [21, 2],
    [41, 3],
  ])('count %i → last_page %i', (count, last) => {
    expect(mapCategory(rawCategory({ Count: count })).last_page).toBe(last);
  });

  it('maps subcategories, groups and product lines', () => {
    const c = mapCategory(rawCategory());
    expect(c.subcategories[0]).toEqual({
      id: 11,
      parent: 1,
      name: 'Jakker',
      minPrice: 49900,
      maxPrice: 349900,
      count: 12,
      groups: [{ name: 'Skalljakker', articleGroup2ID: 11, articleGroup3ID: 111, count: 5 }],
    });
    expect(c.availableProductlines).toEqual([{ ProductLineID: 2, Name: 'Staut' }]);
    expect(c.current_page).toBe(1);
  });
});

describe('campaign display', () => {
  const raw: RawCampaign = {
    CampaignID: 1,
    Name: 'Klikk & Hent',
    ShortDescription: 'Klikk & Hent',
    Description: null,
    Start: '2026-11-01T00:00:00.000Z',
    End: '2026-11-30T00:00:00.000Z',
    Count: 12,
    Image: null,
    ImageMobile: null,
    ShowLabel: 1,
    ShowImage: 0,
    LabelText: null,
    Url: '/utvalg/1+2',
  };
  it.each([
    ['Klikk & Hent', 'Ukens annonse!'],
    [' Klikk & Hent ', 'Ukens annonse!'],
    ['Black week', 'Black week'],
    [null, null],
  ])('short title %j → %j', (input, expected) => {
    expect(campaignShortTitle(input)).toBe(expected);
  });
  it('maps flags', () => {
    expect(mapCampaignDisplay(raw)).toMatchObject({ shortDescription: 'Ukens annonse!', showLabel: true, showImage: false, count: 12 });
  });
});

it('colour groups map to camelCase', () => {
  expect(mapColorGroup({ ColorGroupID: 3, Label: 'Blå', Name: 'blue', Hex: '#00f', ColorID: 12 })).toEqual({
    id: 3,
    label: 'Blå',
    name: 'blue',
    hex: '#00f',
    colorId: 12,
  });
});

it('blankArticle returns a fresh object each time', () => {
  const a = blankArticle();
  a.sizes.push({ id: 1, name: 'S' });
  expect(blankArticle().sizes).toEqual([]);
  expect(Object.keys(blankArticle()).sort()).toEqual(
    ['articleGroup2ID', 'articleGroup3ID', 'articleId', 'availability', 'brand', 'category', 'colors', 'description', 'name', 'price', 'size_colors', 'sizes'].sort(),
  );
});
