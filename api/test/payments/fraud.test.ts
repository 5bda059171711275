/**
 * Kustom's fraud review of a completed order (pending orders,
 * https://docs.klarna.com/order-management/in-depth-knowledge/pending-orders) over real HTTP on every test database:
 * the Kustom stand-in completes an order with fraud_status PENDING; the shop stores it when it reads the order and
 * refuses the hand-over; Kustom's decision arrives at merchant_urls.notification, the shop re-reads the order and
 * follows it — ACCEPTED: the goods may leave; REJECTED (or STOPPED): the reservation is cancelled, its stock returned
 * and the authorisation cancelled at Kustom.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { RESERVATION_STATUS as S } from '@shop/contracts/constants';
import type { StaffReservationDetail } from '@shop/contracts/types';
import * as s from '../../src/db/schema.js';
import { fulfilmentTexts } from '../../src/fulfilment/texts.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { makeShellTree } from '../accounts/browser.js';
import { HttpBrowser, klarnaManagement, openPaymentsShop, paymentsOf, paymentTestEnv, payReservation, reserve, staffHeaders, waitFor } from './support.js';

const root = makeShellTree();
paymentTestEnv(100);
const VARIANT = 1011;
const TRACKING = 'https://sporing.posten.no/sporing/1';

describe.each(testDatabaseKinds())('Kustom fraud review on %s', (kind) => {
  const t = useTestApp(kind, { rootDir: root });
  let origin = '';
  let admin: Record<string, string> = {};
  beforeAll(async () => {
    origin = await openPaymentsShop(t());
    admin = await staffHeaders(t(), 'admin', [], 'Ada Admin');
  });

  const control = async (path: string, body: unknown) => {
    const res = await fetch(`${origin}/stand-in/klarna/_control/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(res.status, path).toBe(200);
    return res.json();
  };
  const staff = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${origin}/api/v1${path}`, { method, headers: { ...admin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : null) as StaffReservationDetail & { message?: string } };
  };
  const ship = async (id: number) => {
    const { version } = (await staff('GET', `/staff/reservations/${id}`)).json;
    return staff('POST', `/staff/reservations/${id}/shipped`, { requestKey: randomUUID(), version, trackingUrl: TRACKING });
  };
  const payment = async (id: number) => (await t().db.select().from(s.paymentOrders).where(eq(s.paymentOrders.id, id)))[0]!;
  const reservation = async (id: number) => (await t().db.select().from(s.reservations).where(eq(s.reservations.id, id)))[0]!;
  const stockTotal = async () => {
    const [row] = await t().db.select({ qty: sql<number>`coalesce(sum(${s.stock.qty}), 0)::int` }).from(s.stock).where(eq(s.stock.variantId, VARIANT));
    return Number(row!.qty);
  };
  /** A home delivery of 2 units paid with Kustom, its fraud review still pending. */
  const pendingPaid = async () => {
    await control('fraud', { status: 'PENDING', times: 1 });
    const b = await new HttpBrowser(origin).open();
    const r = await reserve(b, true, 2, false);
    const { order, paymentId } = await payReservation(t(), origin, b, r.ReservationID, 'klarna');
    expect(await payment(paymentId)).toMatchObject({ status: 'paid', fraudStatus: 'PENDING' });
    return { r, order, paymentId };
  };

  it('a pending payment cannot be handed over (422, why in Norwegian); ACCEPTED at Kustom reaches the shop and then it can', async () => {
    const { r, order, paymentId } = await pendingPaid();
    const refused = await ship(r.ReservationID);
    expect(refused).toMatchObject({ status: 422, json: { message: fulfilmentTexts.fraudPending } });
    // The workspace shows why.
    expect((await staff('GET', `/staff/reservations/${r.ReservationID}`)).json.payment).toMatchObject({ provider: 'klarna', fraudStatus: 'PENDING' });
    expect(await reservation(r.ReservationID)).toMatchObject({ statusId: S.paid });
    expect((await klarnaManagement(origin, order.OrderID)).json).toMatchObject({ status: 'AUTHORIZED', captured_amount: 0 });

    // Kustom's decision goes to merchant_urls.notification; the shop re-reads the order and follows it.
    await control(`orders/${order.OrderID}/fraud`, { decision: 'ACCEPTED' });
    expect((await waitFor(() => payment(paymentId), (p) => p.fraudStatus === 'ACCEPTED')).fraudStatus).toBe('ACCEPTED');
    const shipped = await ship(r.ReservationID);
    expect(shipped.status, JSON.stringify(shipped.json)).toBe(200);
    await paymentsOf(t()).idle();
    await expect.poll(async () => (await klarnaManagement(origin, order.OrderID)).json, { timeout: 5000 }).toMatchObject({ status: 'CAPTURED', captured_amount: r.Total });
    const events = await t().db.select().from(s.reservationEvents).where(and(eq(s.reservationEvents.reservationId, r.ReservationID), eq(s.reservationEvents.kind, 'fraud-status')));
    expect(events.map((e) => (e.detail as { fraudStatus: string }).fraudStatus)).toEqual(['PENDING', 'ACCEPTED']);
  });

  it.each(['REJECTED', 'STOPPED'] as const)('%s at Kustom cancels the reservation: stock back, authorisation cancelled, no hand-over', async (decision) => {
    const before = await stockTotal();
    const { r, order, paymentId } = await pendingPaid();
    expect(await stockTotal()).toBe(before - 2);

    await control(`orders/${order.OrderID}/fraud`, { decision });
    await waitFor(() => reservation(r.ReservationID), (x) => x.statusId === S.cancelled);
    expect(await payment(paymentId)).toMatchObject({ fraudStatus: 'REJECTED' });
    expect(await stockTotal()).toBe(before);
    await paymentsOf(t()).idle();
    await expect.poll(async () => (await klarnaManagement(origin, order.OrderID)).json.status, { timeout: 5000 }).toBe('CANCELLED');
    const [o] = await t().db.select({ status: s.orders.status }).from(s.orders).where(eq(s.orders.reservationId, r.ReservationID));
    expect(o!.status).toBe('cancelled');
    // The same decision again (Kustom retries a notification) changes nothing: no stock returned twice.
    const again = await fetch(`${origin}/api/v1/payments/klarna/notification?klarna_order_id=${order.OrderID}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ order_id: order.OrderID, event_type: `FRAUD_RISK_${decision}` }) });
    expect(again.status).toBe(200);
    expect(await stockTotal()).toBe(before);
    expect((await ship(r.ReservationID)).status).toBe(409);
  });

  it('a forged notification changes nothing: the shop believes only what Kustom answers', async () => {
    const { r, order, paymentId } = await pendingPaid();
    const forged = await fetch(`${origin}/api/v1/payments/klarna/notification?klarna_order_id=${order.OrderID}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ order_id: order.OrderID, event_type: 'FRAUD_RISK_ACCEPTED' }) });
    expect(forged.status).toBe(200);
    expect(await payment(paymentId)).toMatchObject({ fraudStatus: 'PENDING' });
    expect((await ship(r.ReservationID)).json.message).toBe(fulfilmentTexts.fraudPending);
  });

  it('a decision whose notification is lost is read by the sweep once the review has waited a while', async () => {
    const { order, paymentId } = await pendingPaid();
    await control('faults', { seed: 7, dropNotificationRate: 1 });
    await control(`orders/${order.OrderID}/fraud`, { decision: 'ACCEPTED' });
    await paymentsOf(t()).sweep();
    expect((await payment(paymentId)).fraudStatus, 'not re-read before the review has waited').toBe('PENDING');
    await t().db.update(s.paymentOrders).set({ updatedAt: new Date(Date.now() - 11 * 60_000) }).where(eq(s.paymentOrders.id, paymentId));
    await paymentsOf(t()).sweep();
    expect((await payment(paymentId)).fraudStatus).toBe('ACCEPTED');
    await control('faults', {});
  });

  it('stopped after the goods left the shop: nothing to cancel, the payment is flagged for staff to follow up', async () => {
    const { r, order, paymentId } = await pendingPaid();
    await control(`orders/${order.OrderID}/fraud`, { decision: 'ACCEPTED' });
    await waitFor(() => payment(paymentId), (p) => p.fraudStatus === 'ACCEPTED');
    expect((await ship(r.ReservationID)).status).toBe(200);
    await paymentsOf(t()).idle();
    const stopped = await fetch(`${origin}/stand-in/klarna/_control/orders/${order.OrderID}/fraud`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ decision: 'STOPPED' }) });
    expect(stopped.status).toBe(200);
    const flagged = await waitFor(() => payment(paymentId), (p) => p.discrepancy !== null);
    expect(flagged.discrepancy).toMatch(/etter at varene var utlevert/);
    expect(await reservation(r.ReservationID)).toMatchObject({ statusId: S.shipped });
    const followUp = (await staff('GET', '/payments/staff/follow-up')).json as unknown as { items: Array<{ paymentId: number }> };
    expect(followUp.items.map((i) => i.paymentId)).toContain(paymentId);
  });
});
