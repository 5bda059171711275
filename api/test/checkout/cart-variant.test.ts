/**
 * GET /variants/{id} (docs/adr/0016): what the cart reads to build, price and limit a line when asked to add "this
 * variant, this many" — on every test database.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mapArticleDetail, mapCartVariant } from '@shop/contracts/mappers';
import type { RawArticleDetail, RawCartVariant } from '@shop/contracts/types';
import * as s from '../../src/db/schema.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';

describe.each(testDatabaseKinds())('GET /variants/{id} on %s', (kind) => {
  const t = useTestApp(kind);
  const get = (url: string) => t().app.inject({ method: 'GET', url: `/api/v1${url}` });

  it('answers the variant with its stock per shop (first shop = most units) and its article, never cached', async () => {
    const res = await get('/variants/1011');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<RawCartVariant>();
    expect(body.Variant).toMatchObject({ VariantID: 1011, Shops: [{ ShopID: 55, Qty: 5 }, { ShopID: 1, Qty: 3 }, { ShopID: 2, Qty: 0 }] });
    expect(body.Article).toMatchObject({ ArticleID: 101, WebPurchaseLimit: 10 });
  });

  it('gives the cart the price, pant, freight and limits the product page shows for the same variant', async () => {
    const detail = mapArticleDetail((await get('/articles/101')).json<RawArticleDetail>());
    const cart = mapCartVariant((await get('/variants/1011')).json<RawCartVariant>());
    const { variants: _variants, reviews: _reviews, ...shown } = detail;
    for (const key of ['price', 'originalPrice', 'pant', 'frightPrice', 'webPurchaseLimit', 'onlyCC', 'canPurchase', 'name', 'image'] as const) {
      expect(cart.article[key], key).toEqual(shown[key]);
    }
    expect(cart.variant).toEqual(detail.variants.find((v) => v.id === 1011));
  });

  it('follows the stock as it moves', async () => {
    await t().db.update(s.stock).set({ qty: 7 }).where(eq(s.stock.variantId, 1013));
    const body = (await get('/variants/1013')).json<RawCartVariant>();
    expect(body.Variant.Shops).toEqual([{ ShopID: 2, Qty: 7 }]);
    await t().db.update(s.stock).set({ qty: 2 }).where(eq(s.stock.variantId, 1013));
  });

  it.each([
    ['a hidden article', '/variants/1081', 404],
    ['an unknown variant', '/variants/999999', 404],
    ['a word', '/variants/x', 400],
    ['zero', '/variants/0', 400],
  ])('%s → %i', async (_case, url, code) => {
    expect((await get(url)).statusCode).toBe(code);
  });
});
