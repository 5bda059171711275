/**
 * The cart limit on the server (SPEC §4 cart add; docs/shop-rules.md): the API lists a variant's shops most units
 * first, so the cart's "first shop" is the shop that can serve the largest line, and a reservation asking for more
 * than that is refused with the count there is — the same ceiling and the same reason the cart gives.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { RawArticleAvailability } from '@shop/contracts/types';
import * as s from '../../src/db/schema.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { ean13 } from '../support/fixtures.js';
import { makeShellTree } from '../accounts/browser.js';
import { insertShippingMethods, openShopper, reservationPayload as payload } from './shoppers.js';

const root = makeShellTree();
const home = { Delivery: 1, shipping_method_id: 'delivery', Address: 'Storgata 1', ShopID: 0 };

describe.each(testDatabaseKinds())('cart limit on %s', (kind) => {
  const t = useTestApp(kind, { rootDir: root });
  const shopsOf = async (variantId: number) => {
    const res = await t().app.inject({ method: 'GET', url: '/api/v1/articles/availability/101' });
    return res.json<RawArticleAvailability>().Variants.find((v) => v.VariantID === variantId)!.Shops;
  };
  const qty = async (variantId: number, shopId: number) =>
    (await t().db.select({ q: s.stock.qty }).from(s.stock).where(and(eq(s.stock.variantId, variantId), eq(s.stock.shopId, shopId))))[0]!.q;

  it('setup: a variant held 2 in shop 1, 4 in shop 2 and 4 in the web stock', async () => {
    await insertShippingMethods(t());
    await t().db.insert(s.variants).values({ id: 1095, articleId: 101, ean: ean13('701095'), sizeId: 3, colorId: 1 });
    await t().db.insert(s.stock).values([
      { variantId: 1095, shopId: 1, qty: 2 },
      { variantId: 1095, shopId: 2, qty: 4 },
      { variantId: 1095, shopId: 55, qty: 4 },
    ]);
  });

  it('lists the shops most units first, the web stock first among equals, then by id', async () => {
    expect(await shopsOf(1095)).toEqual([
      { ShopID: 55, Qty: 4 },
      { ShopID: 2, Qty: 4 },
      { ShopID: 1, Qty: 2 },
    ]);
    // The article page carries the same list.
    const detail = (await t().app.inject({ method: 'GET', url: '/api/v1/articles/101' })).json<RawArticleAvailability>();
    expect(detail.Variants.find((v) => v.VariantID === 1095)!.Shops[0]).toEqual({ ShopID: 55, Qty: 4 });
  });

  it('home delivery: one more than the first shop holds is refused with the count there is, nothing taken', async () => {
    const first = (await shopsOf(1095))[0]!.Qty;
    const b = await openShopper(() => t().app);
    const res = await b.post('/reservations', payload({ ...home, items: [{ EanNo: ean13('701095'), Count: first + 1, CampaignArticleID: null }] }));
    expect(res.statusCode).toBe(409);
    expect(res.json().cartErrors).toEqual([{ eanNo: ean13('701095'), message: `Det er bare ${first} stk. på lager av denne varen` }]);
    expect([await qty(1095, 55), await qty(1095, 2), await qty(1095, 1)]).toEqual([4, 4, 2]);
  });

  it('home delivery: exactly the first shop\'s stock is taken from that shop', async () => {
    const b = await openShopper(() => t().app);
    const res = await b.post('/reservations', payload({ ...home, items: [{ EanNo: ean13('701095'), Count: 4, CampaignArticleID: null }] }));
    expect(res.statusCode).toBe(201);
    expect(await qty(1095, 55)).toBe(0);
    // Now shop 2 is first (4 units): the next line of 4 can still be served, 5 cannot.
    expect((await shopsOf(1095))[0]).toEqual({ ShopID: 2, Qty: 4 });
  });

  it('click-and-collect names what the chosen shop holds', async () => {
    const b = await openShopper(() => t().app);
    const res = await b.post('/reservations', payload({ ShopID: 1, items: [{ EanNo: ean13('701095'), Count: 3, CampaignArticleID: null }] }));
    expect(res.statusCode).toBe(409);
    expect(res.json().cartErrors).toEqual([{ eanNo: ean13('701095'), message: 'Butikken har bare 2 stk. av denne varen' }]);
    expect(await qty(1095, 1)).toBe(2);
  });

  it('two tabs each asking for the first shop\'s whole stock: one gets it, the other is told what is left', async () => {
    const [a, b] = await Promise.all([openShopper(() => t().app), openShopper(() => t().app)]);
    const body = payload({ ...home, items: [{ EanNo: ean13('701095'), Count: 4, CampaignArticleID: null }] });
    const results = await Promise.all([a.post('/reservations', body), b.post('/reservations', body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(refused.json().cartErrors).toEqual([{ eanNo: ean13('701095'), message: 'Det er bare 2 stk. på lager av denne varen' }]);
    expect(await qty(1095, 2)).toBe(0);
  });
});
