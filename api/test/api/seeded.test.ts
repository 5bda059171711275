/**
 * The API on the demo seed (a small catalogue), as `npm start` serves it: the wiring of seed, images and routes,
 * and properties that must hold for any catalogue (Norwegian order over every page, counts matching listings).
 */
import { describe, expect, it } from 'vitest';
import type { RawArticle, RawArticleDetail, RawCategory, RawPaginated, RawPostalCode, RawShop, RawSettings, RawTenant } from '@shop/contracts/types';
import { seedDatabase } from '../../src/seed/index.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { beforeAll } from 'vitest';

const nb = new Intl.Collator('nb-NO');

describe.each(testDatabaseKinds())('the seeded demo shop on %s', (kind) => {
  const t = useTestApp(kind, { fixtures: false });
  beforeAll(async () => {
    const result = await seedDatabase(t().db, { articles: 120 });
    expect(result.seeded).toBe(true);
  });
  const get = async <T>(url: string) => {
    const res = await t().app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    return res.json<T>();
  };

  it('is idempotent', async () => {
    expect(await seedDatabase(t().db, { articles: 120 })).toEqual({ seeded: false });
  });

  it('lists the spec\'s main groups with counts that match the listings', async () => {
    const categories = await get<RawCategory[]>('/api/v1/categories');
    expect(categories.map((c) => c.Name)).toEqual(['Tekstil', 'Sko', 'Vintersport', 'Sportsutstyr', 'Mat og drikke']);
    for (const c of categories) {
      const page = await get<RawPaginated<RawArticle>>(`/api/v1/categories/${c.MainGroupID}/articles?per_page=1`);
      expect(page.meta.total, c.Name).toBe(c.Count);
      expect(c.Subcategories.reduce((sum, s) => sum + s.Count, 0)).toBe(c.Count);
    }
    const winter = categories.find((c) => c.Name === 'Vintersport')!;
    expect(winter.Subcategories.map((s) => s.Name)).toEqual(expect.arrayContaining(['Hjelmer & alpinbriller', 'Staver']));
  });

  it('orders every page of a category in Norwegian name order, and each listed article opens by slug', async () => {
    const first = await get<RawPaginated<RawArticle>>('/api/v1/categories/1/articles?per_page=7');
    const pages = [first];
    for (let p = 2; p <= first.meta.last_page; p += 1) {
      pages.push(await get<RawPaginated<RawArticle>>(`/api/v1/categories/1/articles?per_page=7&page=${p}`));
    }
    const names = pages.flatMap((p) => p.data.map((a) => a.Name));
    expect(names).toHaveLength(first.meta.total);
    expect(names).toEqual([...names].sort(nb.compare));
    expect(new Set(pages.flatMap((p) => p.data.map((a) => a.ArticleID))).size).toBe(first.meta.total);

    const sample = pages[0]!.data[0]!;
    const detail = await get<RawArticleDetail>(`/api/v1/articles/${sample.Slug}`);
    expect(detail.ArticleID).toBe(sample.ArticleID);
    expect(detail.Variants.length).toBeGreaterThan(0);
    expect(detail.Variants[0]!.EanNo).toMatch(/^\d{13}$/);
    const image = await t().app.inject({ method: 'GET', url: sample.Image });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/image\/svg\+xml/);
  });

  it('serves shops, postal codes, tenant and settings from the seed', async () => {
    const shops = await get<RawShop[]>('/api/v1/shops');
    expect(shops.length).toBeGreaterThanOrEqual(13);
    expect(shops.map((s) => s.ShopID)).toContain(55);
    for (const shop of shops.filter((s) => s.ShopID !== 55)) {
      expect(shop.Latitude, shop.Name).toBeGreaterThan(57);
      expect(shop.Longitude, shop.Name).toBeGreaterThan(4);
    }
    const codes = await get<RawPostalCode[]>('/api/v1/postalcodes');
    expect(codes.length).toBeGreaterThan(3000);
    const oslo = await get<RawPostalCode>('/api/v1/postalcodes/0150');
    expect(oslo.PostPlace.toUpperCase()).toBe('OSLO');
    expect(oslo.CoordLat).toBeCloseTo(59.9, 0);
    const tenant = await get<RawTenant>('/api/v1/tenant/get');
    expect(tenant).toMatchObject({ BrandName: 'Staut', ChainID: 1, CompanyName: expect.any(String) });
    expect(tenant.CustomerServiceEmail).toMatch(/@/);
    const settings = await get<RawSettings>('/api/v1/settings');
    expect(settings.TopBanner?.Image).toMatch(/^\/api\/v1\/images\//);
    expect(settings.SubBanners.length).toBe(3);
    expect(settings.Grid3x3.length).toBe(9);
  });
});
