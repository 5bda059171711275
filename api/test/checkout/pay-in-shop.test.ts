/**
 * Holds that match what a reservation is (issue 33): every new reservation holds its stock for the 30-minute payment
 * hold, click-and-collect too; "Betal ved henting i butikken" is its own action (POST /reservations/{id}/pay-in-shop)
 * that turns the hold of the owner's click-and-collect reservation into the 72-hour pickup window, once, gives up an
 * open online checkout, and is capped per session, customer and client address (RESERVATION_PAY_IN_SHOP_CAP, 2).
 * Staff then lay it out and hand it over "Betalt i butikken"; an abandoned reservation returns its stock after its
 * hold. Time passes by moving holds back and running the sweep, never by waiting. Every test database.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RawPayInShop, RawPaymentOrder, RawReservation, StaffReservationDetail } from '@shop/contracts/types';
import * as s from '../../src/db/schema.js';
import { reservationTexts } from '../../src/checkout/validation.js';
import { paymentTexts } from '../../src/payments/texts.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { Browser, makeShellTree } from '../accounts/browser.js';
import { openPaymentsShop, paymentsOf, paymentTestEnv, settledOperations, staffHeaders, stockOf } from '../payments/support.js';
import { freshAddress, logIn, reservationPayload } from './shoppers.js';

const root = makeShellTree();
// Quick pushes, sweeps by hand, and the open-reservation caps off: the pay-in-shop cap (default 2) is what is tested.
paymentTestEnv();
delete process.env.RESERVATION_PAY_IN_SHOP_CAP;
const CAP = 2;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const VARIANT = 1011;
const TOO_MANY = reservationTexts.tooManyPayInShop(CAP);

describe.each(testDatabaseKinds())('paying in the shop on %s', (kind) => {
  const t = useTestApp(kind, { rootDir: root });
  let origin = '';
  beforeAll(async () => {
    // Listening: the payment stand-ins call back into the app. Shoppers still come in through inject, each on its own
    // client address unless a test says otherwise (the caps count per address).
    origin = await openPaymentsShop(t());
  });

  const shopper = (ip = freshAddress()) => new Browser(() => t().app, ip).open();
  const reserve = async (b: Browser, patch: Record<string, unknown> = {}) => {
    const res = await b.post('/reservations', reservationPayload(patch));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<RawReservation>();
  };
  let phones = 0;
  const newCustomer = async (firstName: string) =>
    (await t().db.insert(s.customers).values({ firstName, lastName: 'Nordmann', email: `${firstName.toLowerCase()}.${kind}.${randomUUID()}@example.no`, phone: `4${String(7_100_000 + ++phones)}` }).returning({ id: s.customers.id }))[0]!.id;
  const homeDelivery = { Delivery: 1, Address: 'Storgata 1', PostalCode: '0150', City: 'OSLO', ShopID: 0, shipping_method_id: 'delivery' };
  const payInShop = (b: Browser, id: number) => b.post(`/reservations/${id}/pay-in-shop`, {});
  const row = async (id: number) => (await t().db.select().from(s.reservations).where(eq(s.reservations.id, id)))[0]!;
  const holdOf = async (id: number) => (await row(id)).holdUntil!.getTime();
  const eventsOf = (id: number) => t().db.select().from(s.reservationEvents).where(eq(s.reservationEvents.reservationId, id)).orderBy(s.reservationEvents.id);
  /** `ms` pass for these reservations: their holds end that much sooner; then the sweep runs. */
  const pass = async (ids: number[], ms: number) => {
    await t().db.update(s.reservations).set({ holdUntil: sql`${s.reservations.holdUntil} - make_interval(secs => ${ms / 1000})` }).where(inArray(s.reservations.id, ids));
    await paymentsOf(t()).sweep();
    await paymentsOf(t()).idle();
  };
  /** The payment hold (30 min) or the pickup window (72 h) from around `at`. */
  const expectHold = async (id: number, ms: number, at: number) => {
    const hold = await holdOf(id);
    expect(hold).toBeGreaterThanOrEqual(at + ms - 5000);
    expect(hold).toBeLessThanOrEqual(Date.now() + ms + 1000);
  };

  it('a new click-and-collect reservation holds for the 30-minute payment hold, as home delivery does', async () => {
    const b = await shopper();
    const before = Date.now();
    const pickup = await reserve(b);
    const home = await reserve(b, homeDelivery);
    await expectHold(pickup.ReservationID, 30 * MINUTE, before);
    await expectHold(home.ReservationID, 30 * MINUTE, before);
    expect((await row(pickup.ReservationID)).payInShopAt).toBeNull();
  });

  it('paying in the shop turns the hold into the 72-hour pickup window, records it, and asking again answers the same', async () => {
    const b = await shopper();
    const r = await reserve(b);
    const before = Date.now();
    const first = await payInShop(b, r.ReservationID);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const body = first.json<RawPayInShop>();
    expect(body).toEqual({ ReservationID: r.ReservationID, StatusID: 1, HoldUntil: expect.any(String) });
    await expectHold(r.ReservationID, 72 * HOUR, before);
    expect(new Date(body.HoldUntil).getTime()).toBe(await holdOf(r.ReservationID));
    const after = await row(r.ReservationID);
    expect(after).toMatchObject({ statusId: 1, payInShopAt: expect.any(Date), version: 1 });
    expect((await eventsOf(r.ReservationID)).map((e) => [e.kind, e.actorId, e.fromStatus, e.toStatus])).toEqual([['pay-in-shop', null, 1, 1]]);

    // Twice (a double click, a retry): the same 200, the hold not extended, nothing recorded again.
    const again = await payInShop(b, r.ReservationID);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body);
    expect(await row(r.ReservationID)).toEqual(after);
    expect(await eventsOf(r.ReservationID)).toHaveLength(1);
    // Its stock was taken once, when it was placed.
    expect((await t().db.select().from(s.reservationLines).where(eq(s.reservationLines.reservationId, r.ReservationID)))[0]!.count).toBe(1);
  });

  it("only the reservation's owner: a stranger's session, no session and no CSRF token are refused and change nothing", async () => {
    const owner = await shopper();
    const r = await reserve(owner);
    const hold = await holdOf(r.ReservationID);
    // Another session on the same address, and one elsewhere: the payment routes' 404.
    for (const stranger of [await shopper(owner.ip), await shopper()]) {
      const res = await payInShop(stranger, r.ReservationID);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: paymentTexts.reservationNotFound });
    }
    const anonymous = await t().app.inject({ method: 'POST', url: `/api/v1/reservations/${r.ReservationID}/pay-in-shop`, payload: {}, headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(anonymous.statusCode).toBe(419);
    expect((await owner.send('POST', `/reservations/${r.ReservationID}/pay-in-shop`, {}, { csrf: false })).statusCode).toBe(419);
    // A reservation that does not exist reads as one that is not yours.
    expect((await payInShop(owner, 2_000_000)).statusCode).toBe(404);
    expect(await holdOf(r.ReservationID)).toBe(hold);
    expect((await row(r.ReservationID)).payInShopAt).toBeNull();
    // The owner's logged-in customer on another device may choose it (the payment routes' ownership).
    const customer = await newCustomer('Kari');
    const phone = await shopper();
    await logIn(t(), phone, customer);
    const mine = await reserve(phone);
    const laptop = await shopper();
    await logIn(t(), laptop, customer);
    expect((await payInShop(laptop, mine.ReservationID)).statusCode).toBe(200);
  });

  it('home delivery is refused (422): it is paid online before it is sent, and keeps its payment hold', async () => {
    const b = await shopper();
    const r = await reserve(b, homeDelivery);
    const hold = await holdOf(r.ReservationID);
    const res = await payInShop(b, r.ReservationID);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: reservationTexts.payInShopHomeDelivery });
    expect(await holdOf(r.ReservationID)).toBe(hold);
    expect(await eventsOf(r.ReservationID)).toEqual([]);
  });

  it('a hold that has ended is refused (410, the payment texts): the reservation is expired on access and its stock is back', async () => {
    const b = await shopper();
    const shelf = await stockOf(t(), VARIANT, 1);
    const r = await reserve(b, { items: [{ EanNo: (await t().db.select().from(s.variants).where(eq(s.variants.id, VARIANT)))[0]!.ean, Count: 2, CampaignArticleID: null }] });
    expect(await stockOf(t(), VARIANT, 1)).toBe(shelf - 2);
    await t().db.update(s.reservations).set({ holdUntil: new Date(Date.now() - 1000) }).where(eq(s.reservations.id, r.ReservationID));
    const res = await payInShop(b, r.ReservationID);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ message: paymentTexts.expired });
    expect(await row(r.ReservationID)).toMatchObject({ statusId: 9, expiredAt: expect.any(Date), payInShopAt: null });
    expect(await stockOf(t(), VARIANT, 1)).toBe(shelf);
    // Asked again: still 410, nothing given back twice.
    expect((await payInShop(b, r.ReservationID)).statusCode).toBe(410);
    expect(await stockOf(t(), VARIANT, 1)).toBe(shelf);
  });

  it('a paid reservation is refused (409)', async () => {
    const b = await shopper();
    const r = await reserve(b);
    await t().db.update(s.reservations).set({ statusId: 3 }).where(eq(s.reservations.id, r.ReservationID));
    const res = await payInShop(b, r.ReservationID);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: paymentTexts.alreadyPaid });
  });

  it('the cap: a session holds two reservations to be paid in the shop; the third is refused (409) and keeps its payment hold', async () => {
    const b = await shopper();
    const rs = [await reserve(b), await reserve(b), await reserve(b)];
    expect((await payInShop(b, rs[0]!.ReservationID)).statusCode).toBe(200);
    expect((await payInShop(b, rs[1]!.ReservationID)).statusCode).toBe(200);
    const hold = await holdOf(rs[2]!.ReservationID);
    const refused = await payInShop(b, rs[2]!.ReservationID);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: TOO_MANY });
    expect(await row(rs[2]!.ReservationID)).toMatchObject({ holdUntil: new Date(hold), payInShopAt: null, version: 0 });
    // The two chosen ones still answer 200 (idempotent under the cap).
    expect((await payInShop(b, rs[0]!.ReservationID)).statusCode).toBe(200);
    // One of them collected and paid at the till: it no longer counts, and the third may be paid in the shop.
    await t().db.update(s.reservations).set({ statusId: 5 }).where(eq(s.reservations.id, rs[0]!.ReservationID));
    expect((await payInShop(b, rs[2]!.ReservationID)).statusCode).toBe(200);
  });

  it('the cap over rotating sessions on one address: the third session is refused', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < CAP + 2; i++) {
      const b = await shopper(address);
      statuses.push((await payInShop(b, (await reserve(b)).ReservationID)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 409, 409]);
    // A shopper on another address is not held back.
    const other = await shopper();
    expect((await payInShop(other, (await reserve(other)).ReservationID)).statusCode).toBe(200);
  });

  it('the cap for a logged-in customer over sessions and addresses', async () => {
    const customer = await newCustomer('Hamstre');
    const statuses: number[] = [];
    for (let i = 0; i < CAP + 1; i++) {
      const b = await shopper();
      await logIn(t(), b, customer);
      statuses.push((await payInShop(b, (await reserve(b)).ReservationID)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 409]);
  });

  it('five at once from one session: exactly two pass the cap', async () => {
    const b = await shopper();
    const rs = await Promise.all(Array.from({ length: 5 }, () => reserve(b)));
    const results = await Promise.all(rs.map((r) => payInShop(b, r.ReservationID)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 409, 409, 409]);
    const chosen = await t().db.select().from(s.reservations).where(and(inArray(s.reservations.id, rs.map((r) => r.ReservationID)), sql`${s.reservations.payInShopAt} is not null`));
    expect(chosen).toHaveLength(CAP);
  });

  it('an open online checkout is given up (its void confirmed at the provider); staff lay it out and hand it over "Betalt i butikken"', async () => {
    const b = await shopper();
    const shelf = await stockOf(t(), VARIANT, 1);
    const r = await reserve(b);
    const started = await b.post('/payments/klarna/orders', { reservationId: r.ReservationID });
    expect(started.statusCode, started.body).toBe(201);
    const order = started.json<RawPaymentOrder>();
    expect((await payInShop(b, r.ReservationID)).statusCode).toBe(200);
    const ops = await settledOperations(t(), r.ReservationID);
    expect(ops.map((o) => [o.kind, o.reason, o.state])).toEqual([['void', 'pay-in-shop', 'confirmed']]);
    const [payment] = await t().db.select().from(s.paymentOrders).where(eq(s.paymentOrders.reservationId, r.ReservationID));
    expect(payment).toMatchObject({ providerOrderId: order.OrderID, status: 'cancelled', authorizedAmount: 0 });
    expect((await eventsOf(r.ReservationID)).at(-1)).toMatchObject({ kind: 'pay-in-shop', detail: { checkoutsGivenUp: 1 } });

    // The shop's workspace: "Klar til henting" starts the pickup window again from now; the money is the till's.
    const oslo = await staffHeaders(t(), 'shop', [1], 'Nora Butikk');
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${origin}/api/v1${path}`, { method, headers: { ...oslo, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
      return { status: res.status, json: (await res.json()) as StaffReservationDetail & { message?: string } };
    };
    const act = async (action: string) => call('POST', `/staff/reservations/${r.ReservationID}/${action}`, { requestKey: randomUUID(), version: (await call('GET', `/staff/reservations/${r.ReservationID}`)).json.version });
    const ready = await act('ready');
    expect(ready.status, JSON.stringify(ready.json)).toBe(200);
    expect(ready.json).toMatchObject({ statusId: 4, handOver: { mode: 'in-shop', message: null } });
    expect(ready.json.holdUntil).toBe(ready.json.pickupUntil);
    expect(new Date(ready.json.pickupUntil!).getTime()).toBeGreaterThan(Date.now() + 71 * HOUR);
    expect(ready.json.events.map((e) => e.kind)).toEqual(['pay-in-shop', 'ready']);
    // Laid out, it still counts towards the cap while its pickup window runs (checked by the cap tests' query).
    const handed = await act('paid-in-shop');
    expect(handed.status, JSON.stringify(handed.json)).toBe(200);
    expect(handed.json).toMatchObject({ statusId: 5 });
    expect(handed.json.events.at(-1)).toMatchObject({ kind: 'paid-in-shop', detail: { paidInShop: true, amount: r.Total } });
    // Taken once, handed over: never back on the shelf.
    expect(await stockOf(t(), VARIANT, 1)).toBe(shelf - 1);
    // The shopper asking again after the hand-over: the same answer, nothing moves.
    expect((await payInShop(b, r.ReservationID)).statusCode).toBe(200);
  });

  it('expiry: an abandoned reservation returns its stock after its payment hold; one to be paid in the shop at the end of its pickup window', async () => {
    const b = await shopper();
    const shelf = await stockOf(t(), VARIANT, 1);
    const abandoned = await reserve(b);
    const collect = await reserve(b);
    expect((await payInShop(b, collect.ReservationID)).statusCode).toBe(200);
    expect(await stockOf(t(), VARIANT, 1)).toBe(shelf - 2);
    const ids = [abandoned.ReservationID, collect.ReservationID];

    await pass(ids, 29 * MINUTE);
    expect((await row(abandoned.ReservationID)).statusId).toBe(1);
    await pass(ids, 2 * MINUTE);
    expect(await row(abandoned.ReservationID)).toMatchObject({ statusId: 9, expiredAt: expect.any(Date) });
    expect((await eventsOf(abandoned.ReservationID)).map((e) => e.kind)).toEqual(['expired']);
    expect(await row(collect.ReservationID)).toMatchObject({ statusId: 1, expiredAt: null });
    expect(await stockOf(t(), VARIANT, 1)).toBe(shelf - 1);

    await pass(ids, 71 * HOUR);
    expect((await row(collect.ReservationID)).statusId).toBe(1);
    await pass(ids, HOUR);
    expect(await row(collect.ReservationID)).toMatchObject({ statusId: 9, expiredAt: expect.any(Date) });
    expect(await stockOf(t(), VARIANT, 1)).toBe(shelf);
    // Expired: the shopper is told as the payment step tells them.
    expect((await payInShop(b, collect.ReservationID)).statusCode).toBe(410);
  });

  it('is described in the OpenAPI document', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/api/docs/json' });
    const spec = res.json<{ paths: Record<string, Record<string, { tags?: string[]; responses: Record<string, unknown> }>> }>();
    const op = spec.paths['/api/v1/reservations/{id}/pay-in-shop']?.post;
    expect(op?.tags).toEqual(['checkout']);
    expect(Object.keys(op?.responses ?? {}).sort()).toEqual(['200', '400', '404', '409', '410', '422']);
  });
});
