/**
 * Payments end to end over real HTTP (app.listen on port 0): the shop's adapters talk to the provider stand-ins,
 * which behave like the real services (Klarna pushes later, with a JSON content type and an empty body; Qliro shows
 * no items and total 0 while InProcess and refuses a repeated MerchantReference; VatRate is a percentage).
 * On every test database.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { RawPaymentOrder } from '@shop/contracts/types';
import * as s from '../../src/db/schema.js';
import { paymentTexts } from '../../src/payments/texts.js';
import { ProviderError } from '../../src/payments/types.js';
import { providerFailure } from '../../src/routes/payments/index.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { makeShellTree } from '../accounts/browser.js';
import { basicStandIn, HttpBrowser, openPaymentsShop, pay, paymentsOf, paymentTestEnv, reserve, stateOf, waitFor } from './support.js';

const root = makeShellTree();
paymentTestEnv(300);

describe.each(testDatabaseKinds())('payments on %s', (kind) => {
  const t = useTestApp(kind, { rootDir: root });
  let origin = '';
  beforeAll(async () => {
    origin = await openPaymentsShop(t());
  });
  const state = (id: number) => stateOf(t(), id);

  it('Klarna: create, forged push ignored, pay, the later push marks paid + acknowledged, replays change nothing', async () => {
    const b = await new HttpBrowser(origin).open();
    const r = await reserve(b, true);
    // Article 101's unit price is its running campaign's (the catalogue's price, charged for a line naming no campaign:
    // docs/adr/0019), not its list price.
    const [{ price }] = (await t()
      .db.select({ price: s.campaignArticles.price })
      .from(s.campaignArticles)
      .where(and(eq(s.campaignArticles.articleId, 101), eq(s.campaignArticles.campaignId, t().fixtures.activeCampaignId)))) as [{ price: number }];
    // Two units, 15 % off the goods, plus freight: the discount and shipping lines go to Klarna too. The freight is
    // the cart's (article 101 has no fright_price: the default 9900), not the delivery method's 19900.
    const freight = 9900;
    expect(r.Total).toBe(Math.round(2 * price * 0.85) + freight);

    expect((await b.send('POST', '/payments/klarna/orders', { reservationId: r.ReservationID }, false)).status).toBe(419);
    const created = await b.send('POST', '/payments/klarna/orders', { reservationId: r.ReservationID });
    expect(created.status).toBe(201);
    const order = created.json as RawPaymentOrder;
    expect(order).toMatchObject({ Provider: 'klarna', ReservationID: r.ReservationID, ShopID: 55, Status: 'pending', Amount: r.Total });
    expect(order.HtmlSnippet).toContain('<iframe');
    // Klarna is asked for exactly that freight as its shipping_fee line, with a unique reference leading back here.
    const atKlarna = (await (await fetch(`${origin}/stand-in/klarna/checkout/v3/orders/${order.OrderID}`, { headers: { authorization: basicStandIn } })).json()) as {
      order_lines: Array<{ type: string; total_amount: number }>;
      merchant_reference1: string;
      merchant_reference2: string;
      merchant_urls: Record<string, string>;
    };
    expect(atKlarna.order_lines.filter((l) => l.type === 'shipping_fee').map((l) => l.total_amount)).toEqual([freight]);
    expect(atKlarna.merchant_reference1).toMatch(new RegExp(`^${r.ReservationID}-[0-9a-f]{6}$`));
    expect(atKlarna.merchant_reference2).toBe(String(r.ReservationID));
    expect(atKlarna.merchant_urls.validation).toContain('/api/v1/payments/klarna/validate?klarna_order_id=');

    // A reload or a second tab gets the same checkout.
    expect((await b.send('POST', '/payments/klarna/orders', { reservationId: r.ReservationID })).json.OrderID).toBe(order.OrderID);

    // Another session cannot start or read it.
    const stranger = await new HttpBrowser(origin).open();
    expect((await stranger.send('POST', '/payments/klarna/orders', { reservationId: r.ReservationID })).status).toBe(404);
    expect((await stranger.send('GET', `/payments/klarna/orders/${order.OrderID}`)).status).toBe(404);

    // A forged push (no cookie, no token; Klarna's JSON content type with an empty body) for the unpaid order:
    // answered 200 at once, but nothing is marked paid.
    const forged = await fetch(`${origin}/api/v1/payments/klarna/push?klarna_order_id=${order.OrderID}`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(forged.status).toBe(200);
    await paymentsOf(t()).idle();
    expect(await state(r.ReservationID)).toMatchObject({ reservation: 1, order: 'created', payments: [expect.objectContaining({ status: 'pending', acknowledgedAt: null })] });

    const paid = await pay(origin, order.HtmlSnippet);
    expect(paid.status).toBe(303);
    expect(paid.location).toContain(`order_id=${order.OrderID}`);
    // Klarna pushes later: right after "Betal" nothing is marked yet; the browser never came back, the push alone does it.
    expect((await state(r.ReservationID)).reservation).toBe(1);
    const after = await waitFor(() => state(r.ReservationID), (v) => v.payments[0]!.acknowledgedAt !== null);
    expect(after).toMatchObject({ reservation: 3, order: 'paid' });
    expect(after.payments[0]).toMatchObject({ status: 'paid', authorizedAmount: r.Total });

    for (let i = 0; i < 3; i++) {
      const push = await fetch(`${origin}/api/v1/payments/klarna/push?klarna_order_id=${order.OrderID}`, { method: 'POST', headers: { 'content-type': 'application/json' } });
      expect(push.status).toBe(200);
    }
    await paymentsOf(t()).idle();
    expect(await state(r.ReservationID)).toEqual(after);

    const status = await b.send('GET', `/payments/klarna/orders/${order.OrderID}`);
    expect(status.json).toMatchObject({ Status: 'paid', Amount: r.Total });
    expect(await state(r.ReservationID)).toEqual(after);
    const again = await b.send('POST', '/payments/klarna/orders', { reservationId: r.ReservationID });
    expect(again).toEqual({ status: 409, json: expect.objectContaining({ message: paymentTexts.alreadyPaid }) });
  });

  it('Qliro: the open order is reused by id while Qliro shows no amount, pay, push answered at once, replays change nothing', async () => {
    const b = await new HttpBrowser(origin).open();
    const r = await reserve(b, false);
    const first = (await b.send('POST', '/payments/qliro/orders', { reservationId: r.ReservationID })).json as RawPaymentOrder;
    expect(first).toMatchObject({ Provider: 'qliro', ShopID: 1, Status: 'pending', Amount: r.Total });
    // Qliro reports OrderItems [] and TotalPrice 0 while InProcess: the shop still reuses the order (a new one would
    // repeat the MerchantReference, which Qliro refuses).
    const token = (await import('../../src/payments/qliro.js')).qliroToken('', 'standin-secret');
    const atQliro = (await (await fetch(`${origin}/stand-in/qliro/checkout/merchantapi/orders/${first.OrderID}`, { headers: { authorization: `Qliro ${token}` } })).json()) as Record<string, unknown>;
    expect(atQliro).toMatchObject({ CustomerCheckoutStatus: 'InProcess', TotalPrice: 0, OrderItems: [] });
    expect(atQliro.MerchantReference).toMatch(new RegExp(`^${r.ReservationID}-[0-9a-f]{6}$`));
    const again = (await b.send('POST', '/payments/qliro/orders', { reservationId: r.ReservationID })).json as RawPaymentOrder;
    expect(again.OrderID).toBe(first.OrderID);
    expect((await state(r.ReservationID)).payments).toHaveLength(1);

    const push = (body: unknown) =>
      fetch(`${origin}/api/v1/payments/qliro/push`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const forged = await push({ OrderId: Number(first.OrderID), MerchantReference: String(r.ReservationID), Status: 'Completed' });
    expect(await forged.json()).toEqual({ CallbackResponse: 'received' });
    await paymentsOf(t()).idle();
    expect(await state(r.ReservationID)).toMatchObject({ reservation: 1, order: 'created', payments: [expect.objectContaining({ status: 'pending' })] });

    await pay(origin, first.HtmlSnippet);
    await waitFor(() => state(r.ReservationID), (v) => v.reservation === 3 && v.payments[0]!.acknowledgedAt !== null);
    await paymentsOf(t()).idle();
    const paid = await state(r.ReservationID);
    expect(paid).toMatchObject({ reservation: 3, order: 'paid', payments: [expect.objectContaining({ status: 'paid', authorizedAmount: r.Total })] });
    const replay = await push({ OrderId: Number(first.OrderID), Status: 'Completed' });
    expect(await replay.json()).toEqual({ CallbackResponse: 'received' });
    await paymentsOf(t()).idle();
    expect(await state(r.ReservationID)).toEqual(paid);
    expect((await b.send('GET', `/payments/qliro/orders/${first.OrderID}`)).json).toMatchObject({ Status: 'paid' });
  });

  it('pushes take an empty body with any content type and answer before the provider is asked', async () => {
    for (const headers of [{} as Record<string, string>, { 'content-type': 'application/json' }, { 'content-type': 'text/plain' }, { 'content-type': 'application/x-www-form-urlencoded' }]) {
      const k = await fetch(`${origin}/api/v1/payments/klarna/push?klarna_order_id=ukjent`, { method: 'POST', headers });
      expect(k.status).toBe(200);
      const q = await fetch(`${origin}/api/v1/payments/qliro/push`, { method: 'POST', headers });
      expect(await q.json()).toEqual({ CallbackResponse: 'received' });
    }
    const broken = await fetch(`${origin}/api/v1/payments/qliro/push`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"OrderId":' });
    expect(await broken.json()).toEqual({ CallbackResponse: 'received' });
    // The provider is asked only after the answer: a Klarna push for a known order is answered while Klarna is down.
    const b = await new HttpBrowser(origin).open();
    const r = await reserve(b, true, 1, false);
    const order = (await b.send('POST', '/payments/klarna/orders', { reservationId: r.ReservationID })).json as RawPaymentOrder;
    await fetch(`${origin}/stand-in/klarna/_control/fail`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 503, times: 1 }) });
    const started = Date.now();
    const res = await fetch(`${origin}/api/v1/payments/klarna/push?klarna_order_id=${order.OrderID}`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
    await paymentsOf(t()).idle();
  });

  it('provider outages, refused credentials and refused input get distinct Norwegian messages', async () => {
    const b = await new HttpBrowser(origin).open();
    const r = await reserve(b, true, 1, false);
    const fail = (body: unknown) => fetch(`${origin}/stand-in/klarna/_control/fail`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const cases: Array<[unknown, number, string]> = [
      [{ status: 503, times: 1 }, 503, paymentTexts.providerDown],
      [{ status: 401, times: 1, code: 'UNAUTHORIZED' }, 502, paymentTexts.providerAuth],
      [{ status: 400, times: 1, code: 'BAD_VALUE' }, 502, paymentTexts.providerRejected],
    ];
    for (const [failure, status, message] of cases) {
      await fail(failure);
      const res = await b.send('POST', '/payments/klarna/orders', { reservationId: r.ReservationID });
      expect(res, JSON.stringify(failure)).toEqual({ status, json: expect.objectContaining({ message }) });
    }
    expect(new Set(cases.map((c) => c[2])).size).toBe(3);
    // Nothing was left half-made: the next try creates the one checkout.
    expect((await b.send('POST', '/payments/klarna/orders', { reservationId: r.ReservationID })).status).toBe(201);
    expect((await stateOf(t(), r.ReservationID)).payments).toEqual([expect.objectContaining({ status: 'pending' })]);
  });

  it('the stand-ins refuse bad credentials and amounts that break Klarna rules', async () => {
    const bad = await fetch(`${origin}/stand-in/klarna/checkout/v3/orders`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('x:y').toString('base64')}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(bad.status).toBe(401);
    const wrong = await fetch(`${origin}/stand-in/klarna/checkout/v3/orders`, {
      method: 'POST',
      headers: { authorization: basicStandIn, 'content-type': 'application/json' },
      body: JSON.stringify({
        purchase_currency: 'NOK', order_amount: 100, order_tax_amount: 0, merchant_urls: { push: 'x', confirmation: 'y' },
        order_lines: [{ quantity: 1, unit_price: 100, total_amount: 100, total_discount_amount: 0, tax_rate: 2500, total_tax_amount: 0 }],
      }),
    });
    expect(wrong.status).toBe(400);
    const body = (await wrong.json()) as { error_messages: string[]; correlation_id: string };
    expect(body.error_messages).toEqual(['order_lines[0].total_tax_amount']);
    expect(body.correlation_id).toMatch(/^[0-9a-f-]{36}$/);
    const qliro = await fetch(`${origin}/stand-in/qliro/checkout/merchantapi/orders/1`, { headers: { authorization: 'Qliro nope' } });
    expect(qliro.status).toBe(401);
    expect(Object.keys((await qliro.json()) as object).sort()).toEqual(['DetailedErrorMessage', 'ErrorCode', 'ErrorMessage', 'ErrorReference']);
  });
});

describe('providerFailure', () => {
  it.each([
    ['outage', 503, 'warn', paymentTexts.providerDown],
    ['auth', 502, 'error', paymentTexts.providerAuth],
    ['rejected', 502, 'error', paymentTexts.providerRejected],
  ] as const)('%s → %i, logged at %s with the correlation id', (kind, status, level, message) => {
    const logged: Array<[string, Record<string, unknown>]> = [];
    const app = { log: { warn: (o: Record<string, unknown>) => logged.push(['warn', o]), error: (o: Record<string, unknown>) => logged.push(['error', o]) } };
    const error = new ProviderError('qliro', 400, 'qliro answered', kind, 'SOME_CODE', 'corr-123');
    const http = providerFailure(app as never, error);
    expect({ status: http.statusCode, message: http.message }).toEqual({ status, message });
    expect(logged).toEqual([[level, expect.objectContaining({ provider: 'qliro', code: 'SOME_CODE', correlationId: 'corr-123' })]]);
  });
});
