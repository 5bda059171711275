/** Shipping methods, promo codes and reservations (stock races included), on every test database. */
import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { RawPromocode, RawReservation, RawShippingMethod } from '@shop/contracts/types';
import * as s from '../../src/db/schema.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { ean13 } from '../support/fixtures.js';
import { makeShellTree } from '../accounts/browser.js';
import { openShopper, reservationPayload as payload } from './shoppers.js';

const DAY = 86_400_000;
const root = makeShellTree();
afterAll(() => {});


describe.each(testDatabaseKinds())('checkout on %s', (kind) => {
  const t = useTestApp(kind, { rootDir: root });
  let campaignArticleId = 0;
  let expiredCampaignArticleId = 0;
  const qty = async (variantId: number, shopId: number) =>
    (await t().db.select({ q: s.stock.qty }).from(s.stock).where(sql`${s.stock.variantId} = ${variantId} and ${s.stock.shopId} = ${shopId}`))[0]?.q;
  const count = async (table: 'reservations' | 'orders' | 'order_lines' | 'reservation_lines') =>
    (await t().db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!.n;

  it('setup: shipping methods, promo codes', async () => {
    const now = Date.now();
    await t().db.insert(s.shippingMethods).values([
      { id: 'delivery', name: 'Hjemlevering', description: 'Levering på døren', price: 19900, sort: 1 },
      { id: 'click-and-collect', name: 'Klikk & Hent i butikk', description: null, price: 0, sort: 2 },
    ]);
    await t().db.insert(s.promocodes).values([
      { name: 'VELKOMMEN', validFrom: new Date(now - DAY), validTo: new Date(now + DAY), fixed: true, amount: 10000 },
      { name: 'STAUT15', validFrom: new Date(now - DAY), validTo: new Date(now + DAY), fixed: false, amount: 15 },
      { name: 'GAMMEL', validFrom: new Date(now - 10 * DAY), validTo: new Date(now - DAY), fixed: false, amount: 25 },
      { name: 'JULEGAVE', validFrom: new Date(now + DAY), validTo: new Date(now + 10 * DAY), fixed: true, amount: 20000 },
    ]);
    const rows = await t().db.select().from(s.campaignArticles);
    campaignArticleId = rows.find((r) => r.articleId === 101 && r.price === 199900)!.id;
    expiredCampaignArticleId = rows.find((r) => r.articleId === 101 && r.price === 99900)!.id;
  });

  it('GET /shipping_methods lists the methods in order', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/api/v1/shipping_methods' });
    expect(res.statusCode).toBe(200);
    expect(res.json<RawShippingMethod[]>()).toEqual([
      { ShippingMethodID: 'delivery', Name: 'Hjemlevering', Description: 'Levering på døren', Price: 19900, PriceRule: 'cart-freight' },
      { ShippingMethodID: 'click-and-collect', Name: 'Klikk & Hent i butikk', Description: null, Price: 0, PriceRule: 'free' },
    ]);
  });

  describe('promo codes', () => {
    it('GET /promocodes lists only codes valid now', async () => {
      const res = await t().app.inject({ method: 'GET', url: '/api/v1/promocodes' });
      expect(res.json<RawPromocode[]>().map((p) => [p.name, p.fixed, p.amount])).toEqual([
        ['VELKOMMEN', 1, 10000],
        ['STAUT15', 0, 15],
      ]);
    });
    it.each([
      ['velkommen', 200, undefined],
      [' STAUT15 ', 200, undefined],
      ['FINNESIKKE', 404, 'Ukjent rabattkode'],
      ['GAMMEL', 422, 'Rabattkoden er utløpt'],
      ['JULEGAVE', 422, 'Rabattkoden er ikke gyldig ennå'],
    ])('check %s → %i', async (code, status, message) => {
      const res = await t().app.inject({ method: 'GET', url: `/api/v1/promocodes/check/${encodeURIComponent(code)}` });
      expect(res.statusCode).toBe(status);
      if (message) expect(res.json().message).toBe(message);
      else expect(res.json<RawPromocode>().name).toBe(code.trim().toUpperCase());
    });
  });

  describe('POST /reservations', () => {
    // Each shopper on its own address: the open-reservation caps are hoarding.test.ts's subject, not this file's.
    const browser = () => openShopper(() => t().app);

    it('needs the CSRF token', async () => {
      const b = await browser();
      expect((await b.send('POST', '/reservations', payload(), { csrf: false })).statusCode).toBe(419);
    });

    it.each([
      ['Phone', { Phone: '81234567' }],
      ['Email', { Email: 'kari.example.no' }],
      ['CustomerName', { CustomerName: ' ' }],
      ['PostalCode', { PostalCode: '0101' }],
      ['ShopID', { ShopID: 55 }],
      ['ShopID', { ShopID: 999 }],
      ['shipping_method_id', { shipping_method_id: 'drone' }],
      ['Delivery', { Delivery: 1, Address: 'Storgata 1' }],
      ['Address', { Delivery: 1, shipping_method_id: 'delivery', items: [{ EanNo: ean13('702011'), Count: 1, CampaignArticleID: null }] }],
      ['promocode', { promocode: 'GAMMEL' }],
    ])('rejects a bad %s with 422 and writes nothing', async (field, patch) => {
      const b = await browser();
      const before = await qty(1011, 1);
      const res = await b.post('/reservations', payload(patch));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
      expect(await qty(1011, 1)).toBe(before);
    });

    it('rejects an empty cart with 400', async () => {
      const b = await browser();
      expect((await b.post('/reservations', payload({ items: [] }))).statusCode).toBe(400);
    });

    it.each([
      ['unknown EAN', ean13('799999'), 1, 'click-and-collect', 'Varen finnes ikke'],
      ['hidden article', ean13('701081'), 1, 'click-and-collect', 'Varen finnes ikke'],
      ['not purchasable on web', ean13('703011'), 1, 'click-and-collect', 'Varen kan ikke kjøpes på nett'],
      ['above webPurchaseLimit', ean13('701011'), 11, 'click-and-collect', 'Du kan kjøpe høyst 10 stk. av denne varen'],
    ])('answers cartErrors for %s', async (_n, ean, countOf, method, message) => {
      const b = await browser();
      const res = await b.post('/reservations', payload({ items: [{ EanNo: ean, Count: countOf, CampaignArticleID: null }], shipping_method_id: method }));
      expect(res.statusCode).toBe(422);
      expect(res.json().cartErrors).toEqual([{ eanNo: ean, message }]);
    });

    it('onlyCC lines cannot be sent home', async () => {
      await t().db.update(s.articles).set({ purchasableOnWeb: true }).where(eq(s.articles.id, 301));
      const b = await browser();
      const ean = ean13('703011');
      const res = await b.post('/reservations', payload({
        Delivery: 1, shipping_method_id: 'delivery', Address: 'Storgata 1', items: [{ EanNo: ean, Count: 1, CampaignArticleID: null }],
      }));
      expect(res.statusCode).toBe(422);
      expect(res.json().cartErrors).toEqual([{ eanNo: ean, message: 'Varen kan bare hentes i butikk (Klikk & Hent)' }]);
      await t().db.update(s.articles).set({ purchasableOnWeb: false }).where(eq(s.articles.id, 301));
    });

    it('click-and-collect: prices from the database, active campaign only, stock taken from the shop, order written', async () => {
      const b = await browser();
      const before = await qty(1011, 1);
      const res = await b.post('/reservations', {
        ...payload({ items: [{ EanNo: ean13('701011'), Count: 1, CampaignArticleID: campaignArticleId }] }),
        // Tampering: a price in the payload is ignored (and stripped by the schema).
        Price: 1,
      });
      expect(res.statusCode).toBe(201);
      const r = res.json<RawReservation>();
      expect(r).toMatchObject({ ShopID: 1, Delivery: 0, CustomerID: null, StatusID: 1, Total: 199900, PostalCode: '0150' });
      expect(r.Articles).toEqual([
        expect.objectContaining({ EanNo: ean13('701011'), ArticleID: 101, Count: 1, Price: 199900, SizeName: 'S', ColorName: 'Marine' }),
      ]);
      expect(await qty(1011, 1)).toBe(before! - 1);
      const [order] = await t().db.select().from(s.orders).where(eq(s.orders.reservationId, r.ReservationID));
      expect(order).toMatchObject({ vatPercentage: 25, total: 199900 });
      const lines = await t().db.select().from(s.orderLines).where(eq(s.orderLines.orderId, order!.id));
      expect(lines.map((l) => [l.ean, l.count, l.price])).toEqual([[ean13('701011'), 1, 199900]]);
    });

    it('refuses an ended campaign or one of another article with the price now (409), taking nothing', async () => {
      await t().db.update(s.stock).set({ qty: 10 }).where(sql`${s.stock.variantId} = 1011 and ${s.stock.shopId} = 1`);
      const b = await browser();
      const other = (await t().db.select().from(s.campaignArticles).where(eq(s.campaignArticles.articleId, 103)))[0]!.id;
      // What article 101 costs now: its running campaign (the expired one was cheaper, article 103's cheaper still).
      const now = { eanNo: ean13('701011'), message: 'Kampanjeprisen gjelder ikke lenger. Prisen er nå 1\u00a0999,00\u00a0kr.', price: 199900 };
      for (const named of [expiredCampaignArticleId, other]) {
        const res = await b.post('/reservations', payload({ items: [{ EanNo: ean13('701011'), Count: 1, CampaignArticleID: named }] }));
        expect(res.statusCode).toBe(409);
        expect(res.json().cartErrors).toEqual([now]);
        expect(await qty(1011, 1)).toBe(10);
      }
    });

    it('home delivery: web stock 55 first, shipping price, promo code, linked to the logged-in customer', async () => {
      const b = await browser();
      // Log the session in directly (the login route is another helper's): same row the login would write.
      const sid = b.cookie!.slice('sid='.length);
      const { hashSessionId } = await import('../../src/server/session.js');
      await t().db.update(s.sessions).set({ customerId: t().fixtures.customerId }).where(eq(s.sessions.id, hashSessionId(sid)));
      const before55 = await qty(1011, 55);
      const res = await b.post('/reservations', payload({
        Delivery: 1, shipping_method_id: 'delivery', Address: 'Storgata 1', ShopID: 0, promocode: 'staut15',
        items: [{ EanNo: ean13('701011'), Count: 2, CampaignArticleID: campaignArticleId }],
      }));
      expect(res.statusCode).toBe(201);
      const r = res.json<RawReservation>();
      // 2 × 1999,00 = 3998,00; 15 % = 599,70; + 99,00 freight (article 101 has no fright_price: the default 9900,
      // not the delivery method's 199,00).
      expect(r).toMatchObject({ ShopID: 55, Delivery: 1, CustomerID: t().fixtures.customerId, Total: 399800 - 59970 + 9900 });
      expect(await qty(1011, 55)).toBe(before55! - 2);
    });

    it('home delivery costs the highest fright_price of the lines (from the database), not the method price', async () => {
      await t().db.update(s.articles).set({ frightPrice: 14900 }).where(eq(s.articles.id, 201));
      const listPrice = async (id: number) => (await t().db.select({ p: s.articles.price }).from(s.articles).where(eq(s.articles.id, id)))[0]!.p;
      // Article 101 runs a campaign (1999,00 kr): a line naming none is charged what the catalogue shows (ADR 0019).
      const goods = 199900 + 2 * (await listPrice(201));
      const b = await browser();
      const res = await b.post('/reservations', {
        ...payload({
          Delivery: 1, shipping_method_id: 'delivery', Address: 'Storgata 1', ShopID: 0,
          items: [{ EanNo: ean13('701011'), Count: 1, CampaignArticleID: null }, { EanNo: ean13('702011'), Count: 2, CampaignArticleID: null }],
        }),
        // Tampering: a shipping price in the payload is ignored (and stripped by the schema).
        shippingPrice: 0,
        shipping: 0,
      });
      await t().db.update(s.articles).set({ frightPrice: null }).where(eq(s.articles.id, 201));
      expect(res.statusCode).toBe(201);
      const r = res.json<RawReservation>();
      // max(9900 default of article 101, 14900 of article 201) — once per order, not per line or unit.
      const total = goods + 14900;
      expect(r.Total).toBe(total);
      const [row] = await t().db.select().from(s.reservations).where(eq(s.reservations.id, r.ReservationID));
      expect(row).toMatchObject({ shippingPrice: 14900, total, discount: 0 });
      const [order] = await t().db.select().from(s.orders).where(eq(s.orders.reservationId, r.ReservationID));
      expect(order).toMatchObject({ total });
    });

    it('home delivery falls back to a physical shop when the web stock is short; sold out → 409, nothing written', async () => {
      const b = await browser();
      const ean = ean13('701013'); // 2 units in shop 2 only
      const home = { Delivery: 1, shipping_method_id: 'delivery', Address: 'Storgata 1', ShopID: 0 };
      const ok = await b.post('/reservations', payload({ ...home, items: [{ EanNo: ean, Count: 2, CampaignArticleID: null }] }));
      expect(ok.statusCode).toBe(201);
      expect(await qty(1013, 2)).toBe(0);
      const counts = [await count('reservations'), await count('orders'), await count('reservation_lines')];
      const before = await qty(1011, 55);
      const sold = await b.post('/reservations', payload({
        ...home,
        items: [{ EanNo: ean13('701011'), Count: 1, CampaignArticleID: null }, { EanNo: ean, Count: 1, CampaignArticleID: null }],
      }));
      expect(sold.statusCode).toBe(409);
      expect(sold.json().cartErrors).toEqual([{ eanNo: ean, message: 'Varen er dessverre utsolgt' }]);
      // The first line's decrement was rolled back with the rest.
      expect(await qty(1011, 55)).toBe(before);
      expect([await count('reservations'), await count('orders'), await count('reservation_lines')]).toEqual(counts);
    });

    it('50 shoppers reserving the last 3 units at once: exactly 3 succeed, stock never negative', async () => {
      await t().db.insert(s.variants).values({ id: 1099, articleId: 101, ean: ean13('701099'), sizeId: 3, colorId: 1 });
      await t().db.insert(s.stock).values({ variantId: 1099, shopId: 1, qty: 3 });
      // Fifty shoppers, not one session fifty times: one session is stopped at its cap of open reservations first.
      const shoppers = await Promise.all(Array.from({ length: 50 }, () => browser()));
      const body = payload({ items: [{ EanNo: ean13('701099'), Count: 1, CampaignArticleID: null }] });
      const results = await Promise.all(shoppers.map((b) => b.post('/reservations', body)));
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((st) => st === 201)).toHaveLength(3);
      expect(statuses.filter((st) => st === 409)).toHaveLength(47);
      expect(await qty(1099, 1)).toBe(0);
      const lines = await t().db.select().from(s.reservationLines).where(eq(s.reservationLines.variantId, 1099));
      expect(lines.reduce((n, l) => n + l.count, 0)).toBe(3);
    });
  });
});
