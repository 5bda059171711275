/**
 * What the payments tests share: a browser over real HTTP (cookie + CSRF), a reservation, pressing "Betal" on a
 * stand-in page, waiting for a push to land, the state of a reservation (status, stock, checkouts, operations) and a
 * staff session. The stand-ins push after PAYMENT_STAND_IN_PUSH_DELAY_MS; tests set it short before the app starts.
 */
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { RawPaymentOrder, RawReservation } from '@shop/contracts/types';
import * as s from '../../src/db/schema.js';
import { hashSessionId } from '../../src/server/session.js';
import { STAFF_ROLES, type StaffRole } from '@shop/contracts/constants';
import type { TestApp } from '../support/app.js';
import { paymentsRuntimeOf, type PaymentsRuntime } from '../../src/payments/runtime.js';
import { ean13 } from '../support/fixtures.js';

const DAY = 86_400_000;

/** Environment for a payments test app: quick pushes, no timer sweeps (tests sweep by hand), no open-reservation caps. */
export function paymentTestEnv(pushDelayMs = 150): void {
  process.env.PAYMENT_STAND_IN_PUSH_DELAY_MS = String(pushDelayMs);
  process.env.PAYMENT_SWEEP_SECONDS = '0';
  // A Qliro operation whose notification is lost is read back after this long (tests wait on the condition, not the time).
  process.env.PAYMENT_SENT_CHECK_MS = '300';
  // These tests place many reservations from one address and session over real HTTP; the open-reservation caps
  // have their own tests (api/test/checkout/hoarding.test.ts).
  process.env.RESERVATION_CAP_PER_ADDRESS = '0';
  process.env.RESERVATION_CAP_PER_SESSION = '0';
  process.env.RESERVATION_CAP_UNITS_PER_VARIANT = '0';
}

/** A cookie-and-CSRF-keeping client over real HTTP, like the shop's browser. */
export class HttpBrowser {
  cookie = '';
  token = '';
  constructor(readonly origin: string) {}
  async open(): Promise<this> {
    const res = await fetch(`${this.origin}/`, { headers: { accept: 'text/html', ...(this.cookie ? { cookie: this.cookie } : {}) } });
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
    const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (sid) this.cookie = sid.split(';')[0]!;
    const token = res.headers.get('x-csrf-token');
    if (token) this.token = token;
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null };
  }
}

/** Serves the test app over real HTTP on a free port (the stand-ins call back into it) with a checkout seeded; its origin. */
export async function openPaymentsShop(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await seedCheckout(t);
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

export async function seedCheckout(t: TestApp): Promise<void> {
  const now = Date.now();
  await t.db.insert(s.shippingMethods).values([
    { id: 'delivery', name: 'Hjemlevering', price: 19900, sort: 1 },
    { id: 'click-and-collect', name: 'Klikk & Hent', price: 0, sort: 2 },
  ]);
  await t.db.insert(s.promocodes).values({ name: 'STAUT15', validFrom: new Date(now - DAY), validTo: new Date(now + DAY), fixed: false, amount: 15 });
  await t.db.update(s.stock).set({ qty: 50 }).where(sql`${s.stock.variantId} = 1011`);
}

export async function reserve(b: HttpBrowser, home: boolean, count = 2, promo = true): Promise<RawReservation> {
  const res = await b.send('POST', '/reservations', {
    CustomerName: 'Kari Nordmann', Email: 'kari@example.no', Phone: '91234567', PostalCode: '0150', City: 'OSLO',
    ...(home
      ? { Delivery: 1, Address: 'Storgata 1', ShopID: 0, shipping_method_id: 'delivery', ...(promo ? { promocode: 'STAUT15' } : {}) }
      : { Delivery: 0, Address: '', ShopID: 1, shipping_method_id: 'click-and-collect' }),
    items: [{ EanNo: ean13('701011'), Count: count, CampaignArticleID: null }],
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as RawReservation;
}

export const iframeSrc = (snippet: string) => /<iframe src="([^"]+)"/.exec(snippet)![1]!.replace(/&#38;/g, '&');

/** The shopper presses "Betal" on the stand-in page and then closes the browser (the redirect is not followed). */
export async function pay(origin: string, snippet: string): Promise<{ status: number; location: string | null; text: string }> {
  const page = await fetch(new URL(iframeSrc(snippet), origin));
  const html = await page.text();
  expect(html).toContain('Betal ');
  const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
  const res = await fetch(new URL(action, origin), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), text: await res.text() };
}

/**
 * The shopper in `b` pays reservation `reservationId` with `provider` on the stand-in's page; resolves once the payment
 * is the reservation's (paid and acknowledged) and the operations it queued have run. The checkout and its row id.
 * By default the shopper closes the browser and the shop learns of the payment from the provider's push. With
 * `returnToShop` the browser comes back to the shop's confirmation page, which re-reads the checkout (GET
 * /payments/{provider}/orders/{id}, as the front end does) — for tests to which how the shop learns of the payment is
 * incidental; the push has its own tests. Klarna stops pushing an acknowledged order; Qliro pushes anyway, so that push
 * is waited for (answered "received"), and nothing about the payment is left to arrive during the test.
 */
export async function payReservation(
  t: TestApp,
  origin: string,
  b: HttpBrowser,
  reservationId: number,
  provider: 'klarna' | 'qliro',
  options: { returnToShop?: boolean } = {},
): Promise<{ order: RawPaymentOrder; paymentId: number }> {
  const order = (await b.send('POST', `/payments/${provider}/orders`, { reservationId })).json as RawPaymentOrder;
  await pay(origin, order.HtmlSnippet);
  if (options.returnToShop) {
    const confirmed = await b.send('GET', `/payments/${provider}/orders/${order.OrderID}`);
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
    if (provider === 'qliro') {
      await waitFor(async () => (await (await fetch(`${origin}/stand-in/qliro/_control/orders/${order.OrderID}/pushes`)).json()) as { received: boolean }, (p) => p.received);
    }
  }
  const payment = await waitFor(
    async () => (await t.db.select().from(s.paymentOrders).where(and(eq(s.paymentOrders.reservationId, reservationId), eq(s.paymentOrders.status, 'paid'))))[0],
    (p) => p?.acknowledgedAt != null,
  );
  await paymentsRuntimeOf(t.database)!.idle();
  return { order, paymentId: payment!.id };
}

export async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function stateOf(t: TestApp, reservationId: number) {
  const [r] = await t.db.select().from(s.reservations).where(eq(s.reservations.id, reservationId));
  const [o] = await t.db.select({ status: s.orders.status }).from(s.orders).where(eq(s.orders.reservationId, reservationId));
  const payments = await t.db.select().from(s.paymentOrders).where(eq(s.paymentOrders.reservationId, reservationId)).orderBy(s.paymentOrders.id);
  const operations = await t.db.select().from(s.paymentOperations).where(eq(s.paymentOperations.reservationId, reservationId)).orderBy(s.paymentOperations.id);
  return { reservation: r!.statusId, expiredAt: r!.expiredAt, order: o!.status, payments, operations };
}

export async function stockOf(t: TestApp, variantId: number, shopId: number): Promise<number> {
  const [row] = await t.db.select({ qty: s.stock.qty }).from(s.stock).where(sql`${s.stock.variantId} = ${variantId} and ${s.stock.shopId} = ${shopId}`);
  return row?.qty ?? 0;
}

/**
 * A logged-in staff member's cookie and CSRF token (a session row, as the editor tests make one). Role from
 * STAFF_ROLES (default admin: every shop); shop staff get `shops` as their staff_shops rows.
 */
export async function staffHeaders(t: TestApp, role: StaffRole = STAFF_ROLES.admin, shops: number[] = [], name = 'Siri Stab'): Promise<Record<string, string>> {
  const [firstName, ...last] = name.split(' ');
  const [staff] = await t.db
    .insert(s.customers)
    .values({ firstName: firstName!, lastName: last.join(' '), email: `stab.${randomBytes(4).toString('hex')}@staut.no`, role, termsConditions: true })
    .returning({ id: s.customers.id });
  if (shops.length) await t.db.insert(s.staffShops).values(shops.map((shopId) => ({ customerId: staff!.id, shopId })));
  const cookie = randomBytes(24).toString('base64url');
  const csrf = randomBytes(24).toString('base64url');
  await t.db.insert(s.sessions).values({ id: hashSessionId(cookie), csrfToken: csrf, customerId: staff!.id, expiresAt: new Date(Date.now() + DAY) });
  return { cookie: `sid=${cookie}`, 'x-csrf-token': csrf, 'x-requested-with': 'XMLHttpRequest' };
}

export const basicStandIn = `Basic ${Buffer.from('standin:standin').toString('base64')}`;

/** Klarna order management's view of an order at the stand-in. */
export async function klarnaManagement(origin: string, orderId: string) {
  const res = await fetch(`${origin}/stand-in/klarna/ordermanagement/v1/orders/${orderId}`, { headers: { authorization: basicStandIn } });
  return { status: res.status, json: (await res.json()) as { status: string; captured_amount: number; refunded_amount: number; remaining_authorized_amount: number; order_amount: number } };
}

/** The app's payments runtime (sweep, idle, operations). */
export const paymentsOf = (t: TestApp): PaymentsRuntime => paymentsRuntimeOf(t.database)!;

/**
 * Waits until every operation of a reservation is settled (confirmed, refused or unknown): a Qliro operation stays
 * `sent` until Qliro's order-management notification (or, when the wait ends, the sweep) makes the queue read the
 * order. Returns the operations.
 */
export async function settledOperations(t: TestApp, reservationId: number, timeoutMs = 15_000) {
  const read = async () => {
    // What every process's timer does (PAYMENT_SWEEP_SECONDS, off in these tests): run due operations.
    await paymentsRuntimeOf(t.database)!.sweep();
    await paymentsRuntimeOf(t.database)!.idle();
    return t.db.select().from(s.paymentOperations).where(eq(s.paymentOperations.reservationId, reservationId)).orderBy(s.paymentOperations.id);
  };
  const ops = await waitFor(read, (rows) => rows.every((o) => !['queued', 'sent'].includes(o.state)), timeoutMs);
  expect(ops.filter((o) => ['queued', 'sent'].includes(o.state)), 'operations still in flight').toEqual([]);
  return ops;
}

/** What a stand-in itself did to an order (its `_control/orders/:id/ledger`), in øre. */
export async function standInLedger(origin: string, provider: 'klarna' | 'qliro', orderId: string) {
  const res = await fetch(`${origin}/stand-in/${provider}/_control/orders/${orderId}/ledger`);
  return (await res.json()) as { captured: number; refunded: number; cancelled: boolean; transactions: Array<{ id: string; kind: string; amount: number; status: string }> };
}
