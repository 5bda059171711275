/**
 * A campaign price the cart shows is the price charged (docs/adr/0019), on every test database: the cart's reading of
 * a variant (GET /variants/{id}, mapped as the cart maps it) names the campaign its price comes from; a reservation
 * line naming it is charged that price, and the answer, the stored lines, the customer's history and the confirmation
 * e-mail all show it. A campaign that ended between the add and the checkout is refused with the price now (409,
 * nothing written); a line naming no campaign is charged what the catalogue shows.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { formatMoney } from '@shop/contracts/format';
import { mapCartVariant, pricingCampaign } from '@shop/contracts/mappers';
import type { RawCartVariant, RawCustomerOrder, RawPaginated, RawReservation } from '@shop/contracts/types';
import * as s from '../../src/db/schema.js';
import { orderMailData } from '../../src/fulfilment/records.js';
import { orderMail } from '../../src/fulfilment/mail.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { ean13 } from '../support/fixtures.js';
import { makeShellTree } from '../accounts/browser.js';
import { insertShippingMethods, logIn, openShopper, reservationPayload } from './shoppers.js';

const DAY = 86_400_000;
const root = makeShellTree();
// Article 201 "Løpesko Fart": list price 1 499,00 kr, variant 2011 with 9 units in the web stock (shop 55).
const VARIANT = 2011;
const EAN = ean13('702011');
const LIST = 149900;
const CAMPAIGN = 119900;
const FREIGHT = 9900;

describe.each(testDatabaseKinds())('campaign prices at checkout on %s', (kind) => {
  const t = useTestApp(kind, { rootDir: root });
  const shopper = () => openShopper(() => t().app);
  let campaignId = 0;
  let campaignArticleId = 0;
  const home = { Delivery: 1, shipping_method_id: 'delivery', Address: 'Storgata 1', ShopID: 0 };
  const webStock = async () =>
    (await t().db.select({ q: s.stock.qty }).from(s.stock).where(and(eq(s.stock.variantId, VARIANT), eq(s.stock.shopId, 55))))[0]!.q;
  const reservationCount = async () => (await t().db.execute<{ n: number }>(sql`select count(*)::int as n from reservations`)).rows[0]!.n;
  /** What the cart stores for the variant now: its price and the campaign it names (as mf-cart-checkout's cartLineFor). */
  const cartReading = async () => {
    const res = await (await shopper()).get(`/variants/${VARIANT}`);
    expect(res.statusCode).toBe(200);
    const { article } = mapCartVariant(res.json<RawCartVariant>());
    return { price: article.price, campaignArticleId: pricingCampaign(article)?.campaignArticleId ?? null };
  };

  it('setup: shipping methods and a running campaign for article 201', async () => {
    await insertShippingMethods(t());
    const now = Date.now();
    const [campaign] = await t()
      .db.insert(s.campaigns)
      .values({ name: 'Løpevår', startsAt: new Date(now - DAY), endsAt: new Date(now + DAY), labelType: 'price' })
      .returning({ id: s.campaigns.id });
    campaignId = campaign!.id;
    const [row] = await t()
      .db.insert(s.campaignArticles)
      .values({ campaignId, articleId: 201, price: CAMPAIGN })
      .returning({ id: s.campaignArticles.id });
    campaignArticleId = row!.id;
  });

  it('a line naming its running campaign is charged the campaign price; answer, stored lines, history and e-mail agree', async () => {
    // The cart's reading: the campaign price, and the campaign it comes from.
    expect(await cartReading()).toEqual({ price: CAMPAIGN, campaignArticleId });
    const b = await shopper();
    await logIn(t(), b, t().fixtures.customerId);
    const res = await b.post('/reservations', reservationPayload({ ...home, items: [{ EanNo: EAN, Count: 2, CampaignArticleID: campaignArticleId }] }));
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json<RawReservation>();
    expect(r.Articles.map((a) => [a.EanNo, a.Count, a.Price])).toEqual([[EAN, 2, CAMPAIGN]]);
    expect(r.Total).toBe(2 * CAMPAIGN + FREIGHT);

    const [line] = await t().db.select().from(s.reservationLines).where(eq(s.reservationLines.reservationId, r.ReservationID));
    expect([line!.price, line!.campaignArticleId]).toEqual([CAMPAIGN, campaignArticleId]);

    const history = await b.get('/customers/current/reservations?page=1');
    const shown = history.json<RawPaginated<RawReservation>>().data.find((h) => h.ReservationID === r.ReservationID)!;
    expect([shown.Total, shown.Articles.map((a) => a.Price)]).toEqual([r.Total, [CAMPAIGN]]);
    const orders = (await b.get('/customers/current/orders?page=1')).json<RawPaginated<RawCustomerOrder>>().data;
    expect(orders.map((o) => [o.Total, o.OrderLines.map((l) => l.Price)])).toContainEqual([r.Total, [CAMPAIGN]]);

    const mail = orderMail('confirmation', await t().db.transaction((tx) => orderMailData(tx, r.ReservationID, 'https://staut.example')));
    expect(mail.body).toContain(`2 × ${formatMoney(CAMPAIGN)}`);
    expect(mail.body).toContain(formatMoney(2 * CAMPAIGN));
    expect(mail.body).not.toContain(formatMoney(LIST));
  });

  it('a campaign that ended since the add: 409 with the price now, nothing taken; the re-read line is charged it', async () => {
    await t().db.update(s.campaigns).set({ endsAt: new Date(Date.now() - 1000) }).where(eq(s.campaigns.id, campaignId));
    const [stockBefore, reservationsBefore] = [await webStock(), await reservationCount()];
    const b = await shopper();
    const refused = await b.post('/reservations', reservationPayload({ ...home, items: [{ EanNo: EAN, Count: 1, CampaignArticleID: campaignArticleId }] }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().cartErrors).toEqual([
      { eanNo: EAN, message: `Kampanjeprisen gjelder ikke lenger. Prisen er nå ${formatMoney(LIST)}.`, price: LIST },
    ]);
    expect([await webStock(), await reservationCount()]).toEqual([stockBefore, reservationsBefore]);

    // The cart re-reads the variant: the list price, no campaign — exactly what the server named and now charges.
    const reread = await cartReading();
    expect(reread).toEqual({ price: LIST, campaignArticleId: null });
    const res = await b.post('/reservations', reservationPayload({ ...home, items: [{ EanNo: EAN, Count: 1, CampaignArticleID: reread.campaignArticleId }] }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<RawReservation>().Articles.map((a) => a.Price)).toEqual([LIST]);
  });

  it('a line naming no campaign is charged the running campaign price the catalogue shows; another article’s campaign is refused', async () => {
    // Article 101 (list 2 499,00 kr) runs the fixtures' campaign at 1 999,00 kr; article 103 runs one at 499,00 kr.
    const [ofArticle103] = await t().db.select().from(s.campaignArticles).where(eq(s.campaignArticles.articleId, 103));
    const b = await shopper();
    const cheaper = await b.post('/reservations', reservationPayload({ items: [{ EanNo: ean13('701011'), Count: 1, CampaignArticleID: ofArticle103!.id }] }));
    expect(cheaper.statusCode).toBe(409);
    expect(cheaper.json().cartErrors).toEqual([
      { eanNo: ean13('701011'), message: `Kampanjeprisen gjelder ikke lenger. Prisen er nå ${formatMoney(199900)}.`, price: 199900 },
    ]);
    const unnamed = await b.post('/reservations', reservationPayload({ items: [{ EanNo: ean13('701011'), Count: 1, CampaignArticleID: null }] }));
    expect(unnamed.statusCode, unnamed.body).toBe(201);
    expect(unnamed.json<RawReservation>().Articles.map((a) => a.Price)).toEqual([199900]);
  });
});
