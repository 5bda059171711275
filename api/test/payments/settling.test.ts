/**
 * Issue 32: every provider operation settles to what the provider really did. Over real HTTP against both stand-ins,
 * which (by their fault controls) lose answers after doing the work, answer busy or report an Error result later:
 * the queue reads the provider's own record before it sends anything again, never reuses a Qliro RequestId, keeps
 * the same Kustom idempotency key, and never releases after a refused capture. On every test database.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as s from '../../src/db/schema.js';
import { enqueueOperation, failed, queueTiming, runOperationNow } from '../../src/payments/operations.js';
import { ProviderError } from '../../src/payments/types.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { makeShellTree } from '../accounts/browser.js';
import { HttpBrowser, openPaymentsShop, paymentsOf, paymentTestEnv, payReservation, reserve, settledOperations, staffHeaders, waitFor } from './support.js';

const root = makeShellTree();
paymentTestEnv(100);

type Provider = 'klarna' | 'qliro';

describe.each(testDatabaseKinds())('settling provider operations on %s', (kind) => {
  const t = useTestApp(kind, { rootDir: root });
  let origin = '';
  let staff: Record<string, string> = {};
  beforeAll(async () => {
    origin = await openPaymentsShop(t());
    staff = await staffHeaders(t());
  });
  const faults = (provider: Provider, body: Record<string, unknown>) =>
    fetch(`${origin}/stand-in/${provider}/_control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  beforeEach(async () => {
    await faults('klarna', {});
    await faults('qliro', {});
  });
  const paid = async (provider: Provider) => {
    const b = await new HttpBrowser(origin).open();
    const r = await reserve(b, provider === 'klarna', 2, false);
    const { order, paymentId } = await payReservation(t(), origin, b, r.ReservationID, provider);
    return { r, order, paymentId };
  };
  const ledger = async (provider: Provider, orderId: string) =>
    (await (await fetch(`${origin}/stand-in/${provider}/_control/orders/${orderId}/ledger`)).json()) as { captured: number; refunded: number; cancelled: boolean; transactions: Array<{ kind: string; status: string }> };
  const operate = async (paymentId: number, body: Record<string, unknown>) => {
    const res = await fetch(`${origin}/api/v1/payments/staff/payments/${paymentId}/operations`, {
      method: 'POST',
      headers: { ...staff, 'content-type': 'application/json' },
      body: JSON.stringify({ requestKey: randomUUID(), reason: 'Test: by hand', ...body }),
    });
    return (await res.json()) as { id: number; state: string; lastError: string | null };
  };
  const op = async (id: number) => (await t().db.select().from(s.paymentOperations).where(eq(s.paymentOperations.id, id)))[0]!;
  /** The next attempt is due now (the back-off or lease has passed). */
  const dueNow = (id: number) => t().db.update(s.paymentOperations).set({ nextAttemptAt: new Date(), lockedUntil: new Date() }).where(eq(s.paymentOperations.id, id));

  it.each<Provider>(['klarna', 'qliro'])('%s: the answer is lost after the provider captured: read back and confirmed, never captured twice', async (provider) => {
    const { r, order, paymentId } = await paid(provider);
    await faults(provider, { seed: 1, lostAnswerRate: 1 });
    const first = await operate(paymentId, { kind: 'capture' });
    expect(first).toMatchObject({ state: 'sent', lastError: expect.stringContaining('unreachable') });
    await faults(provider, {});
    await dueNow(first.id);
    await paymentsOf(t()).sweep();
    const ops = await settledOperations(t(), r.ReservationID);
    expect(ops.map((o) => [o.kind, o.state])).toEqual([['capture', 'confirmed']]);
    const truth = await ledger(provider, order.OrderID);
    expect(truth.captured).toBe(r.Total);
    expect(truth.transactions.filter((x) => x.kind === 'capture')).toHaveLength(1);
    const [p] = await t().db.select().from(s.paymentOrders).where(eq(s.paymentOrders.id, paymentId));
    expect(p!.capturedAmount).toBe(r.Total);
  });

  it('qliro: OPERATION_NOT_SUPPORTED ("another transaction is in process") is retried, not a refusal', async () => {
    const { r, order, paymentId } = await paid('qliro');
    await faults('qliro', { seed: 2, busyRate: 1 });
    const first = await operate(paymentId, { kind: 'capture' });
    expect(first).toMatchObject({ state: 'queued', lastError: expect.stringContaining('OPERATION_NOT_SUPPORTED') });
    await faults('qliro', {});
    await dueNow(first.id);
    await paymentsOf(t()).sweep();
    expect((await settledOperations(t(), r.ReservationID)).map((o) => o.state)).toEqual(['confirmed']);
    expect((await ledger('qliro', order.OrderID)).captured).toBe(r.Total);
  });

  it('qliro: a request reported as Error is sent again with a new RequestId', async () => {
    const { r, order, paymentId } = await paid('qliro');
    await faults('qliro', { seed: 3, errorResultRate: 1 });
    const first = await operate(paymentId, { kind: 'capture' });
    expect(first.state).toBe('sent');
    const firstRequestId = (await op(first.id)).requestId;
    // Its notification says Error: the queue reads the order, finds the transaction failed, and backs off.
    const afterError = await waitFor(() => op(first.id), (o) => o.state === 'queued');
    expect(afterError.lastError).toContain('Error');
    await faults('qliro', {});
    await dueNow(first.id);
    await paymentsOf(t()).sweep();
    const [settled] = await settledOperations(t(), r.ReservationID);
    expect(settled).toMatchObject({ state: 'confirmed' });
    expect(settled!.requestId).not.toBe(firstRequestId);
    expect((await ledger('qliro', order.OrderID)).captured).toBe(r.Total);
  });

  it('qliro: a notification that never comes — the order is read when the wait ends', async () => {
    const { r, order, paymentId } = await paid('qliro');
    await faults('qliro', { seed: 4, dropNotificationRate: 1 });
    const first = await operate(paymentId, { kind: 'capture' });
    expect(first.state).toBe('sent');
    // PAYMENT_SENT_CHECK_MS (300 ms here) later a sweep reads the order.
    const done = await waitFor(async () => {
      await paymentsOf(t()).sweep();
      return op(first.id);
    }, (o) => o.state === 'confirmed');
    expect(done.state).toBe('confirmed');
    expect((await ledger('qliro', order.OrderID)).captured).toBe(r.Total);
  });

  it.each<Provider>(['klarna', 'qliro'])('%s: a release never follows a capture the provider refused: staff follow it up', async (provider) => {
    const { r, order, paymentId } = await paid(provider);
    const line = r.Articles[0]!;
    const queue = async (kindOf: 'capture' | 'release', amount: number, lines: Array<{ reference: string; quantity: number }> | null) =>
      (await enqueueOperation(t().db, { paymentOrderId: paymentId, reservationId: r.ReservationID, kind: kindOf, amount, lines, key: `refused-capture:${randomUUID()}`, reason: 'staff' })).op;
    const capture = await queue('capture', line.Price, [{ reference: line.EanNo, quantity: 1 }]);
    const release = await queue('release', r.Total - line.Price, null);
    // The provider refuses the capture (a business rule: Kustom 403 NOT_ALLOWED; Qliro EXCEEDING_QUANTITY-like 400).
    await fetch(`${origin}/stand-in/${provider}/_control/fail`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(provider === 'klarna' ? { status: 403, code: 'CAPTURE_NOT_ALLOWED' } : { status: 400, code: 'INVALID_ITEM' }) });
    await runOperationNow(paymentsOf(t()).operations, capture.id);
    expect((await op(capture.id)).state).toBe('refused');
    await paymentsOf(t()).sweep();
    const after = await op(release.id);
    expect(after.state).toBe('unknown');
    expect(after.followUp).toMatch(/ikke frigitt/);
    expect((await ledger(provider, order.OrderID)).cancelled).toBe(false);
  });

  it('a worker that stalled past its lease cannot overwrite what the newer attempt recorded', async () => {
    const { r, paymentId } = await paid('klarna');
    const { op: queued } = await enqueueOperation(t().db, { paymentOrderId: paymentId, reservationId: r.ReservationID, kind: 'capture', amount: 1000, key: `stalled:${randomUUID()}`, reason: 'staff' });
    // Attempt 1 was claimed, and its worker stalled; attempt 2 (another process) claimed it after the lease and confirmed it.
    const stalled = { ...queued, attempts: 1 };
    await t().db.update(s.paymentOperations).set({ attempts: 1, state: 'sent', sentAt: new Date(), lockedUntil: new Date(Date.now() - 1) }).where(eq(s.paymentOperations.id, queued.id));
    await paymentsOf(t()).sweep();
    expect(await op(queued.id)).toMatchObject({ state: 'confirmed', attempts: 2 });
    // Attempt 1's late failure comes in: nothing changes.
    await failed(paymentsOf(t()).operations, stalled, new ProviderError('klarna', 503, 'late 503', 'outage'));
    expect(await op(queued.id)).toMatchObject({ state: 'confirmed', lastError: null });
  });

  it('the retry back-off grows with failures in a row, not with every claim: an answer from the provider starts it again', async () => {
    const { r, paymentId } = await paid('qliro');
    await faults('qliro', { seed: 7, dropNotificationRate: 1 });
    const { op: queued } = await enqueueOperation(t().db, { paymentOrderId: paymentId, reservationId: r.ReservationID, kind: 'capture', amount: r.Total, key: `backoff:${randomUUID()}`, reason: 'staff' });
    // Claimed nine times before (reads while a result was awaited, a crash's re-read), the last three failing.
    await t().db.update(s.paymentOperations).set({ attempts: 9, failedAttempts: 3 }).where(eq(s.paymentOperations.id, queued.id));
    await runOperationNow(paymentsOf(t()).operations, queued.id);
    const received = await op(queued.id);
    // Qliro answered "received" (its notification is dropped, so the result is still awaited): the failures were not in a row.
    expect(received).toMatchObject({ state: 'sent', attempts: 10, failedAttempts: 0 });
    expect(received.providerRef).toBeTruthy();
    const timing = queueTiming();
    const waitAfter = async (row: typeof received, failures: number) => {
      const before = Date.now();
      await failed(paymentsOf(t()).operations, row, new ProviderError('qliro', 503, 'injected 503', 'outage'));
      const after = await op(queued.id);
      expect(after.failedAttempts).toBe(failures);
      // The first failure after an answer waits the base, the next twice that (not 2^9 × base for the tenth claim).
      const wait = timing.retryBaseMs * 2 ** (failures - 1);
      expect(after.lockedUntil!.getTime()).toBeGreaterThanOrEqual(before + wait);
      expect(after.lockedUntil!.getTime()).toBeLessThanOrEqual(Date.now() + wait);
      return after;
    };
    const once = await waitAfter(received, 1);
    await waitAfter(once, 2);
  });

  it('klarna: the same decision always sends the same idempotency key; a lost answer is not captured twice at Kustom', async () => {
    const { r, order, paymentId } = await paid('klarna');
    await faults('klarna', { seed: 5, lostAnswerRate: 1 });
    const first = await operate(paymentId, { kind: 'capture', amount: 1000 });
    // Read back while the fault is still armed for calls: reading is not a call that moves money, so it is answered.
    await faults('klarna', { seed: 6, serverErrorRate: 1 });
    await dueNow(first.id);
    await paymentsOf(t()).sweep();
    await faults('klarna', {});
    await dueNow(first.id);
    await paymentsOf(t()).sweep();
    expect((await settledOperations(t(), r.ReservationID)).map((o) => o.state)).toEqual(['confirmed']);
    expect((await ledger('klarna', order.OrderID)).captured).toBe(1000);
  });
});
