/**
 * The shop workspace (issue 20) over real HTTP on every test database: a shopper pays with Klarna or Qliro, shop
 * staff mark the reservation ready (the e-mail is in the outbox), hand it over (the stand-in captures exactly what
 * was handed over), ship with tracking, let a pickup window end (by hand and by the sweep), customer service
 * refunds; two employees at once, a replayed press, a shop employee of another shop, a customer.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import type { RawPaginated, RawReservation } from '@shop/contracts/types';
import type { StaffMe, StaffQueuePage, StaffReservationDetail } from '@shop/contracts/types';
import type { StaffRole } from '@shop/contracts/constants';
import * as s from '../../src/db/schema.js';
import { qliroToken } from '../../src/payments/qliro.js';
import { fulfilmentTexts } from '../../src/fulfilment/texts.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { makeShellTree } from '../accounts/browser.js';
import { HttpBrowser, klarnaManagement, openPaymentsShop, paymentsOf, paymentTestEnv, payReservation, reserve, settledOperations, staffHeaders, standInLedger, stockOf } from '../payments/support.js';

const root = makeShellTree();
paymentTestEnv(100);
const VARIANT = 1011;

describe.each(testDatabaseKinds())('shop workspace on %s', (kind) => {
  const t = useTestApp(kind, { rootDir: root });
  let origin = '';
  let admin: Record<string, string> = {};
  let oslo: Record<string, string> = {};
  let service: Record<string, string> = {};
  beforeAll(async () => {
    origin = await openPaymentsShop(t());
    admin = await staffHeaders(t(), 'admin', [], 'Ada Admin');
    oslo = await staffHeaders(t(), 'shop', [1], 'Nora Butikk');
    service = await staffHeaders(t(), 'customer-service', [], 'Even Kundeservice');
  });

  const call = async <T = StaffReservationDetail>(headers: Record<string, string>, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${origin}/api/v1${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, cache: res.headers.get('cache-control'), json: (text ? JSON.parse(text) : null) as T & { message?: string } };
  };
  const detail = async (id: number, headers = admin) => (await call(headers, 'GET', `/staff/reservations/${id}`)).json;
  const act = async (id: number, action: string, body: Record<string, unknown> = {}, headers = oslo) => {
    const version = body.version ?? (await detail(id)).version;
    return call(headers, 'POST', `/staff/reservations/${id}/${action}`, { requestKey: randomUUID(), ...body, version });
  };

  /** A reservation paid with `provider` (click-and-collect in Oslo unless `home`). */
  const paid = async (provider: 'klarna' | 'qliro', home = false, count = 2, shopId = 1) => {
    const b = await new HttpBrowser(origin).open();
    let r: RawReservation;
    if (shopId === 1) r = await reserve(b, home, count, false);
    else {
      const res = await b.send('POST', '/reservations', {
        CustomerName: 'Bjørn Bergen', Email: 'bjorn@example.no', Phone: '95554444', PostalCode: '5003', City: 'BERGEN',
        Delivery: 0, Address: '', ShopID: shopId, shipping_method_id: 'click-and-collect',
        items: [{ EanNo: (await t().db.select().from(s.variants).where(eq(s.variants.id, VARIANT)))[0]!.ean, Count: count, CampaignArticleID: null }],
      });
      expect(res.status).toBe(201);
      r = res.json as RawReservation;
    }
    // How the shop learns of the payment is not what this file tests: the shopper comes back to the confirmation page.
    const { order } = await payReservation(t(), origin, b, r.ReservationID, provider, { returnToShop: true });
    return { r, order, browser: b };
  };
  const qliroAdmin = async (orderId: string) =>
    (await (await fetch(`${origin}/stand-in/qliro/checkout/adminapi/v2/orders/${orderId}`, { headers: { authorization: `Qliro ${qliroToken('', 'standin-secret')}` } })).json()) as {
      PaymentTransactions: Array<{ Type: string; Amount: number }>;
    };
  const outbox = (reservationId: number, subject: string) =>
    t().db.select().from(s.emailOutbox).where(and(eq(s.emailOutbox.to, 'kari@example.no'), like(s.emailOutbox.subject, `%${subject}%`), like(s.emailOutbox.subject, `%${reservationId}%`)));
  const operationsOf = (reservationId: number) => t().db.select().from(s.paymentOperations).where(eq(s.paymentOperations.reservationId, reservationId)).orderBy(s.paymentOperations.id);

  it('Klarna, click-and-collect: paid (event + confirmation) → ready (mail) → collected captures exactly the total; the audit trail names who', async () => {
    const { r, order } = await paid('klarna');
    const before = await detail(r.ReservationID);
    expect(before).toMatchObject({ statusId: 3, homeDelivery: false, shopId: 1, payment: { provider: 'klarna', status: 'paid', authorizedAmount: r.Total, capturedAmount: 0 } });
    expect(before.lines[0]).toMatchObject({ ean: r.Articles[0]!.EanNo, size: expect.any(String), color: 'Marine', stockShopId: 1, stockShopName: 'Staut Oslo' });
    expect(before.events.map((e) => [e.kind, e.actorName, e.toStatus])).toEqual([['paid', null, 3]]);
    expect(await outbox(r.ReservationID, 'Takk for bestillingen')).toHaveLength(1);

    const ready = await act(r.ReservationID, 'ready');
    expect(ready.status, JSON.stringify(ready.json)).toBe(200);
    expect(ready.cache).toBe('private, no-store');
    expect(ready.json).toMatchObject({ statusId: 4, version: before.version + 1, readyAt: expect.any(String), pickupUntil: expect.any(String) });
    expect(await outbox(r.ReservationID, 'er klar til henting')).toHaveLength(1);

    const collected = await act(r.ReservationID, 'collected');
    expect(collected.status, JSON.stringify(collected.json)).toBe(200);
    expect(collected.json).toMatchObject({ statusId: 5, closedAt: expect.any(String), payment: { capturedAmount: r.Total } });
    expect(collected.json.lines[0]!.fulfilledCount).toBe(2);
    expect((await klarnaManagement(origin, order.OrderID)).json).toMatchObject({ status: 'CAPTURED', captured_amount: r.Total });
    expect(collected.json.events.map((e) => [e.kind, e.actorName, e.fromStatus, e.toStatus])).toEqual([
      ['paid', null, 2, 3],
      ['ready', 'Nora Butikk', 3, 4],
      ['collected', 'Nora Butikk', 4, 5],
    ].map(([k, a, f, to]) => [k, a, f === 2 ? expect.any(Number) : f, to]));
    // The customer's history counts it as bought.
    const history = await t().db.select().from(s.reservations).where(eq(s.reservations.id, r.ReservationID));
    expect(history[0]!.statusId).toBe(5);
  });

  it('Qliro, click-and-collect: collected captures exactly the total at the stand-in', async () => {
    const { r, order } = await paid('qliro');
    expect((await act(r.ReservationID, 'ready')).status).toBe(200);
    const collected = await act(r.ReservationID, 'collected');
    expect(collected.status, JSON.stringify(collected.json)).toBe(200);
    await settledOperations(t(), r.ReservationID);
    expect((await qliroAdmin(order.OrderID)).PaymentTransactions.filter((x) => x.Type !== 'Preauthorization').map((x) => [x.Type, Math.round(x.Amount * 100)])).toEqual([['Capture', r.Total]]);
  });

  it('partial pickup: captures only the unit handed over, releases the rest, puts the other unit back on the shelf', async () => {
    const { r, order } = await paid('klarna');
    await act(r.ReservationID, 'ready');
    const shelf = await stockOf(t(), VARIANT, 1);
    const lineId = (await detail(r.ReservationID)).lines[0]!.id;
    const res = await act(r.ReservationID, 'collected', { lines: [{ lineId, count: 1 }] });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const unit = r.Articles[0]!.Price;
    // Captured what was handed over; the rest released, so Klarna's order closes as CAPTURED with nothing left reserved.
    await expect.poll(async () => (await klarnaManagement(origin, order.OrderID)).json, { timeout: 5000 }).toMatchObject({ status: 'CAPTURED', captured_amount: unit, remaining_authorized_amount: 0 });
    expect(await stockOf(t(), VARIANT, 1)).toBe(shelf + 1);
    expect(res.json.lines[0]!.fulfilledCount).toBe(1);
    const ops = await operationsOf(r.ReservationID);
    expect(ops.map((o) => [o.kind, o.amount])).toEqual([['capture', unit], ['release', r.Total - unit]]);
    // The release needs the stand-in's release-remaining-authorization (the payments helper's branch): done there.
    expect(ops[1]!.state, `release: ${ops[1]!.lastError}`).toBe('confirmed');
  });

  it('paid in the shop: an unpaid click-and-collect is made ready (its hold runs to the end of the pickup window) and handed over with "Betalt i butikken", without a capture', async () => {
    const b = await new HttpBrowser(origin).open();
    const r = await reserve(b, false, 1, false);
    const ready = await act(r.ReservationID, 'ready');
    expect(ready.status, JSON.stringify(ready.json)).toBe(200);
    expect(ready.json).toMatchObject({ statusId: 4, payment: null });
    expect(ready.json.holdUntil).toBe(ready.json.pickupUntil);
    // The hold sweep leaves it alone (it is ready, not waiting for an online payment).
    await paymentsOf(t()).sweep();
    expect((await detail(r.ReservationID)).statusId).toBe(4);
    expect(ready.json.handOver).toEqual({ mode: 'in-shop', message: null });
    // "Hentet" is for a payment made online: it never records a payment in the shop by itself.
    expect(await act(r.ReservationID, 'collected')).toMatchObject({ status: 422, json: { message: fulfilmentTexts.payInShopFirst } });
    const collected = await act(r.ReservationID, 'paid-in-shop');
    expect(collected.json).toMatchObject({ statusId: 5 });
    expect(collected.json.events.at(-1)).toMatchObject({ kind: 'paid-in-shop', actorName: 'Nora Butikk', detail: { paidInShop: true, amount: r.Total } });
    expect(await operationsOf(r.ReservationID)).toEqual([]);
    expect((await t().db.select({ status: s.orders.status }).from(s.orders).where(eq(s.orders.reservationId, r.ReservationID)))[0]!.status).toBe('paid');
  });

  it('home delivery with a line removed: shipped captures the rest and the shipping by lines (frakt), releases the remainder', async () => {
    const { r, order } = await paid('klarna', true);
    const { lines, shippingPrice } = await detail(r.ReservationID);
    expect(shippingPrice).toBeGreaterThan(0);
    const lineId = lines[0]!.id;
    expect((await act(r.ReservationID, 'remove-line', { lineId, count: 1, restock: true }, admin)).status).toBe(200);
    const shipped = await act(r.ReservationID, 'shipped', { trackingUrl: 'https://sporing.posten.no/sporing/1' }, admin);
    expect(shipped.status, JSON.stringify(shipped.json)).toBe(200);
    const unit = r.Articles[0]!.Price;
    const ops = await operationsOf(r.ReservationID);
    expect(ops.map((o) => [o.kind, o.amount, o.lines])).toEqual([
      ['capture', unit + shippingPrice, [{ reference: r.Articles[0]!.EanNo, quantity: 1 }, { reference: 'frakt', quantity: 1 }]],
      ['release', r.Total - unit - shippingPrice, null],
    ]);
    // Klarna's line-based capture with the 'frakt' line (payments/money.ts klarnaLinesFor: the payments helper's branch).
    expect(ops[0]!.state, `capture: ${ops[0]!.lastError}`).toBe('confirmed');
    expect((await klarnaManagement(origin, order.OrderID)).json.captured_amount).toBe(unit + shippingPrice);
  });

  it('home delivery: shipped needs an https tracking URL, captures, mails the link; the history shows trackingUrl and status 6', async () => {
    const { r, order } = await paid('klarna', true);
    const [customer] = await t().db.insert(s.customers).values({ firstName: 'Kari', lastName: 'Nordmann', email: `kari.${randomUUID().slice(0, 8)}@example.no`, termsConditions: true }).returning();
    await t().db.update(s.reservations).set({ customerId: customer!.id }).where(eq(s.reservations.id, r.ReservationID));
    // The web warehouse's queue: Oslo's staff do not send it (the units came from shop 55).
    expect((await call(oslo, 'GET', `/staff/reservations/${r.ReservationID}`)).status).toBe(404);
    expect(await act(r.ReservationID, 'shipped', { trackingUrl: 'http://sporing.posten.no/1' }, admin)).toMatchObject({ status: 422, json: { message: fulfilmentTexts.trackingUrl } });
    expect((await act(r.ReservationID, 'ready', {}, admin)).status).toBe(422);
    const url = 'https://sporing.posten.no/sporing/370724760000000001';
    const shipped = await act(r.ReservationID, 'shipped', { trackingUrl: url }, admin);
    expect(shipped.status, JSON.stringify(shipped.json)).toBe(200);
    expect(shipped.json).toMatchObject({ statusId: 6, trackingUrl: url });
    expect((await klarnaManagement(origin, order.OrderID)).json).toMatchObject({ status: 'CAPTURED', captured_amount: r.Total });
    const mail = await outbox(r.ReservationID, 'er sendt');
    expect(mail[0]!.body).toContain(url);
    const customerHeaders = await staffHeaders(t(), 'customer' as StaffRole);
    await t().db.update(s.sessions).set({ customerId: customer!.id }).where(eq(s.sessions.csrfToken, customerHeaders['x-csrf-token']!));
    const history = await call<RawPaginated<RawReservation>>(customerHeaders, 'GET', '/customers/current/reservations');
    expect(history.json.data.find((x) => x.ReservationID === r.ReservationID)).toMatchObject({ StatusID: 6, TrackingUrl: url });
  });

  it('remove-line before shipping returns the units; removing every unit cancels the reservation and the authorisation', async () => {
    const { r, order } = await paid('klarna', true);
    const lineId = (await detail(r.ReservationID)).lines[0]!.id;
    const shelf = await stockOf(t(), VARIANT, 55);
    expect(await act(r.ReservationID, 'remove-line', { lineId, count: 3, restock: true }, admin)).toMatchObject({ status: 422, json: { message: fulfilmentTexts.tooMany } });
    const one = await act(r.ReservationID, 'remove-line', { lineId, count: 1, restock: true }, admin);
    expect(one.json).toMatchObject({ statusId: 3 });
    expect(one.json.lines[0]!.removedCount).toBe(1);
    expect(await stockOf(t(), VARIANT, 55)).toBe(shelf + 1);
    const all = await act(r.ReservationID, 'remove-line', { lineId, count: 1, restock: false }, admin);
    expect(all.json).toMatchObject({ statusId: 9 });
    expect(await stockOf(t(), VARIANT, 55)).toBe(shelf + 1);
    expect((await klarnaManagement(origin, order.OrderID)).json.status).toBe('CANCELLED');
    expect(await outbox(r.ReservationID, 'er kansellert')).toHaveLength(1);
  });

  it('not collected by staff: only after the pickup window; cancels the authorisation and returns the stock', async () => {
    const { r, order } = await paid('klarna');
    await act(r.ReservationID, 'ready');
    expect(await act(r.ReservationID, 'not-collected')).toMatchObject({ status: 422, json: { message: 'Hentefristen er ikke ute ennå.' } });
    await t().db.update(s.reservations).set({ pickupUntil: new Date(Date.now() - 60_000) }).where(eq(s.reservations.id, r.ReservationID));
    const shelf = await stockOf(t(), VARIANT, 1);
    const res = await act(r.ReservationID, 'not-collected');
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.statusId).toBe(7);
    expect(await stockOf(t(), VARIANT, 1)).toBe(shelf + 2);
    expect((await klarnaManagement(origin, order.OrderID)).json.status).toBe('CANCELLED');
    expect(await outbox(r.ReservationID, 'ble ikke hentet')).toHaveLength(1);
  });

  it('not collected by the sweep: exactly once with two sweeps at once, actor the system', async () => {
    const { r, order } = await paid('qliro');
    await act(r.ReservationID, 'ready');
    await t().db.update(s.reservations).set({ pickupUntil: new Date(Date.now() - 60_000) }).where(eq(s.reservations.id, r.ReservationID));
    const shelf = await stockOf(t(), VARIANT, 1);
    await Promise.all([paymentsOf(t()).sweep(), paymentsOf(t()).sweep()]);
    await paymentsOf(t()).idle();
    const after = await detail(r.ReservationID);
    expect(after.statusId).toBe(7);
    expect(after.events.filter((e) => e.kind === 'not-collected').map((e) => e.actorName)).toEqual([null]);
    expect(await stockOf(t(), VARIANT, 1)).toBe(shelf + 2);
    const cancel = (await settledOperations(t(), r.ReservationID)).filter((o) => o.kind === 'cancel');
    expect(cancel.map((o) => o.state)).toEqual(['confirmed']);
    expect((await standInLedger(origin, 'qliro', order.OrderID)).cancelled).toBe(true);
  });

  it('the sweep does not stop at a payment it may not cancel: both ended pickups close, the odd one asks a person', async () => {
    const odd = await paid('klarna');
    const plain = await paid('klarna');
    for (const x of [odd, plain]) await act(x.r.ReservationID, 'ready');
    // Somebody captured part of the odd one through the payments' staff route: a cancel is no longer allowed.
    const [payment] = await t().db.select().from(s.paymentOrders).where(and(eq(s.paymentOrders.reservationId, odd.r.ReservationID), eq(s.paymentOrders.status, 'paid')));
    expect((await call(admin, 'POST', `/payments/staff/payments/${payment!.id}/operations`, { kind: 'capture', amount: 1000, reason: 'Kunden ba om delvis trekk', requestKey: randomUUID() })).status).toBe(200);
    for (const x of [odd, plain]) await t().db.update(s.reservations).set({ pickupUntil: new Date(Date.now() - 60_000) }).where(eq(s.reservations.id, x.r.ReservationID));
    await paymentsOf(t()).sweep();
    await paymentsOf(t()).idle();
    const oddAfter = await detail(odd.r.ReservationID);
    expect(oddAfter.statusId).toBe(7);
    expect(oddAfter.events.at(-1)!.detail).toMatchObject({ operationRefused: expect.any(String) });
    expect((await detail(plain.r.ReservationID)).statusId).toBe(7);
    expect((await klarnaManagement(origin, plain.order.OrderID)).json.status).toBe('CANCELLED');
  });

  it('refund: customer service by line and by amount (stand-in shows it; all refunded → status 8); shop staff get 403', async () => {
    const { r, order } = await paid('klarna');
    await act(r.ReservationID, 'ready');
    const collected = await act(r.ReservationID, 'collected');
    const lineId = collected.json.lines[0]!.id;
    const unit = r.Articles[0]!.Price;
    expect(await act(r.ReservationID, 'refund', { lines: [{ lineId, count: 1 }], reason: 'Reklamasjon' }, oslo)).toMatchObject({ status: 403, json: { message: fulfilmentTexts.refundOnly } });
    expect(await act(r.ReservationID, 'refund', { lines: [{ lineId, count: 1 }], reason: '  ' }, service)).toMatchObject({ status: 422, json: { message: fulfilmentTexts.reasonRequired } });
    expect((await act(r.ReservationID, 'refund', { lines: [{ lineId, count: 1 }], reason: 'x'.repeat(501) }, service)).status).toBe(400);
    const first = await act(r.ReservationID, 'refund', { lines: [{ lineId, count: 1 }], reason: 'Feil størrelse' }, service);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json).toMatchObject({ statusId: 5, payment: { refundedAmount: unit } });
    expect((await klarnaManagement(origin, order.OrderID)).json.refunded_amount).toBe(unit);
    expect((await act(r.ReservationID, 'refund', { amount: r.Total, reason: 'For mye' }, service)).status).toBe(422);
    const rest = await act(r.ReservationID, 'refund', { amount: r.Total - unit, reason: 'Hele ordren returnert' }, service);
    expect(rest.json).toMatchObject({ statusId: 8, payment: { refundedAmount: r.Total } });
    expect((await klarnaManagement(origin, order.OrderID)).json.refunded_amount).toBe(r.Total);
    expect(rest.json.events.filter((e) => e.kind === 'refund').map((e) => [e.actorName, e.detail.reason])).toEqual([
      ['Even Kundeservice', 'Feil størrelse'],
      ['Even Kundeservice', 'Hele ordren returnert'],
    ]);
    expect(await outbox(r.ReservationID, 'Vi har refundert')).toHaveLength(2);
    // Goods back in Oslo: stock returns there (no money moves); not to a shop the employee does not work in.
    const shelf = await stockOf(t(), VARIANT, 1);
    expect((await act(r.ReservationID, 'returned', { shopId: 2, lines: [{ lineId, count: 1 }] }, oslo)).status).toBe(403);
    const back = await act(r.ReservationID, 'returned', { shopId: 1, lines: [{ lineId, count: 2 }] }, oslo);
    expect(back.status, JSON.stringify(back.json)).toBe(200);
    expect(back.json.lines[0]!.returnedCount).toBe(2);
    expect(await stockOf(t(), VARIANT, 1)).toBe(shelf + 2);
    expect((await act(r.ReservationID, 'returned', { shopId: 1, lines: [{ lineId, count: 1 }] }, oslo)).status).toBe(422);
  });

  it('two employees press "Hentet" at once: one captures, the other gets the stale-screen 409 naming who', async () => {
    const { r, order } = await paid('klarna');
    await act(r.ReservationID, 'ready');
    const version = (await detail(r.ReservationID)).version;
    const results = await Promise.all([act(r.ReservationID, 'collected', { version }, oslo), act(r.ReservationID, 'collected', { version }, admin)]);
    expect(results.map((x) => x.status).sort()).toEqual([200, 409]);
    const loser = results.find((x) => x.status === 409)!;
    const winner = results.find((x) => x.status === 200)!.json.events.at(-1)!.actorName;
    expect(loser.json.message).toMatch(new RegExp(`^Reservasjonen er endret av ${winner} kl\\. \\d\\d:\\d\\d \\(Hentet\\)\\. Last inn på nytt\\.$`));
    expect((await operationsOf(r.ReservationID)).filter((o) => o.kind === 'capture')).toHaveLength(1);
    expect((await klarnaManagement(origin, order.OrderID)).json.captured_amount).toBe(r.Total);
  });

  it('the same press twice (same requestKey), one after the other and at once: one capture; the key is not reusable for another action', async () => {
    const { r, order } = await paid('qliro');
    await act(r.ReservationID, 'ready');
    const version = (await detail(r.ReservationID)).version;
    const press = { version, requestKey: randomUUID() };
    const both = await Promise.all([act(r.ReservationID, 'collected', press), act(r.ReservationID, 'collected', press)]);
    expect(both.map((x) => x.status)).toEqual([200, 200]);
    const again = await act(r.ReservationID, 'collected', press);
    expect(again.json).toMatchObject({ statusId: 5, version: version + 1 });
    expect(await act(r.ReservationID, 'ready', press)).toMatchObject({ status: 409, json: { message: fulfilmentTexts.keyReused } });
    expect((await operationsOf(r.ReservationID)).filter((o) => o.kind === 'capture')).toHaveLength(1);
    expect((await qliroAdmin(order.OrderID)).PaymentTransactions.filter((x) => x.Type === 'Capture')).toHaveLength(1);
  });

  it('Oslo staff cannot see or act on a Bergen reservation; the queue is per shop, newest first, searchable', async () => {
    const bergen = (await paid('klarna', false, 1, 2)).r;
    const osloOne = (await paid('klarna', false, 1)).r;
    expect((await call(oslo, 'GET', `/staff/reservations/${bergen.ReservationID}`)).status).toBe(404);
    expect((await act(bergen.ReservationID, 'ready', { version: 1 }, oslo)).status).toBe(404);
    expect((await call(oslo, 'GET', '/staff/reservations?shopId=2')).status).toBe(403);
    const queue = await call<StaffQueuePage>(oslo, 'GET', '/staff/reservations');
    expect(queue.cache).toBe('private, no-store');
    const ids = queue.json.data.map((x) => x.id);
    expect(ids).toContain(osloOne.ReservationID);
    expect(ids).not.toContain(bergen.ReservationID);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(queue.json.data.every((x) => [1, 2, 3, 4].includes(x.statusId))).toBe(true);
    expect((await call<StaffQueuePage>(admin, 'GET', '/staff/reservations?shopId=2')).json.data.map((x) => x.id)).toContain(bergen.ReservationID);
    for (const q of [String(bergen.ReservationID), 'bjørn', '955 54', 'BJORN@example']) {
      const found = (await call<StaffQueuePage>(admin, 'GET', `/staff/reservations?q=${encodeURIComponent(q)}`)).json.data.map((x) => x.id);
      expect(found, q).toContain(bergen.ReservationID);
      expect(found, q).not.toContain(osloOne.ReservationID);
    }
    expect((await call<StaffQueuePage>(admin, 'GET', '/staff/reservations?status=5&q=bj%C3%B8rn')).json.data).toEqual([]);
    // The payments' staff routes follow the same shops.
    expect((await call(oslo, 'GET', `/payments/staff/reservations/${bergen.ReservationID}`)).status).toBe(404);
    expect((await call(oslo, 'GET', `/payments/staff/reservations/${osloOne.ReservationID}`)).status).toBe(200);
  });

  it("a home delivery taken from Oslo's stock is in Oslo's queue: Oslo sends it", async () => {
    const [web] = await t().db.select().from(s.stock).where(and(eq(s.stock.variantId, VARIANT), eq(s.stock.shopId, 55)));
    await t().db.update(s.stock).set({ qty: 0 }).where(and(eq(s.stock.variantId, VARIANT), eq(s.stock.shopId, 55)));
    await t().db.update(s.stock).set({ qty: 0 }).where(and(eq(s.stock.variantId, VARIANT), eq(s.stock.shopId, 2)));
    try {
      const { r, order } = await paid('klarna', true, 1);
      const seen = await detail(r.ReservationID, oslo);
      expect(seen).toMatchObject({ homeDelivery: true, shopId: 55 });
      expect(seen.lines[0]).toMatchObject({ stockShopId: 1, stockShopName: 'Staut Oslo' });
      expect((await call<StaffQueuePage>(oslo, 'GET', '/staff/reservations?shopId=1')).json.data.map((x) => x.id)).toContain(r.ReservationID);
      const shipped = await act(r.ReservationID, 'shipped', { trackingUrl: 'https://sporing.posten.no/sporing/2' }, oslo);
      expect(shipped.status, JSON.stringify(shipped.json)).toBe(200);
      expect((await klarnaManagement(origin, order.OrderID)).json.captured_amount).toBe(r.Total);
    } finally {
      await t().db.update(s.stock).set({ qty: web!.qty }).where(and(eq(s.stock.variantId, VARIANT), eq(s.stock.shopId, 55)));
      await t().db.update(s.stock).set({ qty: 50 }).where(and(eq(s.stock.variantId, VARIANT), eq(s.stock.shopId, 2)));
    }
  });

  it('stale screen: an action with an older version is refused and changes nothing', async () => {
    const { r } = await paid('klarna');
    const old = (await detail(r.ReservationID)).version;
    await act(r.ReservationID, 'ready', {}, admin);
    const res = await act(r.ReservationID, 'remove-line', { version: old, lineId: (await detail(r.ReservationID)).lines[0]!.id, count: 1, restock: true });
    expect(res.status).toBe(409);
    expect(res.json.message).toMatch(/^Reservasjonen er endret av Ada Admin kl\. \d\d:\d\d \(Klar til henting\)\. Last inn på nytt\.$/);
    expect((await detail(r.ReservationID)).lines[0]!.removedCount).toBe(0);
  });

  it('/staff/me, and who gets in: 401 anonymous, 403 a customer; /butikk answers 403/200 and no-store', async () => {
    const me = await call<StaffMe>(oslo, 'GET', '/staff/me');
    expect(me.json).toEqual({ id: expect.any(Number), name: 'Nora Butikk', email: expect.any(String), role: 'shop', shops: [{ id: 1, name: 'Staut Oslo' }], canRefund: false });
    expect((await call<StaffMe>(service, 'GET', '/staff/me')).json).toMatchObject({ role: 'customer-service', canRefund: true, shops: expect.arrayContaining([{ id: 2, name: 'Staut Bergen' }]) });
    const b = await new HttpBrowser(origin).open();
    const anon = { cookie: b.cookie, 'x-csrf-token': b.token, 'x-requested-with': 'XMLHttpRequest' };
    expect(await call(anon, 'GET', '/staff/me')).toMatchObject({ status: 401, json: { message: fulfilmentTexts.unauthenticated } });
    const customer = await staffHeaders(t(), 'customer' as StaffRole);
    expect(await call(customer, 'GET', '/staff/reservations')).toMatchObject({ status: 403, json: { message: fulfilmentTexts.forbidden } });
    expect((await call(customer, 'POST', '/staff/reservations/1/ready', { version: 0, requestKey: randomUUID() })).status).toBe(403);
    const page = async (headers: Record<string, string>, path: string) => {
      const res = await fetch(`${origin}${path}`, { headers: { cookie: headers.cookie!, accept: 'text/html' } });
      await res.text();
      return [res.status, res.headers.get('cache-control')];
    };
    expect(await page(anon, '/butikk')).toEqual([403, 'no-store']);
    expect(await page(customer, '/butikk/1')).toEqual([403, 'no-store']);
    expect(await page(oslo, '/butikk')).toEqual([200, 'no-store']);
    expect(await page(service, '/butikk/1')).toEqual([200, 'no-store']);
    // Not the workspace (no 403), just an address that names no page.
    expect((await page(anon, '/butikken-var'))[0]).toBe(404);
  });

  it('an expired hold writes an "expired" event', async () => {
    const b = await new HttpBrowser(origin).open();
    const r = await reserve(b, true, 1, false);
    await t().db.update(s.reservations).set({ holdUntil: new Date(Date.now() - 1000) }).where(eq(s.reservations.id, r.ReservationID));
    await paymentsOf(t()).sweep();
    const after = await detail(r.ReservationID);
    expect(after.statusId).toBe(9);
    expect(after.events.map((e) => [e.kind, e.actorName, e.toStatus])).toEqual([['expired', null, 9]]);
    void sql;
  });
});
