/** Catalogue reference endpoints on every test database: shapes, counts, Norwegian order, caching. */
import { describe, expect, it, vi } from 'vitest';
import type { RawCategory, RawColorGroup, RawGender, RawPostalCode, RawProductLine, RawSettings, RawShop, RawTenant } from '@shop/contracts/types';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { EMPTY_GROUP, HIDDEN_ARTICLE, TEKSTIL, TEKSTIL_VISIBLE } from '../support/fixtures.js';

describe.each(testDatabaseKinds())('catalogue reference data on %s', (kind) => {
  const t = useTestApp(kind);
  const get = (url: string) => t().app.inject({ method: 'GET', url });

  it('GET /health pings the database', async () => {
    const res = await get('/api/v1/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: kind === 'pglite' ? 'embedded' : 'postgres' });
  });

  it('GET /ping answers without touching the database (liveness)', async () => {
    const { pool } = t().app.database;
    const query = vi.spyOn(pool, 'query');
    const connect = vi.spyOn(pool, 'connect');
    try {
      const res = await get('/api/v1/ping');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(query).not.toHaveBeenCalled();
      expect(connect).not.toHaveBeenCalled();
    } finally {
      query.mockRestore();
      connect.mockRestore();
    }
  });

  it('GET /categories counts only web-visible articles and nests groups', async () => {
    const res = await get('/api/v1/categories');
    expect(res.statusCode).toBe(200);
    const categories = res.json<RawCategory[]>();
    expect(categories.map((c) => c.MainGroupID)).toEqual([1, 2, 3, 4]);
    const tekstil = categories[0]!;
    const prices = TEKSTIL_VISIBLE.map((a) => a.price);
    expect(tekstil).toMatchObject({
      Name: 'Tekstil',
      Count: TEKSTIL_VISIBLE.length,
      Banner: '/api/v1/images/banners/tekstil.svg',
      // Stored as /tekstil (the stored name); answered at the category's one address (ADR 0014).
      BannerLink: '/klaer',
      MinPrice: Math.min(...prices),
      MaxPrice: Math.max(...prices),
    });
    // The hidden article (price 10000, the cheapest) must not lower the minimum.
    expect(tekstil.MinPrice).toBeGreaterThan(HIDDEN_ARTICLE.price);
    const jakker = tekstil.Subcategories.find((s) => s.ArticleGroup2ID === 11)!;
    expect(jakker).toMatchObject({ MainGroupID: 1, Name: 'Jakker', Count: 5, MinPrice: 79900, MaxPrice: 249900 });
    expect(jakker.Groups).toEqual([
      { ArticleGroup3ID: 111, ArticleGroup2ID: 11, Name: 'Skalljakker', Count: 3 },
      { ArticleGroup3ID: 112, ArticleGroup2ID: 11, Name: 'Parkas', Count: 2 },
    ]);
    // Product lines of the visible Tekstil articles in Norwegian order (Å last); line 4 (Norrøn) is on 107 only…
    expect(tekstil.ProductLines.map((p) => p.Name)).toEqual(['Fjellrev', 'Norrøn', 'Staut', 'Åsgard']);
    const empty = categories.find((c) => c.MainGroupID === EMPTY_GROUP)!;
    expect(empty).toMatchObject({ Count: 0, MinPrice: 0, MaxPrice: 0, ProductLines: [] });
    expect(empty.Subcategories[0]).toMatchObject({ Name: 'Tilbehør sportsutstyr', Count: 0 });
    const sko = categories.find((c) => c.MainGroupID === 2)!;
    expect(sko).toMatchObject({ Count: 2, Banner: null, BannerLink: null, MinPrice: 139900, MaxPrice: 149900 });
  });

  it('GET /genders, /colorgroups', async () => {
    expect((await get('/api/v1/genders')).json<RawGender[]>()).toEqual([
      { GenderID: 1, Name: 'Herre' },
      { GenderID: 2, Name: 'Dame' },
      { GenderID: 4, Name: 'Barn' },
      { GenderID: 10, Name: 'Uni' },
      { GenderID: 11, Name: 'Junior' },
    ]);
    const groups = (await get('/api/v1/colorgroups')).json<RawColorGroup[]>();
    expect(groups[0]).toEqual({ ColorGroupID: 1, Label: 'Blå', Name: 'blue', Hex: '#1d3557', ColorID: 1 });
    expect(groups[2]!.ColorID).toBe(0);
  });

  it('GET /productlines lists every line in Norwegian order and may be cached', async () => {
    const res = await get('/api/v1/productlines');
    expect(res.json<RawProductLine[]>()).toEqual([
      { ProductLineID: 3, Name: 'Fjellrev' },
      { ProductLineID: 4, Name: 'Norrøn' },
      { ProductLineID: 1, Name: 'Staut' },
      { ProductLineID: 2, Name: 'Åsgard' },
    ]);
    expect(res.headers['cache-control']).toMatch(/max-age=/);
  });

  it('GET /shops includes the web-shop stock location with its coordinates as numbers', async () => {
    const shops = (await get('/api/v1/shops')).json<RawShop[]>();
    expect(shops.map((s) => s.ShopID)).toEqual([1, 2, 55]);
    expect(shops[0]).toEqual({
      ShopID: 1, ShopNo: '001', Name: 'Staut Oslo', FullName: 'Staut Oslo City', OrgNo: '912345678',
      Description: null, OpeningHours: '1-5:1000-2000,6-6:1000-1800', MapLink: null, PostNo: '0150', PostPlace: 'OSLO',
      Address: 'Karl Johans gate 1', Email: 'oslo@staut.no', Phone: '22000000', Messenger: null, ChainID: 1,
      Latitude: 59.9111, Longitude: 10.7528,
    });
    expect(shops[1]!.OrgNo).toBe('');
    expect(shops[2]).toMatchObject({ ShopID: 55, OpeningHours: '', Latitude: 0, Longitude: 0 });
  });

  it('GET /settings maps the published home layout into banner slots, category links in canonical form', async () => {
    const settings = (await get('/api/v1/settings')).json<RawSettings>();
    // The layout stores /tekstil and /tekstil/jakker (the stored name): the shopper's links are /klaer… (ADR 0014).
    expect(settings).toEqual({
      TopBanner: { Image: '/api/v1/images/banners/vinter.svg', ImageMobile: null, Link: '/klaer', Title: 'Vinter', Text: null },
      SubBanners: [{ Image: '/api/v1/images/banners/sko.svg', ImageMobile: null, Link: '/sko', Title: null, Text: null }, null],
      StoreSearch: null,
      PopularCategories: [{ Name: 'Jakker', Image: '/api/v1/images/banners/jakker.svg', Link: '/klaer/jakker' }],
      Grid3x3: [],
    });
    // GET /home answers the same published layout with the same links.
    expect((await get('/api/v1/home')).json<RawSettings>()).toEqual(settings);
  });

  it('GET /tenant/get folds tenant_settings rows into the tenant', async () => {
    expect((await get('/api/v1/tenant/get')).json<RawTenant>()).toEqual({
      TenantID: 7,
      BrandName: 'Staut',
      ChainID: 1,
      MenuBrands: { support: ['Staut'], maintenance: ['Staut'], about: ['Staut', 'Staut Mini'], policy: [] },
      SingleLineHeaderBrand: 'Staut Mini',
      CustomerServiceEmail: 'hei@staut.no',
      CompanyName: 'Staut Test AS',
    });
  });

  it('GET /postalcodes lists codes in use; /postalcodes/{zip} validates and finds one', async () => {
    const all = (await get('/api/v1/postalcodes')).json<RawPostalCode[]>();
    expect(all.map((p) => p.PostNo)).toEqual(['0150', '5003', '9170']);
    const oslo = await get('/api/v1/postalcodes/0150');
    expect(oslo.statusCode).toBe(200);
    expect(oslo.json()).toEqual({
      PostNo: '0150', PostPlace: 'OSLO', MunicipalityNo: '0301', Municipality: 'OSLO', CoordLat: 59.9089, CoordLong: 10.7477,
    });
    expect((await get('/api/v1/postalcodes/9170')).json<RawPostalCode>()).toMatchObject({ CoordLat: null, CoordLong: null });
    const retired = await get('/api/v1/postalcodes/0101');
    expect(retired.statusCode).toBe(404);
    expect(retired.json()).toEqual({ message: 'Fant ikke postnummeret.' });
    for (const bad of ['150', '01500', 'abcd', '01%2050']) {
      const res = await get(`/api/v1/postalcodes/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/^Ugyldig forespørsel: postnummer/);
    }
  });

  it('answers compressed when asked', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/api/v1/categories', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('keeps unknown API routes a JSON 404', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t().app.inject({ method, url: '/api/v1/does-not-exist' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ message: 'Denne adressen finnes ikke i API-et.' });
    }
  });

  it('documents every route at /api/docs', async () => {
    const res = await get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    type Param = { name: string; required?: boolean };
    const spec = res.json<{
      paths: Record<string, { get?: { parameters?: Param[] } }>;
      components: { schemas: Record<string, unknown> };
    }>();
    expect(spec.components.schemas).toHaveProperty('ErrorBody');
    const listing = spec.paths['/api/v1/categories/{id}/articles']!.get!.parameters!;
    expect(listing.filter((p) => p.required).map((p) => p.name)).toEqual(['id']);
    for (const path of ['/api/v1/categories', '/api/v1/categories/{id}/articles', '/api/v1/articles/{idOrSlug}', '/api/v1/postalcodes/{zip}', '/api/v1/customers/current']) {
      expect(spec.paths, path).toHaveProperty([path]);
    }
    expect((await get('/api/docs')).statusCode).toBeLessThan(400);
  });

  it('tells a Tekstil listing apart from the category tree (sanity of fixtures)', () => {
    expect(TEKSTIL).toBe(1);
  });
});
