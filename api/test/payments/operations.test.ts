/**
 * Provider operations for staff (issue 19): capture (full/partial), refund (full/partial), cancel, extend —
 * through the durable queue, with the provider's idempotency key, retried after an outage, resumed after a crash,
 * recorded on the payment with amounts; the stand-ins enforce the providers' own rules. On every test database.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as s from '../../src/db/schema.js';
import { qliroToken } from '../../src/payments/qliro.js';
import { paymentTexts } from '../../src/payments/texts.js';
import { fulfilmentTexts } from '../../src/fulfilment/texts.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { makeShellTree } from '../accounts/browser.js';
import { basicStandIn, HttpBrowser, klarnaManagement, openPaymentsShop, paymentsOf, paymentTestEnv, payReservation, reserve, settledOperations, staffHeaders } from './support.js';

const root = makeShellTree();
paymentTestEnv(100);

describe.each(testDatabaseKinds())('provider operations on %s', (kind) => {
  const t = useTestApp(kind, { rootDir: root });
  let origin = '';
  let staff: Record<string, string> = {};
  beforeAll(async () => {
    origin = await openPaymentsShop(t());
    staff = await staffHeaders(t());
  });

  /** A reservation paid with `provider`; returns it with its payment row id. */
  const paid = async (provider: 'klarna' | 'qliro') => {
    const b = await new HttpBrowser(origin).open();
    const r = await reserve(b, provider === 'klarna', 2, false);
    const { order, paymentId } = await payReservation(t(), origin, b, r.ReservationID, provider);
    return { r, order, paymentId };
  };
  const operate = async (paymentId: number, body: Record<string, unknown>, headers = staff) => {
    const res = await fetch(`${origin}/api/v1/payments/staff/payments/${paymentId}/operations`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ requestKey: randomUUID(), reason: 'Test: by hand', ...body }),
    });
    return { status: res.status, json: (await res.json()) as { state: string; id: number; amount: number | null; lastError: string | null; message?: string } };
  };
  const payment = async (id: number) => (await t().db.select().from(s.paymentOrders).where(eq(s.paymentOrders.id, id)))[0]!;
  const control = (provider: string, body: unknown) =>
    fetch(`${origin}/stand-in/${provider}/_control/fail`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('only staff: 401 without a login, 403 for a shopper', async () => {
    const { paymentId } = await paid('klarna');
    const b = await new HttpBrowser(origin).open();
    const anonymous = { cookie: b.cookie, 'x-csrf-token': b.token, 'x-requested-with': 'XMLHttpRequest' };
    expect(await operate(paymentId, { kind: 'capture' }, anonymous)).toMatchObject({ status: 401, json: { message: fulfilmentTexts.unauthenticated } });
    const [shopper] = await t().db.select({ id: s.customers.id }).from(s.customers).limit(1);
    await t().db.update(s.sessions).set({ customerId: shopper!.id }).where(eq(s.sessions.csrfToken, b.token));
    expect((await operate(paymentId, { kind: 'capture' }, anonymous)).status).toBe(403);
    expect((await fetch(`${origin}/api/v1/payments/staff/flagged`, { headers: anonymous })).status).toBe(403);
    expect((await payment(paymentId)).capturedAmount).toBe(0);
  });

  it('Klarna: partial capture, the rest, partial refund — recorded with amounts; the rules hold at the shop and at Klarna', async () => {
    const { r, order, paymentId } = await paid('klarna');
    const first = await operate(paymentId, { kind: 'capture', amount: 10000 });
    expect(first).toMatchObject({ status: 200, json: { state: 'confirmed', amount: 10000 } });
    expect((await klarnaManagement(origin, order.OrderID)).json).toMatchObject({ status: 'PART_CAPTURED', captured_amount: 10000 });
    expect(await operate(paymentId, { kind: 'capture', amount: r.Total })).toMatchObject({ status: 422, json: { message: paymentTexts.operationAmount } });
    expect(await operate(paymentId, { kind: 'cancel' })).toMatchObject({ status: 422, json: { message: paymentTexts.operationNotAllowed } });
    // Klarna's own rule, straight at the stand-in: no cancel after a capture.
    const atKlarna = await fetch(`${origin}/stand-in/klarna/ordermanagement/v1/orders/${order.OrderID}/cancel`, { method: 'POST', headers: { authorization: basicStandIn } });
    expect(atKlarna.status).toBe(403);
    expect(((await atKlarna.json()) as { error_code: string }).error_code).toBe('NOT_ALLOWED');

    const rest = await operate(paymentId, { kind: 'capture' });
    expect(rest.json).toMatchObject({ state: 'confirmed', amount: r.Total - 10000 });
    expect((await klarnaManagement(origin, order.OrderID)).json).toMatchObject({ status: 'CAPTURED', captured_amount: r.Total });
    // No capture above the authorised amount at Klarna either.
    const over = await fetch(`${origin}/stand-in/klarna/ordermanagement/v1/orders/${order.OrderID}/captures`, {
      method: 'POST', headers: { authorization: basicStandIn, 'content-type': 'application/json' }, body: JSON.stringify({ captured_amount: 1 }),
    });
    expect(over.status).toBe(403);

    expect((await operate(paymentId, { kind: 'refund', amount: 5000 })).json).toMatchObject({ state: 'confirmed', amount: 5000 });
    expect(await operate(paymentId, { kind: 'refund', amount: r.Total })).toMatchObject({ status: 422 });
    expect((await klarnaManagement(origin, order.OrderID)).json).toMatchObject({ refunded_amount: 5000 });
    expect(await payment(paymentId)).toMatchObject({ authorizedAmount: r.Total, capturedAmount: r.Total, refundedAmount: 5000 });

    const view = await fetch(`${origin}/api/v1/payments/staff/reservations/${r.ReservationID}`, { headers: staff });
    const body = (await view.json()) as { payments: Array<{ capturedAmount: number; operations: Array<{ kind: string; state: string; amount: number }> }> };
    expect(body.payments[0]!.operations.map((o) => [o.kind, o.state, o.amount])).toEqual([
      ['capture', 'confirmed', 10000],
      ['capture', 'confirmed', r.Total - 10000],
      ['refund', 'confirmed', 5000],
    ]);
  });

  it('a repeated request (same requestKey) is the same operation; the key cannot be reused for another kind', async () => {
    const { order, paymentId } = await paid('klarna');
    const requestKey = randomUUID();
    const [a, b] = await Promise.all([operate(paymentId, { kind: 'capture', amount: 1000, requestKey }), operate(paymentId, { kind: 'capture', amount: 1000, requestKey })]);
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(200);
    const again = await operate(paymentId, { kind: 'capture', amount: 1000, requestKey });
    expect(again.json.id).toBe(a.status === 200 ? a.json.id : b.json.id);
    expect((await klarnaManagement(origin, order.OrderID)).json.captured_amount).toBe(1000);
    expect((await operate(paymentId, { kind: 'refund', amount: 1000, requestKey })).status).toBe(409);
    expect((await payment(paymentId)).capturedAmount).toBe(1000);
  });

  it('an outage is read back, then retried with backoff; our credentials refused are retried too, never sent as done', async () => {
    const { order, paymentId } = await paid('klarna');
    await control('klarna', { status: 503, times: 1 });
    // A 503 may come from a proxy after Klarna did the work: the operation stays sent, and the next attempt reads first.
    const queued = await operate(paymentId, { kind: 'capture', amount: 2000 });
    expect(queued.json).toMatchObject({ state: 'sent', lastError: expect.stringContaining('503') });
    const [row] = await t().db.select().from(s.paymentOperations).where(eq(s.paymentOperations.id, queued.json.id));
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    await t().db.update(s.paymentOperations).set({ lockedUntil: new Date() }).where(eq(s.paymentOperations.id, queued.json.id));
    await paymentsOf(t()).sweep();
    const [done] = await t().db.select().from(s.paymentOperations).where(eq(s.paymentOperations.id, queued.json.id));
    expect(done).toMatchObject({ state: 'confirmed', attempts: 2 });
    expect((await klarnaManagement(origin, order.OrderID)).json.captured_amount).toBe(2000);

    await control('klarna', { status: 401, times: 1, code: 'UNAUTHORIZED' });
    const refused = await operate(paymentId, { kind: 'extend' });
    // Credentials are fixed by an operator: the operation waits for them instead of failing the customer's payment.
    expect(refused.json).toMatchObject({ state: 'queued', lastError: expect.stringContaining('401') });
  });

  it('a crash between the provider call and recording it resumes without doing it twice', async () => {
    const { order, paymentId, r } = await paid('klarna');
    // The process decided a capture, sent it to Klarna, and died before recording the answer.
    const [op] = await t()
      .db.insert(s.paymentOperations)
      .values({ paymentOrderId: paymentId, reservationId: r.ReservationID, kind: 'capture', amount: 3000, idempotencyKey: randomUUID(), reason: 'staff', state: 'sent', sentAt: new Date(Date.now() - 5000), attempts: 1, lockedUntil: new Date(Date.now() - 1000) })
      .returning();
    const sent = await fetch(`${origin}/stand-in/klarna/ordermanagement/v1/orders/${order.OrderID}/captures`, {
      method: 'POST',
      headers: { authorization: basicStandIn, 'content-type': 'application/json', 'klarna-idempotency-key': op!.idempotencyKey },
      body: JSON.stringify({ captured_amount: 3000 }),
    });
    expect(sent.status).toBe(201);
    // Another process (here: the next sweep) takes the row when its lease has run out, reads Klarna's order and finds it done.
    await paymentsOf(t()).sweep();
    const [after] = await t().db.select().from(s.paymentOperations).where(eq(s.paymentOperations.id, op!.id));
    expect(after).toMatchObject({ state: 'confirmed', attempts: 2 });
    expect((await klarnaManagement(origin, order.OrderID)).json.captured_amount).toBe(3000);
    expect((await payment(paymentId)).capturedAmount).toBe(3000);
  });

  it('Qliro: full capture (markItemsAsShipped), partial refund by line (returnItems), cancel refused after shipping', async () => {
    const { r, order, paymentId } = await paid('qliro');
    const admin = async () =>
      (await (await fetch(`${origin}/stand-in/qliro/checkout/adminapi/v2/orders/${order.OrderID}`, { headers: { authorization: `Qliro ${qliroToken('', 'standin-secret')}` } })).json()) as {
        PaymentTransactions: Array<{ Type: string; Amount: number }>;
      };
    expect(await operate(paymentId, { kind: 'capture', amount: 100 })).toMatchObject({ status: 422, json: { message: paymentTexts.operationLines } });
    // Qliro's admin API only receives: the capture is sent until its notification makes the shop read the order.
    expect((await operate(paymentId, { kind: 'capture' })).json).toMatchObject({ state: 'sent', amount: r.Total });
    expect((await settledOperations(t(), r.ReservationID)).map((o) => [o.kind, o.state])).toEqual([['capture', 'confirmed']]);
    const ean = r.Articles[0]!.EanNo;
    const unit = r.Articles[0]!.Price;
    expect((await operate(paymentId, { kind: 'refund', lines: [{ reference: ean, quantity: 1 }] })).json).toMatchObject({ state: 'sent', amount: unit });
    expect((await payment(paymentId)).refundedAmount, 'counted only once Qliro confirms').toBe(0);
    expect((await settledOperations(t(), r.ReservationID)).map((o) => [o.kind, o.state])).toEqual([['capture', 'confirmed'], ['refund', 'confirmed']]);
    expect((await admin()).PaymentTransactions.filter((x) => x.Type !== 'Preauthorization').map((x) => [x.Type, Math.round(Math.abs(x.Amount) * 100)])).toEqual([
      ['Capture', r.Total],
      ['Refund', unit],
    ]);
    expect(await operate(paymentId, { kind: 'cancel' })).toMatchObject({ status: 422 });
    expect(await payment(paymentId)).toMatchObject({ capturedAmount: r.Total, refundedAmount: unit });
  });
});
