/**
 * Payments end to end over real HTTP (app.listen on port 0): the shop's adapters talk to the provider stand-ins,
 * the stand-in pay page completes the payment and pushes to the shop. On every test database.
 */
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { RawPaymentOrder, RawReservation } from '@shop/contracts/types';
import * as s from '../../src/db/schema.js';
import { ConfigError } from '../../src/config.js';
import { buildApp } from '../../src/server/app.js';
import { useTestApp, type TestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { ean13 } from '../support/fixtures.js';
import { makeShellTree } from '../accounts/browser.js';

const root = makeShellTree();
const DAY = 86_400_000;

/** A cookie-and-CSRF-keeping client over real HTTP, like the shop's browser. */
class HttpBrowser {
  cookie = '';
  token = '';
  constructor(readonly origin: string) {}
  async open(): Promise<this> {
    const res = await fetch(`${this.origin}/`, { headers: { accept: 'text/html' } });
    const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (sid) this.cookie = sid.split(';')[0]!;
    this.token = /<meta name="csrf-token" content="([^"]+)">/.exec(await res.text())?.[1] ?? '';
    return this;
  }
  async send(method: string, path: string, body?: unknown, csrf = true) {
    const headers: Record<string, string> = { cookie: this.cookie, 'x-requested-with': 'XMLHttpRequest' };
    if (csrf) headers['x-csrf-token'] = this.token;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.origin}/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null };
  }
}

const iframeSrc = (snippet: string) => /<iframe src="([^"]+)"/.exec(snippet)![1]!.replace(/&#38;/g, '&');

/** Listens on a free port and adds what a reservation needs; returns the app's origin. */
async function openShop(t: () => TestApp): Promise<string> {
  await t().app.listen({ port: 0, host: '127.0.0.1' });
  const now = Date.now();
  await t().db.insert(s.shippingMethods).values([
    { id: 'delivery', name: 'Hjemlevering', price: 19900, sort: 1 },
    { id: 'click-and-collect', name: 'Klikk & Hent', price: 0, sort: 2 },
  ]);
  await t().db.insert(s.promocodes).values({ name: 'STAUT15', validFrom: new Date(now - DAY), validTo: new Date(now + DAY), fixed: false, amount: 15 });
  await t().db.update(s.stock).set({ qty: 50 }).where(sql`${s.stock.variantId} = 1011`);
  return `http://127.0.0.1:${(t().app.server.address() as AddressInfo).port}`;
}

async function reservation(b: HttpBrowser, home: boolean): Promise<RawReservation> {
  const res = await b.send('POST', '/reservations', {
    CustomerName: 'Kari Nordmann', Email: 'kari@example.no', Phone: '91234567', PostalCode: '0150', City: 'OSLO',
    ...(home
      ? { Delivery: 1, Address: 'Storgata 1', ShopID: 0, shipping_method_id: 'delivery', promocode: 'STAUT15' }
      : { Delivery: 0, Address: '', ShopID: 1, shipping_method_id: 'click-and-collect' }),
    items: [{ EanNo: ean13('701011'), Count: 2, CampaignArticleID: null }],
  });
  expect(res.status).toBe(201);
  return res.json as RawReservation;
}

const klarnaOrderAtStandIn = async (origin: string, orderId: string) => {
  const res = await fetch(`${origin}/stand-in/klarna/checkout/v3/orders/${orderId}`, {
    headers: { authorization: `Basic ${Buffer.from('standin:standin').toString('base64')}` },
  });
  return (await res.json()) as { merchant_urls: Record<string, string> };
};

describe.each(testDatabaseKinds())('payments on %s', (kind) => {
  const t = useTestApp(kind, { rootDir: root });
  let origin = '';
  beforeAll(async () => {
    origin = await openShop(t);
  });
  const stateOf = async (reservationId: number) => {
    const [r] = await t().db.select({ status: s.reservations.statusId }).from(s.reservations).where(eq(s.reservations.id, reservationId));
    const [o] = await t().db.select({ status: s.orders.status }).from(s.orders).where(eq(s.orders.reservationId, reservationId));
    const payments = await t().db.select().from(s.paymentOrders).where(eq(s.paymentOrders.reservationId, reservationId));
    return { reservation: r!.status, order: o!.status, payments };
  };
  /** The shopper presses "Betal" on the stand-in page and then closes the browser (the redirect is not followed). */
  const pay = async (snippet: string) => {
    const page = await fetch(new URL(iframeSrc(snippet), origin));
    const html = await page.text();
    expect(html).toContain('Betal ');
    const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
    const res = await fetch(new URL(action, origin), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' });
    expect(res.status).toBe(303);
    return res.headers.get('location')!;
  };

  it('Klarna: create, forged push ignored, pay, push marks paid + acknowledged, replay changes nothing', async () => {
    const b = await new HttpBrowser(origin).open();
    const r = await reservation(b, true);
    const [{ price }] = (await t().db.select({ price: s.articles.price }).from(s.articles).where(eq(s.articles.id, 101))) as [{ price: number }];
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
    // Klarna is asked for exactly that freight as its shipping_fee line.
    const atKlarna = await fetch(`${origin}/stand-in/klarna/checkout/v3/orders/${order.OrderID}`, {
      headers: { authorization: `Basic ${Buffer.from('standin:standin').toString('base64')}` },
    });
    const klarnaLines = ((await atKlarna.json()) as { order_lines: Array<{ type: string; total_amount: number }> }).order_lines;
    expect(klarnaLines.filter((l) => l.type === 'shipping_fee').map((l) => l.total_amount)).toEqual([freight]);

    // Another session cannot start or read it.
    const stranger = await new HttpBrowser(origin).open();
    expect((await stranger.send('POST', '/payments/klarna/orders', { reservationId: r.ReservationID })).status).toBe(404);
    expect((await stranger.send('GET', `/payments/klarna/orders/${order.OrderID}`)).status).toBe(404);

    // A forged push (no cookie, no token) for the unpaid order: answered, but nothing is marked paid.
    const forged = await fetch(`${origin}/api/v1/payments/klarna/push?klarna_order_id=${order.OrderID}`, { method: 'POST' });
    expect(forged.status).toBe(200);
    expect(await stateOf(r.ReservationID)).toMatchObject({ reservation: 1, order: 'created', payments: [expect.objectContaining({ status: 'pending', acknowledgedAt: null })] });

    const confirmation = await pay(order.HtmlSnippet);
    expect(confirmation).toContain(`order_id=${order.OrderID}`);
    // The browser never came back: the push alone has made the order paid and acknowledged.
    const paid = await stateOf(r.ReservationID);
    expect(paid).toMatchObject({ reservation: 3, order: 'paid' });
    expect(paid.payments[0]!.status).toBe('paid');
    expect(paid.payments[0]!.acknowledgedAt).not.toBeNull();

    for (let i = 0; i < 3; i++) {
      expect((await fetch(`${origin}/api/v1/payments/klarna/push?klarna_order_id=${order.OrderID}`, { method: 'POST' })).status).toBe(200);
    }
    expect(await stateOf(r.ReservationID)).toEqual(paid);

    const status = await b.send('GET', `/payments/klarna/orders/${order.OrderID}`);
    expect(status.json).toMatchObject({ Status: 'paid', Amount: r.Total });
    expect(await stateOf(r.ReservationID)).toEqual(paid);
    expect((await b.send('POST', '/payments/klarna/orders', { reservationId: r.ReservationID })).status).toBe(409);
  });

  it('Qliro: one order per shop, forged push ignored, pay, push answered "received", replay changes nothing', async () => {
    const b = await new HttpBrowser(origin).open();
    const r = await reservation(b, false);
    const first = (await b.send('POST', '/payments/qliro/orders', { reservationId: r.ReservationID })).json as RawPaymentOrder;
    expect(first).toMatchObject({ Provider: 'qliro', ShopID: 1, Status: 'pending', Amount: r.Total });
    const again = (await b.send('POST', '/payments/qliro/orders', { reservationId: r.ReservationID })).json as RawPaymentOrder;
    expect(again.OrderID).toBe(first.OrderID);

    const push = (body: unknown) =>
      fetch(`${origin}/api/v1/payments/qliro/push`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const forged = await push({ OrderId: Number(first.OrderID), MerchantReference: String(r.ReservationID), Status: 'Completed' });
    expect(await forged.json()).toEqual({ CallbackResponse: 'received' });
    expect(await stateOf(r.ReservationID)).toMatchObject({ reservation: 1, order: 'created', payments: [expect.objectContaining({ status: 'pending' })] });

    await pay(first.HtmlSnippet);
    const paid = await stateOf(r.ReservationID);
    expect(paid).toMatchObject({ reservation: 3, order: 'paid', payments: [expect.objectContaining({ status: 'paid' })] });
    const replay = await push({ OrderId: Number(first.OrderID), Status: 'Completed' });
    expect(await replay.json()).toEqual({ CallbackResponse: 'received' });
    expect(await stateOf(r.ReservationID)).toEqual(paid);
    expect((await b.send('GET', `/payments/qliro/orders/${first.OrderID}`)).json).toMatchObject({ Status: 'paid' });
  });

  it('the return path is a path on this site: anything else is a 422 naming the field, and nothing is started', async () => {
    const b = await new HttpBrowser(origin).open();
    const r = await reservation(b, false);
    const refused = [
      '/checkout\r\nSet-Cookie: x=1',
      '/checkout\nx',
      '/check\tout',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/checkout',
      'evil.example',
      '/kjøp',
      '/\u2215evil.example',
      '/checkout#fragment',
      `/${'a'.repeat(300)}`,
      '',
    ];
    for (const confirmationPath of refused) {
      for (const provider of ['klarna', 'qliro']) {
        const res = await b.send('POST', `/payments/${provider}/orders`, { reservationId: r.ReservationID, confirmationPath });
        expect(res.status, JSON.stringify(confirmationPath)).toBe(422);
        expect(res.json.message).toMatch(/^Returadressen etter betalingen må være en adresse på denne nettsiden/);
        expect(res.json.errors).toEqual([{ field: 'confirmationPath', message: res.json.message }]);
      }
    }
    // Longer than any schema allows: still a 4xx, never a 500.
    expect((await b.send('POST', '/payments/klarna/orders', { reservationId: r.ReservationID, confirmationPath: `/${'a'.repeat(5000)}` })).status).toBe(400);
    expect((await stateOf(r.ReservationID)).payments).toEqual([]);

    // The checkout's own return path goes to the provider after this shop's origin.
    const ok = await b.send('POST', '/payments/klarna/orders', { reservationId: r.ReservationID, confirmationPath: '/checkout?steg=bekreftelse&betaling=klarna' });
    expect(ok.status).toBe(201);
    const atKlarna = await klarnaOrderAtStandIn(origin, (ok.json as RawPaymentOrder).OrderID);
    expect(atKlarna.merchant_urls.confirmation).toBe(`${origin}/checkout?steg=bekreftelse&betaling=klarna&order_id={checkout.order.id}`);
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
      headers: { authorization: `Basic ${Buffer.from('standin:standin').toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        purchase_currency: 'NOK', order_amount: 100, order_tax_amount: 0, merchant_urls: { push: 'x', confirmation: 'y' },
        order_lines: [{ quantity: 1, unit_price: 100, total_amount: 100, total_discount_amount: 0, tax_rate: 2500, total_tax_amount: 0 }],
      }),
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error_messages: string[] }).error_messages).toEqual(['order_lines[0].total_tax_amount']);
    expect((await fetch(`${origin}/stand-in/qliro/checkout/merchantapi/orders/1`, { headers: { authorization: 'Qliro nope' } })).status).toBe(401);
  });
});

describe.each(testDatabaseKinds())('payments under NODE_ENV=production on %s', (kind) => {
  const PUBLIC_URL = 'https://shop.example';
  // The environment main.ts would have; read when the app is built (payments/config.ts), then put back.
  beforeAll(() => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('PUBLIC_URL', PUBLIC_URL);
    vi.stubEnv('PAYMENT_STAND_INS', '1');
  });
  const t = useTestApp(kind, { rootDir: root, production: true });
  let origin = '';
  beforeAll(async () => {
    vi.unstubAllEnvs();
    origin = await openShop(t);
  });
  afterEach(() => vi.unstubAllEnvs());

  it('every URL sent to the provider is on PUBLIC_URL, whatever Host the request claims', async () => {
    const b = await new HttpBrowser(origin).open();
    const r = await reservation(b, true);
    for (const forged of [{ host: 'evil.example' }, { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' }]) {
      const res = await t().app.inject({
        method: 'POST',
        url: '/api/v1/payments/klarna/orders',
        headers: { ...forged, cookie: b.cookie, 'x-csrf-token': b.token, 'content-type': 'application/json' },
        payload: { reservationId: r.ReservationID, confirmationPath: '/checkout?steg=bekreftelse&betaling=klarna' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const sent = await klarnaOrderAtStandIn(origin, res.json<RawPaymentOrder>().OrderID);
      expect(JSON.stringify(sent)).not.toContain('evil.example');
      expect(sent.merchant_urls).toEqual({
        terms: `${PUBLIC_URL}/kundeservice`,
        checkout: `${PUBLIC_URL}/checkout`,
        confirmation: `${PUBLIC_URL}/checkout?steg=bekreftelse&betaling=klarna&order_id={checkout.order.id}`,
        push: `${PUBLIC_URL}/api/v1/payments/klarna/push?klarna_order_id={checkout.order.id}`,
      });
    }
  });

  it.each([
    ['without PUBLIC_URL', undefined],
    ['with an http PUBLIC_URL', 'http://shop.example'],
    ['with a PUBLIC_URL that is no origin', 'https://shop.example/butikk'],
  ])('the app refuses to start %s', async (_name, publicUrl) => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('PUBLIC_URL', publicUrl);
    await expect(buildApp({ database: t().database, rootDir: root, production: true })).rejects.toThrow(ConfigError);
  });
});
