/**
 * Holds that expire (issue 19): an unpaid reservation holds its stock for RESERVATION_HOLD_MINUTES, home delivery and
 * click-and-collect alike (issue 33; one the shopper chose to pay in the shop holds for RESERVATION_PICKUP_HOURS:
 * api/test/checkout/pay-in-shop.test.ts); then it is expired exactly once — status 9, stock back to the
 * shop it came from, open checkouts cancelled — however many sweeps race; the shopper who comes back is told in
 * Norwegian; logging in keeps the session's reservations. On every test database.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { RawPaymentOrder } from '@shop/contracts/types';
import * as s from '../../src/db/schema.js';
import { hashPassword } from '../../src/accounts/passwords.js';
import { expireDueReservations, expireIfDue } from '../../src/payments/expiry.js';
import { paymentTexts } from '../../src/payments/texts.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { ean13 } from '../support/fixtures.js';
import { makeShellTree } from '../accounts/browser.js';
import { HttpBrowser, openPaymentsShop, paymentsOf, paymentTestEnv, reserve, stateOf, stockOf } from './support.js';

const root = makeShellTree();
paymentTestEnv();

describe.each(testDatabaseKinds())('reservation holds on %s', (kind) => {
  const t = useTestApp(kind, { rootDir: root });
  let origin = '';
  beforeAll(async () => {
    origin = await openPaymentsShop(t());
  });
  const endHold = (id: number) => t().db.update(s.reservations).set({ holdUntil: new Date(Date.now() - 1000) }).where(eq(s.reservations.id, id));
  const holdOf = async (id: number) => (await t().db.select({ h: s.reservations.holdUntil }).from(s.reservations).where(eq(s.reservations.id, id)))[0]!.h!.getTime();

  it('a new reservation holds for the 30-minute payment hold, home delivery and click-and-collect alike', async () => {
    const b = await new HttpBrowser(origin).open();
    const before = Date.now();
    const home = await reserve(b, true, 1, false);
    const pickup = await reserve(b, false, 1);
    const after = Date.now();
    for (const r of [home, pickup]) {
      expect(await holdOf(r.ReservationID)).toBeGreaterThanOrEqual(before + 30 * 60_000 - 1000);
      expect(await holdOf(r.ReservationID)).toBeLessThanOrEqual(after + 30 * 60_000 + 1000);
    }
  });

  it('an unpaid click-and-collect reservation nobody chose to pay in the shop is expired when its payment hold ends: stock back to its shop', async () => {
    const b = await new HttpBrowser(origin).open();
    const shelf = await stockOf(t(), 1011, 1);
    const pickup = await reserve(b, false, 2);
    expect(await stockOf(t(), 1011, 1)).toBe(shelf - 2);
    await endHold(pickup.ReservationID);
    await paymentsOf(t()).sweep();
    expect(await stateOf(t(), pickup.ReservationID)).toMatchObject({ reservation: 9, expiredAt: expect.any(Date), order: 'cancelled' });
    expect(await stockOf(t(), 1011, 1)).toBe(shelf);
  });

  it('an ended hold gives the units back to the shop they came from, cancels the open checkout, and tells the shopper', async () => {
    const b = await new HttpBrowser(origin).open();
    // Variant 1013 has no web stock: home delivery takes it from shop 2.
    const res = await b.send('POST', '/reservations', {
      CustomerName: 'Kari Nordmann', Email: 'kari@example.no', Phone: '91234567', PostalCode: '0150', City: 'OSLO',
      Delivery: 1, Address: 'Storgata 1', ShopID: 0, shipping_method_id: 'delivery', items: [{ EanNo: ean13('701013'), Count: 2, CampaignArticleID: null }],
    });
    expect(res.status).toBe(201);
    const id = res.json.ReservationID as number;
    expect(await stockOf(t(), 1013, 2)).toBe(0);
    const order = (await b.send('POST', '/payments/klarna/orders', { reservationId: id })).json as RawPaymentOrder;

    await endHold(id);
    // The shopper comes back: expired on access, told in Norwegian.
    const late = await b.send('POST', '/payments/klarna/orders', { reservationId: id });
    expect(late).toEqual({ status: 410, json: expect.objectContaining({ message: paymentTexts.expired }) });
    expect(await stockOf(t(), 1013, 2)).toBe(2);
    expect(await stockOf(t(), 1013, 55)).toBe(0);
    await paymentsOf(t()).idle();
    const st = await stateOf(t(), id);
    expect(st).toMatchObject({ reservation: 9, order: 'cancelled', payments: [expect.objectContaining({ status: 'cancelled' })] });
    expect(st.operations.map((o) => [o.kind, o.state])).toEqual([['void', 'confirmed']]);
    // Its checkout is refused if the shopper still tries to pay it.
    const pageRes = await fetch(`${origin}/api/v1/payments/klarna/validate?klarna_order_id=${order.OrderID}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', redirect: 'manual' });
    expect(pageRes.status).toBe(303);
    // Sweeping again changes nothing.
    expect(await expireDueReservations(t().db)).toEqual([]);
    expect(await stockOf(t(), 1013, 2)).toBe(2);
  });

  it('many sweeps and accesses racing expire each reservation exactly once', async () => {
    const b = await new HttpBrowser(origin).open();
    const web = await stockOf(t(), 1011, 55);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await reserve(b, true, 1, false)).ReservationID);
    expect(await stockOf(t(), 1011, 55)).toBe(web - 4);
    for (const id of ids) await endHold(id);
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () => expireDueReservations(t().db)),
      ...ids.map((id) => expireIfDue(t().db, id)),
      ...ids.map((id) => expireIfDue(t().db, id)),
    ]);
    const expiredBySweeps = results.slice(0, 4).flat() as number[];
    const expiredByAccess = (results.slice(4) as boolean[]).filter(Boolean).length;
    expect(expiredBySweeps.length + expiredByAccess).toBe(4);
    expect(new Set(expiredBySweeps).size).toBe(expiredBySweeps.length);
    expect(await stockOf(t(), 1011, 55)).toBe(web);
  });

  it('an expired reservation gives its promo-code use back (the redemption the creation recorded)', async () => {
    const b = await new HttpBrowser(origin).open();
    const r = await reserve(b, true, 1, true);
    const [code] = await t().db.select().from(s.promocodes).where(eq(s.promocodes.name, 'STAUT15'));
    // What the promo-code cap records at creation (issue 18's redemption), written here so this test stands alone.
    await t().db.delete(s.promocodeRedemptions).where(eq(s.promocodeRedemptions.reservationId, r.ReservationID));
    await t().db.insert(s.promocodeRedemptions).values({ promocodeId: code!.id, reservationId: r.ReservationID, email: 'kari@example.no', emailKey: 'kari@example.no' });
    await t().db.update(s.promocodes).set({ uses: 1 }).where(eq(s.promocodes.id, code!.id));
    await endHold(r.ReservationID);
    expect(await expireDueReservations(t().db)).toEqual([r.ReservationID]);
    expect(await t().db.select().from(s.promocodeRedemptions).where(eq(s.promocodeRedemptions.reservationId, r.ReservationID))).toEqual([]);
    expect((await t().db.select({ uses: s.promocodes.uses }).from(s.promocodes).where(eq(s.promocodes.id, code!.id)))[0]!.uses).toBe(0);
  });

  it('a paid reservation is never expired', async () => {
    const b = await new HttpBrowser(origin).open();
    const r = await reserve(b, true, 1, false);
    await t().db.update(s.reservations).set({ statusId: 3, holdUntil: new Date(Date.now() - 1000) }).where(eq(s.reservations.id, r.ReservationID));
    const web = await stockOf(t(), 1011, 55);
    await paymentsOf(t()).sweep();
    expect((await stateOf(t(), r.ReservationID)).reservation).toBe(3);
    expect(await stockOf(t(), 1011, 55)).toBe(web);
  });

  it('logging in keeps the reservation: it moves to the new session and the customer, and can be paid', async () => {
    const email = `pay.${Date.now()}@example.no`;
    const [customer] = await t().db
      .insert(s.customers)
      .values({ firstName: 'Ola', lastName: 'Nordmann', email, phone: '98765432', passwordHash: await hashPassword('Fjelltur-2026!'), termsConditions: true })
      .returning({ id: s.customers.id });
    const b = await new HttpBrowser(origin).open();
    const r = await reserve(b, true, 1, false);
    const oldCookie = b.cookie;
    const login = await b.send('POST', '/customers/login', { username: email, password: 'Fjelltur-2026!' });
    expect(login.status).toBe(200);
    expect(b.cookie).not.toBe(oldCookie);
    const [row] = await t().db.select().from(s.reservations).where(eq(s.reservations.id, r.ReservationID));
    expect(row!.customerId).toBe(customer!.id);
    const started = await b.send('POST', '/payments/klarna/orders', { reservationId: r.ReservationID });
    expect(started.status).toBe(201);
    // The old (rotated) cookie owns nothing any more.
    const thief = new HttpBrowser(origin);
    thief.cookie = oldCookie;
    await thief.open();
    expect((await thief.send('POST', '/payments/klarna/orders', { reservationId: r.ReservationID })).status).toBe(404);
  });
});
