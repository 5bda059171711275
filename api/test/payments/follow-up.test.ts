/**
 * Reconciliation and the staff follow-up list: a payment whose record disagrees with the provider's own ledger is
 * flagged (and cleared once it agrees again), operations the shop could not settle are listed and settled by hand
 * with a reason in the audit trail, and who may do what (the role matrix of the new routes).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { STAFF_ROLES } from '@shop/contracts/constants';
import { formatMoney } from '@shop/contracts/format';
import type { RawPaginated, RawReservation, ReconcileAnswer, StaffFollowUpItem, StaffPaymentOperation, StaffReservationDetail } from '@shop/contracts/types';
import * as s from '../../src/db/schema.js';
import { reconcileTexts } from '../../src/payments/reconcile.js';
import { fulfilmentTexts } from '../../src/fulfilment/texts.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { makeShellTree } from '../accounts/browser.js';
import { HttpBrowser, openPaymentsShop, paymentsOf, payReservation, paymentTestEnv, reserve, staffHeaders } from './support.js';

const root = makeShellTree();
paymentTestEnv(100);

describe.each(testDatabaseKinds())('payment follow-up on %s', (kind) => {
  const t = useTestApp(kind, { rootDir: root });
  let origin = '';
  let admin: Record<string, string> = {};
  let service: Record<string, string> = {};
  beforeAll(async () => {
    origin = await openPaymentsShop(t());
    admin = await staffHeaders(t());
    service = await staffHeaders(t(), STAFF_ROLES.customerService, [], 'Kari Kundeservice');
  });

  const paid = async (provider: 'klarna' | 'qliro', home = provider === 'klarna') => {
    const b = await new HttpBrowser(origin).open();
    const r = await reserve(b, home, 2, false);
    const { order, paymentId } = await payReservation(t(), origin, b, r.ReservationID, provider);
    return { r, order, paymentId };
  };
  const call = async <T>(method: string, path: string, headers: Record<string, string>, body?: unknown) => {
    const res = await fetch(`${origin}/api/v1${path}`, {
      method,
      headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as T & { message?: string } };
  };
  const followUp = async (headers = admin) => (await call<{ items: StaffFollowUpItem[] }>('GET', '/payments/staff/follow-up', headers)).json.items;
  const reconcile = (paymentId?: number, headers = admin) => call<ReconcileAnswer>('POST', '/payments/staff/reconcile', headers, paymentId === undefined ? {} : { paymentId });
  const resolve = (id: number, body: unknown, headers = admin) => call<StaffPaymentOperation>('POST', `/payments/staff/operations/${id}/resolve`, headers, body);
  const capture = (paymentId: number, amount?: number) =>
    call<StaffPaymentOperation>('POST', `/payments/staff/payments/${paymentId}/operations`, admin, { kind: 'capture', reason: 'Test: by hand', requestKey: randomUUID(), ...(amount ? { amount } : {}) });
  const payment = async (id: number) => (await t().db.select().from(s.paymentOrders).where(eq(s.paymentOrders.id, id)))[0]!;
  /** An operation the shop could not settle (as the operations queue leaves one after its retries ran out). */
  const unknownOp = async (paymentId: number, reservationId: number, kind: string, amount: number | null) =>
    (
      await t()
        .db.insert(s.paymentOperations)
        .values({ paymentOrderId: paymentId, reservationId, kind, amount, idempotencyKey: randomUUID(), reason: 'staff', state: 'unknown', attempts: 8, followUp: 'Kustom svarte ikke på 48 timer; ukjent om trekket er gjort.', doneAt: new Date() })
        .returning()
    )[0]!;

  it('a captured amount the shop got wrong is flagged with both amounts, listed, and cleared once it agrees again', async () => {
    const { r, paymentId } = await paid('klarna');
    expect((await capture(paymentId)).json.state).toBe('confirmed');
    const agreed = await reconcile(paymentId);
    expect(agreed).toMatchObject({ status: 200, json: { checked: 1, differs: 0, results: [{ paymentId, outcome: 'agrees', discrepancy: null }] } });
    expect((await payment(paymentId)).reconciledAt).not.toBeNull();

    // The shop's record goes wrong (as a lost confirmation would leave it).
    await t().db.update(s.paymentOrders).set({ capturedAmount: 0 }).where(eq(s.paymentOrders.id, paymentId));
    const differs = await reconcile(paymentId, service);
    const expected = `Kustom har trukket ${formatMoney(r.Total)}, butikken har registrert ${formatMoney(0)}.`;
    expect(differs.json).toMatchObject({ checked: 1, differs: 1, results: [{ outcome: 'differs', discrepancy: expected }] });
    expect((await payment(paymentId)).discrepancy).toBe(expected);
    expect((await followUp()).find((i) => i.paymentId === paymentId)).toMatchObject({ type: 'payment', kind: 'discrepancy', reservationId: r.ReservationID, provider: 'klarna', known: expected, state: 'paid' });
    const flagged = (await call<{ payments: Array<{ id: number; discrepancy: string | null }> }>('GET', '/payments/staff/flagged', admin)).json.payments;
    expect(flagged.find((p) => p.id === paymentId)?.discrepancy).toBe(expected);
    // The workspace's reservation shows it too.
    const detail = (await call<StaffReservationDetail>('GET', `/staff/reservations/${r.ReservationID}`, admin)).json;
    expect(detail.payment).toMatchObject({ discrepancy: expected, capturedAmount: 0, pendingCapture: 0, unknownOperations: 0 });

    await t().db.update(s.paymentOrders).set({ capturedAmount: r.Total }).where(eq(s.paymentOrders.id, paymentId));
    // The sweep-style run (all due payments) finds it agrees again.
    const all = await reconcile();
    expect(all.json.results.find((x) => x.paymentId === paymentId)).toMatchObject({ outcome: 'agrees', discrepancy: null });
    expect((await payment(paymentId)).discrepancy).toBeNull();
    expect((await followUp()).some((i) => i.paymentId === paymentId)).toBe(false);
  });

  it('a payment with an operation in flight is not compared; an unreachable provider leaves the row as it was', async () => {
    const { r, paymentId } = await paid('klarna');
    const [op] = await t()
      .db.insert(s.paymentOperations)
      .values({ paymentOrderId: paymentId, reservationId: r.ReservationID, kind: 'capture', amount: 1000, idempotencyKey: randomUUID(), reason: 'staff', state: 'queued', nextAttemptAt: new Date(Date.now() + 3_600_000) })
      .returning();
    expect((await reconcile(paymentId)).json).toMatchObject({ checked: 0, skipped: 1, results: [{ outcome: 'in-flight' }] });
    expect((await payment(paymentId)).reconciledAt).toBeNull();
    await t().db.delete(s.paymentOperations).where(eq(s.paymentOperations.id, op!.id));

    await t().db.update(s.paymentOrders).set({ discrepancy: 'tidligere funn', capturedAmount: 1 }).where(eq(s.paymentOrders.id, paymentId));
    await fetch(`${origin}/stand-in/klarna/_control/fail`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 503, times: 1 }) });
    expect((await reconcile(paymentId)).json).toMatchObject({ checked: 0, skipped: 1, results: [{ outcome: 'unreachable', discrepancy: 'tidligere funn' }] });
    expect(await payment(paymentId)).toMatchObject({ discrepancy: 'tidligere funn', reconciledAt: null });
  });

  it('an operation to be followed up is listed with what is known, and settled by hand: confirmed books it, with the reason in the audit trail', async () => {
    const { r, paymentId } = await paid('klarna');
    const op = await unknownOp(paymentId, r.ReservationID, 'capture', 5000);
    const item = (await followUp()).find((i) => i.operationId === op.id);
    expect(item).toMatchObject({ type: 'operation', paymentId, reservationId: r.ReservationID, kind: 'capture', state: 'unknown', amount: 5000, known: op.followUp });
    const detail = (await call<StaffReservationDetail>('GET', `/staff/reservations/${r.ReservationID}`, admin)).json;
    expect(detail.payment).toMatchObject({ unknownOperations: 1 });
    expect(detail.payment!.operations.find((o) => o.id === op.id)).toMatchObject({ state: 'unknown', followUp: op.followUp });

    expect(await resolve(op.id, { outcome: 'confirmed', reason: '   ' })).toMatchObject({ status: 422, json: { message: reconcileTexts.reasonRequired } });
    const done = await resolve(op.id, { outcome: 'confirmed', reason: 'Sett i Kustoms portal: trukket 50 kr.' }, service);
    expect(done).toMatchObject({ status: 200, json: { id: op.id, state: 'confirmed', amount: 5000 } });
    expect((await payment(paymentId)).capturedAmount).toBe(5000);
    const [event] = await t().db.select().from(s.reservationEvents).where(and(eq(s.reservationEvents.reservationId, r.ReservationID), eq(s.reservationEvents.kind, 'payment-resolved')));
    expect(event).toMatchObject({ actorName: 'Kari Kundeservice', detail: { operationId: op.id, outcome: 'confirmed', reason: 'Sett i Kustoms portal: trukket 50 kr.' } });
    expect((await followUp()).some((i) => i.operationId === op.id)).toBe(false);
    // Settled once: a second answer is refused, nothing booked twice.
    expect(await resolve(op.id, { outcome: 'refused', reason: 'Feil' })).toMatchObject({ status: 409, json: { message: reconcileTexts.notUnknown } });
    expect((await payment(paymentId)).capturedAmount).toBe(5000);

    const refund = await unknownOp(paymentId, r.ReservationID, 'refund', 2000);
    expect((await resolve(refund.id, { outcome: 'refused', reason: 'Kustom har ingen refusjon registrert.' })).json).toMatchObject({ state: 'refused' });
    expect((await payment(paymentId)).refundedAmount).toBe(0);
    // A refused refund nothing has made up for stays on the list, with what is known.
    expect((await followUp()).find((i) => i.operationId === refund.id)).toMatchObject({ state: 'refused' });
    expect(await resolve(999_999, { outcome: 'refused', reason: 'x' })).toMatchObject({ status: 404, json: { message: reconcileTexts.operationNotFound } });
  });

  it('who may: staff see the list (shop staff their shops only); reconcile and resolve are customer service and admin only', async () => {
    const { r, paymentId } = await paid('qliro', false); // click-and-collect at shop 1
    const op = await unknownOp(paymentId, r.ReservationID, 'capture', 1000);
    const [other] = await t().db.select({ id: s.shops.id }).from(s.shops).where(and(eq(s.shops.id, 2)));
    const shopOne = await staffHeaders(t(), STAFF_ROLES.shop, [1], 'Berit Butikk');
    const elsewhere = await staffHeaders(t(), STAFF_ROLES.shop, other ? [other.id] : [], 'Per Annenbutikk');
    const b = await new HttpBrowser(origin).open();
    const anonymous = { cookie: b.cookie, 'x-csrf-token': b.token, 'x-requested-with': 'XMLHttpRequest' };
    const shopper = await staffHeaders(t(), 'customer' as never, [], 'Ola Kunde');
    const routes = [
      () => call('GET', '/payments/staff/follow-up', anonymous),
      () => reconcile(paymentId, anonymous),
      () => resolve(op.id, { outcome: 'refused', reason: 'x' }, anonymous),
    ];
    for (const route of routes) expect(await route()).toMatchObject({ status: 401, json: { message: fulfilmentTexts.unauthenticated } });
    expect((await call('GET', '/payments/staff/follow-up', shopper)).status).toBe(403);
    expect((await reconcile(paymentId, shopper)).status).toBe(403);
    expect((await resolve(op.id, { outcome: 'refused', reason: 'x' }, shopper)).status).toBe(403);

    expect((await followUp(shopOne)).some((i) => i.operationId === op.id)).toBe(true);
    expect((await followUp(shopOne)).find((i) => i.operationId === op.id)).toMatchObject({ shopId: 1 });
    expect((await followUp(elsewhere)).some((i) => i.reservationId === r.ReservationID)).toBe(false);
    expect(await reconcile(paymentId, shopOne)).toMatchObject({ status: 403, json: { message: reconcileTexts.reconcileOnly } });
    expect(await resolve(op.id, { outcome: 'refused', reason: 'x' }, shopOne)).toMatchObject({ status: 403, json: { message: reconcileTexts.resolveOnly } });
    expect((await t().db.select().from(s.paymentOperations).where(eq(s.paymentOperations.id, op.id)))[0]!.state).toBe('unknown');

    expect((await followUp(service)).some((i) => i.operationId === op.id)).toBe(true);
    expect((await reconcile(paymentId, service)).status).toBe(200);
    expect((await resolve(op.id, { outcome: 'refused', reason: 'Qliro viser ingen slik transaksjon.' }, admin)).json.state).toBe('refused');
  });

  it("the customer's history: RefundPending while a refund is on its way, RefundedAmount once the provider confirmed it", async () => {
    const { r, paymentId } = await paid('klarna');
    expect((await capture(paymentId)).json.state).toBe('confirmed');
    const customer = await staffHeaders(t(), 'customer' as never, [], 'Kari Nordmann');
    const [session] = await t().db.select({ customerId: s.sessions.customerId }).from(s.sessions).where(eq(s.sessions.csrfToken, customer['x-csrf-token']!));
    await t().db.update(s.reservations).set({ customerId: session!.customerId }).where(eq(s.reservations.id, r.ReservationID));
    const history = async () => (await call<RawPaginated<RawReservation>>('GET', '/customers/current/reservations', customer)).json.data.find((x) => x.ReservationID === r.ReservationID)!;
    expect(await history()).toMatchObject({ RefundedAmount: 0, RefundPending: false });

    // A refund decided but not yet at the provider (its next attempt is later).
    const [queued] = await t()
      .db.insert(s.paymentOperations)
      .values({ paymentOrderId: paymentId, reservationId: r.ReservationID, kind: 'refund', amount: 5000, idempotencyKey: randomUUID(), reason: 'staff', nextAttemptAt: new Date(Date.now() + 3_600_000) })
      .returning();
    expect(await history()).toMatchObject({ RefundedAmount: 0, RefundPending: true });
    await t().db.update(s.paymentOperations).set({ nextAttemptAt: new Date() }).where(eq(s.paymentOperations.id, queued!.id));
    await paymentsOf(t()).sweep();
    expect((await t().db.select().from(s.paymentOperations).where(eq(s.paymentOperations.id, queued!.id)))[0]!.state).toBe('confirmed');
    expect(await history()).toMatchObject({ RefundedAmount: 5000, RefundPending: false });
  });
});
