/**
 * Partial hand-over at the provider (issue 20): a partial capture naming product lines, shipping ('frakt') and the
 * discount ('rabatt') captures exactly the handed-over amount at each stand-in; a release then gives back the rest
 * (nothing more can be captured, at the shop or at the provider); a part is refunded. And a payment's operations
 * reach the provider in the order they were queued, even with several workers on the queue. On every test database.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as s from '../../src/db/schema.js';
import { claimOperation, enqueueOperation, runDueOperations } from '../../src/payments/operations.js';
import { qliroToken } from '../../src/payments/qliro.js';
import { paymentTexts } from '../../src/payments/texts.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { makeShellTree } from '../accounts/browser.js';
import { HttpBrowser, klarnaManagement, openPaymentsShop, paymentsOf, paymentTestEnv, payReservation, reserve, settledOperations, staffHeaders } from './support.js';

const root = makeShellTree();
paymentTestEnv(100);

describe.each(testDatabaseKinds())('partial hand-over on %s', (kind) => {
  const t = useTestApp(kind, { rootDir: root });
  let origin = '';
  let staff: Record<string, string> = {};
  beforeAll(async () => {
    origin = await openPaymentsShop(t());
    staff = await staffHeaders(t());
  });

  /** A home delivery of 2 units with shipping and the STAUT15 discount, paid with `provider`. */
  const paid = async (provider: 'klarna' | 'qliro') => {
    const b = await new HttpBrowser(origin).open();
    const r = await reserve(b, true, 2, true);
    const { order, paymentId } = await payReservation(t(), origin, b, r.ReservationID, provider);
    const [reservation] = await t().db.select().from(s.reservations).where(eq(s.reservations.id, r.ReservationID));
    const [line] = await t().db.select().from(s.reservationLines).where(eq(s.reservationLines.reservationId, r.ReservationID));
    expect(reservation!.shippingPrice).toBeGreaterThan(0);
    expect(reservation!.discount).toBeGreaterThan(0);
    return { reservation: reservation!, line: line!, order, paymentId };
  };
  const operate = async (paymentId: number, body: Record<string, unknown>) => {
    const res = await fetch(`${origin}/api/v1/payments/staff/payments/${paymentId}/operations`, {
      method: 'POST',
      headers: { ...staff, 'content-type': 'application/json' },
      body: JSON.stringify({ requestKey: randomUUID(), reason: 'Test: by hand', ...body }),
    });
    return { status: res.status, json: (await res.json()) as { state: string; amount: number | null; lastError: string | null; message?: string } };
  };
  const payment = async (id: number) => (await t().db.select().from(s.paymentOrders).where(eq(s.paymentOrders.id, id)))[0]!;
  /** What the Qliro stand-in did, in øre (its own ledger: Capture, Refund and Reversal transactions that succeeded). */
  const qliroAdmin = async (orderId: string) => {
    const res = await fetch(`${origin}/stand-in/qliro/_control/orders/${orderId}/ledger`);
    const json = (await res.json()) as { captured: number; refunded: number; cancelled: boolean; transactions: Array<{ kind: string; amount: number; status: string }> };
    const reversed = json.transactions.filter((x) => x.kind === 'cancel' && x.status === 'settled').reduce((a, x) => a + x.amount, 0);
    return { captured: json.captured, refunded: json.refunded, reversed, cancelled: json.cancelled };
  };
  /** Each staff operation settles: Kustom at once, Qliro once its notification made the shop read the order. */
  const settled = async (reservationId: number, res: { status: number; json: { state: string; amount: number | null } }) => {
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const ops = await settledOperations(t(), reservationId);
    return { state: ops[ops.length - 1]!.state, amount: ops[ops.length - 1]!.amount };
  };

  it.each(['klarna', 'qliro'] as const)('%s: capture one unit + shipping − discount exactly, release the rest, refund the unit with its discount', async (provider) => {
    const { reservation, line, order, paymentId } = await paid(provider);
    const handedOver = line.price + reservation.shippingPrice - reservation.discount;
    const lines = [{ reference: line.ean, quantity: 1 }, { reference: 'frakt', quantity: 1 }, { reference: 'rabatt', quantity: 1 }];

    expect(await settled(reservation.id, await operate(paymentId, { kind: 'capture', lines }))).toEqual({ state: 'confirmed', amount: handedOver });
    if (provider === 'klarna') expect((await klarnaManagement(origin, order.OrderID)).json).toMatchObject({ status: 'PART_CAPTURED', captured_amount: handedOver });
    else expect((await qliroAdmin(order.OrderID)).captured).toBe(handedOver);

    expect(await settled(reservation.id, await operate(paymentId, { kind: 'release' }))).toEqual({ state: 'confirmed', amount: reservation.total - handedOver });
    expect(await payment(paymentId)).toMatchObject({ capturedAmount: handedOver, authorizedAmount: handedOver, status: 'paid' });
    if (provider === 'klarna') {
      expect((await klarnaManagement(origin, order.OrderID)).json).toMatchObject({ status: 'CAPTURED', captured_amount: handedOver, remaining_authorized_amount: 0 });
    } else {
      // The unit not handed over is reversed: the order's total minus what was captured.
      expect(await qliroAdmin(order.OrderID)).toMatchObject({ captured: handedOver, reversed: reservation.total - handedOver, cancelled: true });
    }
    // Nothing more can be captured, nor released twice.
    expect(await operate(paymentId, { kind: 'capture', lines: [{ reference: line.ean, quantity: 1 }] })).toMatchObject({ status: 422, json: { message: paymentTexts.operationAmount } });
    expect(await operate(paymentId, { kind: 'release' })).toMatchObject({ status: 422, json: { message: paymentTexts.operationNotAllowed } });

    // The unit comes back: refunded with the discount it carried (the unit alone is more than was captured).
    expect(await operate(paymentId, { kind: 'refund', lines: [{ reference: line.ean, quantity: 1 }] })).toMatchObject({ status: 422, json: { message: paymentTexts.operationAmount } });
    const returned = line.price - reservation.discount;
    expect(await settled(reservation.id, await operate(paymentId, { kind: 'refund', lines: [{ reference: line.ean, quantity: 1 }, { reference: 'rabatt', quantity: 1 }] }))).toEqual({ state: 'confirmed', amount: returned });
    expect(await payment(paymentId)).toMatchObject({ refundedAmount: returned });
    if (provider === 'klarna') expect((await klarnaManagement(origin, order.OrderID)).json).toMatchObject({ refunded_amount: returned });
    else expect((await qliroAdmin(order.OrderID)).refunded).toBe(returned);
  });

  it('Klarna refuses a release with nothing captured, in its own error shape; a repeated key gets the first answer', async () => {
    const { order } = await paid('klarna');
    const url = `${origin}/stand-in/klarna/ordermanagement/v1/orders/${order.OrderID}/release-remaining-authorization`;
    const auth = { authorization: `Basic ${Buffer.from('standin:standin').toString('base64')}` };
    const refused = await fetch(url, { method: 'POST', headers: auth });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error_code: 'NOT_ALLOWED', error_messages: [expect.any(String)], correlation_id: expect.any(String) });

    const key = randomUUID();
    const captured = await fetch(`${origin}/stand-in/klarna/ordermanagement/v1/orders/${order.OrderID}/captures`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json', 'klarna-idempotency-key': randomUUID() }, body: JSON.stringify({ captured_amount: 100 }) });
    expect(captured.status).toBe(201);
    const first = await fetch(url, { method: 'POST', headers: { ...auth, 'klarna-idempotency-key': key } });
    const again = await fetch(url, { method: 'POST', headers: { ...auth, 'klarna-idempotency-key': key } });
    expect([first.status, again.status]).toEqual([204, 204]);
    expect((await fetch(url, { method: 'POST', headers: { ...auth, 'klarna-idempotency-key': randomUUID() } })).status).toBe(403);
  });

  it.each(['klarna', 'qliro'] as const)('%s: a release queued right after a capture waits for it, with two workers on the queue', async (provider) => {
    const { reservation, line, order, paymentId } = await paid(provider);
    const lines = [{ reference: line.ean, quantity: 1 }];
    const queue = async (kind: 'capture' | 'release', amount: number, opLines: typeof lines | null) =>
      (await enqueueOperation(t().db, { paymentOrderId: paymentId, reservationId: reservation.id, kind, amount, lines: opLines, key: `order-test:${randomUUID()}`, reason: 'staff' })).op;
    const capture = await queue('capture', line.price, lines);
    const release = await queue('release', reservation.total - line.price, null);

    // While the capture is taken (its request out), the release is not due for anyone.
    const first = await claimOperation(t().db, 60_000);
    expect(first?.id).toBe(capture.id);
    expect(await claimOperation(t().db, 60_000)).toBeNull();
    expect(await claimOperation(t().db, 60_000, release.id)).toBeNull();
    await t().db.update(s.paymentOperations).set({ state: 'queued', attempts: 0, lockedUntil: null, nextAttemptAt: new Date() }).where(eq(s.paymentOperations.id, capture.id));

    // Two processes' workers at once: each payment's operations still reach the provider in order.
    const ctx = paymentsOf(t()).operations;
    await Promise.all([runDueOperations(ctx), runDueOperations(ctx)]);
    const ops = await settledOperations(t(), reservation.id);
    expect(ops.map((o) => [o.kind, o.state, o.lastError])).toEqual([['capture', 'confirmed', null], ['release', 'confirmed', null]]);
    expect(await payment(paymentId)).toMatchObject({ capturedAmount: line.price, authorizedAmount: line.price });
    if (provider === 'klarna') expect((await klarnaManagement(origin, order.OrderID)).json).toMatchObject({ status: 'CAPTURED', captured_amount: line.price, remaining_authorized_amount: 0 });
    else expect(await qliroAdmin(order.OrderID)).toMatchObject({ captured: line.price, reversed: reservation.total - line.price, cancelled: true });
  });
});
