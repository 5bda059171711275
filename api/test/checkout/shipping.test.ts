/**
 * One truth about shipping (ADR 0002 and its follow-up): GET /shipping_methods names each method's price rule, and
 * with `?articles=` answers what this cart pays — the very figure the reservation then stores and charges.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { RawReservation, RawShippingMethod } from '@shop/contracts/types';
import * as s from '../../src/db/schema.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { ean13 } from '../support/fixtures.js';
import { makeShellTree } from '../accounts/browser.js';
import { insertShippingMethods, openShopper, reservationPayload as payload } from './shoppers.js';

const root = makeShellTree();
const home = { Delivery: 1, shipping_method_id: 'delivery', Address: 'Storgata 1', ShopID: 0 };

describe.each(testDatabaseKinds())('shipping prices on %s', (kind) => {
  const t = useTestApp(kind, { rootDir: root });
  const methods = async (query = '') => {
    const res = await t().app.inject({ method: 'GET', url: `/api/v1/shipping_methods${query}` });
    expect(res.statusCode).toBe(200);
    return Object.fromEntries(res.json<RawShippingMethod[]>().map((m) => [m.ShippingMethodID, [m.Price, m.PriceRule]]));
  };

  it('setup: the methods; article 201 has its own freight 149,00, 101 none (the default 99,00)', async () => {
    await insertShippingMethods(t());
    await t().db.update(s.articles).set({ frightPrice: 14900 }).where(eq(s.articles.id, 201));
  });

  it.each([
    ['no cart: the stored prices, each with its rule', '', { delivery: [19900, 'cart-freight'], 'click-and-collect': [0, 'free'] }],
    ['an article without its own freight: the default', '?articles=101', { delivery: [9900, 'cart-freight'], 'click-and-collect': [0, 'free'] }],
    ['the highest freight of the cart, not the sum', '?articles=101,201', { delivery: [14900, 'cart-freight'], 'click-and-collect': [0, 'free'] }],
    ['an article twice counts once', '?articles=201,201', { delivery: [14900, 'cart-freight'], 'click-and-collect': [0, 'free'] }],
    ['a hidden article does not count', '?articles=101,108', { delivery: [9900, 'cart-freight'], 'click-and-collect': [0, 'free'] }],
  ])('%s', async (_n, query, expected) => {
    expect(await methods(query)).toEqual(expected);
  });

  it.each([['?articles='], ['?articles=1,,2'], ['?articles=abc'], [`?articles=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`]])(
    '400 for %s',
    async (query) => {
      expect((await t().app.inject({ method: 'GET', url: `/api/v1/shipping_methods${query}` })).statusCode).toBe(400);
    },
  );

  it('the reservation stores and charges exactly the price the API quoted for the cart', async () => {
    const [quoted] = Object.values(await methods('?articles=101,201'));
    const b = await openShopper(() => t().app);
    const res = await b.post('/reservations', payload({
      ...home,
      items: [{ EanNo: ean13('701011'), Count: 1, CampaignArticleID: null }, { EanNo: ean13('702011'), Count: 1, CampaignArticleID: null }],
    }));
    expect(res.statusCode).toBe(201);
    const r = res.json<RawReservation>();
    const [row] = await t().db.select().from(s.reservations).where(eq(s.reservations.id, r.ReservationID));
    expect(row!.shippingPrice).toBe(quoted![0]);
    const goods = r.Articles.reduce((sum, line) => sum + line.Price * line.Count, 0);
    expect(r.Total).toBe(goods + (quoted![0] as number));
  });

  it('click-and-collect: quoted free, stored free', async () => {
    const quoted = (await methods('?articles=101'))['click-and-collect']![0];
    const b = await openShopper(() => t().app);
    const res = await b.post('/reservations', payload());
    expect(res.statusCode).toBe(201);
    const [row] = await t().db.select().from(s.reservations).where(eq(s.reservations.id, res.json<RawReservation>().ReservationID));
    expect([quoted, row!.shippingPrice]).toEqual([0, 0]);
  });
});
