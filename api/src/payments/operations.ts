/**
 * Provider operations through a durable queue (payment_operations) that never guesses what happened at the provider
 * (ADR 0025). A decision — staff hand over, a hold expires, a late payment must be undone — writes a row in the same
 * transaction as the decision; a worker then settles it with the provider.
 *
 * States: queued → sent → confirmed | refused | unknown.
 * - `sent` is written and committed BEFORE the request goes out (with sent_at and, for Qliro, a fresh RequestId). From
 *   then on the shop may not know whether the provider did it: a lost answer, a timeout, a crash. Such a row is
 *   never sent blindly again: the worker first reads the provider's own record of the order (readLedger) and settles
 *   it by what it finds (settle.ts) — done → confirmed; not done → sent again; still processing → wait;
 *   contradiction → unknown.
 * - Kustom answers when it is done (confirmed at once) and honours Klarna-Idempotency-Key: every attempt of one
 *   decision sends the same key. Qliro's admin API only says "received": the operation stays `sent` until its
 *   order-management notification makes the worker read the order (or PAYMENT_SENT_CHECK_MS passes and it reads it
 *   anyway); a Qliro RequestId is never reused (Qliro denies a reused one for 7 days), so each send has a new one.
 * - Retryable answers (timeouts, 5xx, 429, Qliro OPERATION_NOT_SUPPORTED "another transaction is already in process"
 *   and PAYMENT_ONHOLD, our credentials refused) are retried with back-off for PAYMENT_RETRY_FOR_MS (48 h); after that
 *   the operation becomes `unknown` for staff ("må følges opp"), never silently failed. A provider's business refusal
 *   is `refused`.
 * - Every write after the claim is fenced by the claim's attempt number: a worker that stalled past its lease and
 *   was overtaken cannot overwrite what the newer attempt recorded.
 *
 * Order and dependencies: a payment's operations run one at a time in the order decided; an operation waits while an
 * earlier one of its payment is queued, sent or unknown. A release or cancel whose payment has a refused capture not
 * followed by a confirmed one is not sent: it becomes `unknown` for staff (cancelling after goods left the shop would
 * give them away).
 *
 * Counters follow money: captured/refunded amounts and refunded line counts change only when an operation is
 * confirmed (recordConfirmed), in the same transaction.
 *
 * Kinds: capture, refund (amount fixed when decided, optional lines), cancel, extend, release (the rest of the
 * authorisation after a partial capture), and `void` (a checkout the shop gave up: re-read it, and if the shopper
 * completed it after all, let payments/service.ts decide whether it pays the reservation or must be cancelled).
 *   PAYMENT_RETRY_BASE_MS   first back-off (default 2000; doubles per failure in a row up to PAYMENT_RETRY_MAX_MS, default 15 min)
 *   PAYMENT_RETRY_FOR_MS    how long retryable failures are retried before staff are asked (default 48 h)
 *   PAYMENT_SENT_CHECK_MS   how long a sent Qliro operation waits for its notification before the order is read (default 60 s)
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { paymentOperations, paymentOrders, reservationLines } from '../db/schema.js';
import { allocateReturns, type CaptureRecord, type ReturnRecord } from './allocation.js';
import { soldLines } from './money.js';
import { verdictOf, type SettleKind } from './settle.js';
import { paymentTexts } from './texts.js';
import { ProviderError, type CheckoutOrder, type OperationAnswer, type OperationKind, type OperationLine, type OperationRequest, type PaymentProvider, type ProviderName } from './types.js';
import { PROVIDER_TIMEOUT_MS } from './http.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type OperationRow = typeof paymentOperations.$inferSelect;
export type QueueKind = OperationKind | 'void';
export type OperationState = 'queued' | 'sent' | 'confirmed' | 'refused' | 'unknown';

/** States in which an operation may still move money: they count against what can be decided next. */
export const OPEN_STATES: OperationState[] = ['queued', 'sent', 'unknown'];

const num = (v: string | undefined, fallback: number) => (v !== undefined && v !== '' && Number.isFinite(Number(v)) && Number(v) >= 0 ? Number(v) : fallback);

export interface QueueTiming {
  retryBaseMs: number;
  retryMaxMs: number;
  retryForMs: number;
  sentCheckMs: number;
  /** How long a claim holds a row while its request is out: past the provider timeout, so a live request is never overtaken. */
  leaseMs: number;
}

export function queueTiming(env: NodeJS.ProcessEnv = process.env): QueueTiming {
  return {
    retryBaseMs: num(env.PAYMENT_RETRY_BASE_MS, 2000),
    retryMaxMs: num(env.PAYMENT_RETRY_MAX_MS, 15 * 60_000),
    retryForMs: num(env.PAYMENT_RETRY_FOR_MS, 48 * 3_600_000),
    sentCheckMs: num(env.PAYMENT_SENT_CHECK_MS, 60_000),
    leaseMs: PROVIDER_TIMEOUT_MS + 20_000,
  };
}

/**
 * Back-off after the n-th failed attempt in a row: base, 2×base, 4×base … capped. Counted from failures since the
 * provider last answered (failed_attempts), not from claims: a Qliro operation read ten times while its result was
 * awaited, or re-read after a crash, is not made to wait as if it had failed ten times.
 */
export const backoffMs = (failures: number, timing: QueueTiming = queueTiming()) => Math.min(timing.retryMaxMs, timing.retryBaseMs * 2 ** Math.max(0, failures - 1));

/** A deterministic UUID for a logical key, so the same decision always sends the provider the same key. */
export function idempotencyUuid(logicalKey: string): string {
  const h = createHash('sha256').update(logicalKey).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export interface OperationDecision {
  paymentOrderId: number;
  reservationId: number;
  kind: QueueKind;
  amount: number | null;
  lines?: OperationLine[] | null;
  /** The decision's logical key (e.g. `void:<payment id>`, `staff:<client key>`): one row per key, ever. */
  key: string;
  reason: string;
  requestedBy?: number | null;
}

/** Writes the operation (inside the caller's transaction); a repeated key returns the first row. */
export async function enqueueOperation(tx: Tx | Db, d: OperationDecision): Promise<{ op: OperationRow; created: boolean }> {
  const idempotencyKey = idempotencyUuid(d.key);
  const [created] = await tx
    .insert(paymentOperations)
    .values({
      paymentOrderId: d.paymentOrderId,
      reservationId: d.reservationId,
      kind: d.kind,
      amount: d.amount,
      lines: d.lines ?? null,
      idempotencyKey,
      reason: d.reason,
      requestedBy: d.requestedBy ?? null,
    })
    .onConflictDoNothing({ target: paymentOperations.idempotencyKey })
    .returning();
  if (created) return { op: created, created: true };
  const [existing] = await tx.select().from(paymentOperations).where(eq(paymentOperations.idempotencyKey, idempotencyKey));
  return { op: existing!, created: false };
}

export interface OperationContext {
  db: Db;
  provider(name: ProviderName): PaymentProvider;
  log: FastifyBaseLogger;
  /** Applies a completed checkout found by a `void` (payments/service.ts syncPayment). */
  sync(provider: PaymentProvider, providerOrderId: string): Promise<unknown>;
  /** The reservation as sold, for the providers' line-based calls. */
  checkoutOrder(reservationId: number): Promise<CheckoutOrder>;
  /**
   * What a confirmed operation means for the reservation beyond the payment's counters (fulfilment: refund status,
   * mail), in the confirming transaction; may return work for after the commit (delivering the mail).
   */
  onConfirmed?: (tx: Tx, op: OperationRow) => Promise<(() => void) | void>;
  timing?: QueueTiming;
}

/**
 * Takes one due row for this process; null when none is due. Due: queued and its time has come, or sent and its
 * lease (or wait for a notification) has ended. Only when every earlier operation of its payment is settled.
 */
export async function claimOperation(db: Db, leaseMs: number, onlyId?: number): Promise<OperationRow | null> {
  return db.transaction(async (tx) => {
    const due = and(
      or(
        and(eq(paymentOperations.state, 'queued'), lte(paymentOperations.nextAttemptAt, sql`now()`)),
        and(eq(paymentOperations.state, 'sent'), lte(paymentOperations.lockedUntil, sql`now()`)),
      ),
      sql`not exists (select 1 from payment_operations earlier where earlier.payment_order_id = ${paymentOperations.paymentOrderId} and earlier.id < ${paymentOperations.id} and earlier.state in ('queued', 'sent', 'unknown'))`,
    );
    const [row] = await tx
      .select({ id: paymentOperations.id })
      .from(paymentOperations)
      .where(onlyId === undefined ? due : and(due, eq(paymentOperations.id, onlyId)))
      .orderBy(paymentOperations.id)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return null;
    // The claim keeps the state (a sent row stays sent: a request may be out) and takes a lease; attempts fences writes.
    const [claimed] = await tx
      .update(paymentOperations)
      .set({ attempts: sql`${paymentOperations.attempts} + 1`, lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`, nextAttemptAt: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
      .where(eq(paymentOperations.id, row.id))
      .returning();
    return claimed ?? null;
  });
}

/** Runs every due operation (up to `limit`); returns how many ran. */
export async function runDueOperations(ctx: OperationContext, limit = 20): Promise<number> {
  const timing = ctx.timing ?? queueTiming();
  let ran = 0;
  while (ran < limit) {
    const op = await claimOperation(ctx.db, timing.leaseMs);
    if (!op) break;
    await execute(ctx, op);
    ran++;
  }
  return ran;
}

/** Runs one operation now if it is due (a staff request waits for its first attempt); returns the row after. */
export async function runOperationNow(ctx: OperationContext, id: number): Promise<OperationRow> {
  const timing = ctx.timing ?? queueTiming();
  const op = await claimOperation(ctx.db, timing.leaseMs, id);
  if (op) await execute(ctx, op);
  const [after] = await ctx.db.select().from(paymentOperations).where(eq(paymentOperations.id, id));
  return after!;
}

/**
 * Makes a payment's operations that await their result due now (a Qliro order-management notification arrived: read
 * the order). Only those whose answer came (provider_ref known): one whose request is still out keeps its lease, so no
 * second worker reads, and perhaps sends, beside it.
 */
export async function wakeSentOperations(db: Db, paymentOrderId: number): Promise<number> {
  const rows = await db
    .update(paymentOperations)
    .set({ lockedUntil: sql`now()` })
    .where(and(eq(paymentOperations.paymentOrderId, paymentOrderId), eq(paymentOperations.state, 'sent'), sql`${paymentOperations.providerRef} is not null`))
    .returning({ id: paymentOperations.id });
  return rows.length;
}

type Fenced = Partial<typeof paymentOperations.$inferInsert>;

/** Writes to the claimed row only if this claim still holds it (same attempt, not settled by someone else). */
async function fenced(tx: Tx | Db, op: OperationRow, set: Fenced): Promise<boolean> {
  const rows = await tx
    .update(paymentOperations)
    .set(set)
    .where(and(eq(paymentOperations.id, op.id), eq(paymentOperations.attempts, op.attempts), inArray(paymentOperations.state, ['queued', 'sent'])))
    .returning({ id: paymentOperations.id });
  return rows.length > 0;
}

type PaymentRow = typeof paymentOrders.$inferSelect;

async function execute(ctx: OperationContext, op: OperationRow): Promise<void> {
  const timing = ctx.timing ?? queueTiming();
  const [payment] = await ctx.db.select().from(paymentOrders).where(eq(paymentOrders.id, op.paymentOrderId));
  const provider = ctx.provider(payment!.provider as ProviderName);
  const log = { operation: op.id, kind: op.kind, payment: payment!.id, provider: payment!.provider, attempts: op.attempts };
  try {
    if (op.kind === 'void') {
      const synced = await voidCheckout(ctx, provider, payment!.providerOrderId);
      await confirm(ctx, op, payment!, { synced }, null);
      return;
    }
    const blocked = await blockedByCapture(ctx.db, op);
    if (blocked) {
      await toStaff(ctx, op, paymentTexts.followUpAfterRefusedCapture);
      return;
    }
    // A request may have gone out before (a lost answer, a crash, a result awaited): read before sending again.
    if (op.sentAt) {
      const verdict = verdictOf(await settleInput(ctx.db, op, payment!), await provider.readLedger(payment!.providerOrderId));
      if (verdict.outcome === 'done') return void (await confirm(ctx, op, payment!, { verifiedFromLedger: true }, verdict.providerRef));
      if (verdict.outcome === 'pending') return void (await waitOrGiveUp(ctx, op, timing.sentCheckMs, timing));
      if (verdict.outcome === 'contradiction') return void (await toStaff(ctx, op, paymentTexts.followUpContradiction(verdict.found)));
      if (verdict.outcome === 'not-done' && verdict.providerError) {
        // The provider processed our request and reported Error (Qliro's notification): certainly not done; try again later.
        throw new ProviderError(payment!.provider as ProviderName, null, `${payment!.provider} reported the request ${op.providerRef} as Error`, 'busy');
      }
    }
    const request = await operationRequest(ctx, op, payment!);
    // Written before the request goes out: from here a crash leaves a row that is read, never blindly resent.
    if (!(await fenced(ctx.db, op, { state: 'sent', sentAt: new Date(), requestId: request.requestId, lockedUntil: new Date(Date.now() + timing.leaseMs) }))) return;
    const answer = await provider[op.kind as OperationKind](payment!.providerOrderId, request);
    if (answer.settled) await confirm(ctx, op, payment!, { ...answer.raw, ...(request.returns ? { returns: request.returns } : {}) }, answer.providerRef);
    else {
      // Received, not done: the result comes by notification (or the order is read when the wait ends).
      await fenced(ctx.db, op, { providerRef: answer.providerRef, result: { received: answer.raw, ...(request.returns ? { returns: request.returns } : {}) }, lockedUntil: new Date(Date.now() + timing.sentCheckMs), lastError: null, failedAttempts: 0 });
      ctx.log.info({ ...log, providerRef: answer.providerRef }, 'payment operation received by the provider; awaiting its result');
    }
  } catch (error) {
    await failed(ctx, op, error, timing, log);
  }
}

/** Records a failed attempt (exported for the test of a stalled worker whose late failure must not overwrite a newer attempt). */
export async function failed(ctx: OperationContext, op: OperationRow, error: unknown, timing: QueueTiming = ctx.timing ?? queueTiming(), log: Record<string, unknown> = {}): Promise<void> {
  const failure = error instanceof ProviderError ? error : null;
  const message = (error as Error).message.slice(0, 500);
  const kind = failure?.kind ?? 'outage';
  const details = { ...log, status: failure?.status, code: failure?.code, correlationId: failure?.correlationId };
  if (kind === 'rejected' || kind === 'not-found') {
    // The provider refused this request (a rule of its own): the answer is certain, nothing moved.
    if (await fenced(ctx.db, op, { state: 'refused', lockedUntil: null, lastError: message, doneAt: new Date() })) ctx.log.error(details, `payment operation refused: ${message}`);
    return;
  }
  // outage / busy / auth: retry later. An outage may have reached the provider: sent_at stays, so the next attempt reads first.
  if (Date.now() - op.createdAt.getTime() > timing.retryForMs) {
    await toStaff(ctx, op, paymentTexts.followUpGaveUp(message));
    return;
  }
  const failures = op.failedAttempts + 1;
  const wait = backoffMs(failures, timing);
  // busy/auth: the provider certainly did not act on this request. An outage may have reached it: the row stays sent
  // and the next attempt reads the provider's record first.
  const certainlyNotDone = kind === 'busy' || kind === 'auth';
  await fenced(
    ctx.db,
    op,
    certainlyNotDone
      ? { state: 'queued', sentAt: null, providerRef: null, lockedUntil: null, lastError: message, failedAttempts: failures, nextAttemptAt: new Date(Date.now() + wait) }
      : { state: 'sent', lockedUntil: new Date(Date.now() + wait), nextAttemptAt: new Date(Date.now() + wait), lastError: message, failedAttempts: failures },
  );
  ctx.log.warn(details, `payment operation will be retried in ${Math.round(wait / 1000)} s: ${message}`);
}

async function waitOrGiveUp(ctx: OperationContext, op: OperationRow, waitMs: number, timing: QueueTiming): Promise<void> {
  if (Date.now() - op.createdAt.getTime() > timing.retryForMs) return toStaff(ctx, op, paymentTexts.followUpStillPending);
  // The provider answered (it is still working on our request): the failures before this were not in a row.
  await fenced(ctx.db, op, { lockedUntil: new Date(Date.now() + waitMs), failedAttempts: 0 });
}

/** Could not be settled: staff follow it up ("må følges opp") with what is known. Later operations of the payment wait. */
async function toStaff(ctx: OperationContext, op: OperationRow, followUp: string): Promise<void> {
  if (await fenced(ctx.db, op, { state: 'unknown', lockedUntil: null, followUp })) {
    ctx.log.error({ operation: op.id, kind: op.kind, payment: op.paymentOrderId }, `payment operation needs staff: ${followUp}`);
  }
}

async function confirm(ctx: OperationContext, op: OperationRow, payment: PaymentRow, result: Record<string, unknown>, providerRef: string | null): Promise<void> {
  const after: { run?: (() => void) | void } = {};
  const done = await ctx.db.transaction(async (tx) => {
    const [previous] = await tx.select({ result: paymentOperations.result }).from(paymentOperations).where(eq(paymentOperations.id, op.id));
    const merged = { ...((previous?.result as Record<string, unknown> | null) ?? {}), ...result };
    const ok = await fenced(tx, op, { state: 'confirmed', doneAt: new Date(), lockedUntil: null, lastError: null, result: merged, ...(providerRef ? { providerRef } : {}) });
    if (!ok) return false; // another process settled it after our lease ran out: its bookkeeping stands
    await recordConfirmed(tx, { ...op, result: merged }, payment.id);
    after.run = await ctx.onConfirmed?.(tx, { ...op, state: 'confirmed', result: merged, providerRef: providerRef ?? op.providerRef });
    return true;
  });
  if (done && after.run) after.run();
  if (done) ctx.log.info({ operation: op.id, kind: op.kind, payment: payment.id, amount: op.amount }, 'payment operation confirmed');
}

/**
 * The bookkeeping of a confirmed operation on its payment order and the reservation's lines (same transaction as
 * marking it confirmed). Exported for staff who settle an `unknown` operation by hand.
 */
export async function recordConfirmed(tx: Tx, op: OperationRow, paymentId: number): Promise<void> {
  const amount = op.amount ?? 0;
  if (op.kind === 'capture') {
    await tx.update(paymentOrders).set({ capturedAmount: sql`${paymentOrders.capturedAmount} + ${amount}`, updatedAt: sql`now()` }).where(eq(paymentOrders.id, paymentId));
  } else if (op.kind === 'refund') {
    await tx.update(paymentOrders).set({ refundedAmount: sql`${paymentOrders.refundedAmount} + ${amount}`, updatedAt: sql`now()` }).where(eq(paymentOrders.id, paymentId));
    await countRefundedLines(tx, op);
  } else if (op.kind === 'cancel') {
    await tx.update(paymentOrders).set({ status: 'cancelled', updatedAt: sql`now()` }).where(eq(paymentOrders.id, paymentId));
  } else if (op.kind === 'release') {
    // What was captured stays; the rest of the authorisation is gone, so nothing more can be captured.
    await tx.update(paymentOrders).set({ authorizedAmount: sql`${paymentOrders.capturedAmount}`, updatedAt: sql`now()` }).where(eq(paymentOrders.id, paymentId));
  }
}

/** A confirmed refund by lines counts its units on the reservation's lines (by EAN, lines in order). */
async function countRefundedLines(tx: Tx, op: OperationRow): Promise<void> {
  const lines = (op.lines as OperationLine[] | null) ?? [];
  if (!lines.length) return;
  const rows = await tx.select().from(reservationLines).where(eq(reservationLines.reservationId, op.reservationId)).orderBy(asc(reservationLines.id)).for('update');
  for (const want of lines) {
    let quantity = want.quantity;
    for (const row of rows.filter((r) => r.ean === want.reference)) {
      const room = (row.fulfilledCount ?? 0) - row.refundedCount;
      const take = Math.min(room, quantity);
      if (take <= 0) continue;
      row.refundedCount += take;
      quantity -= take;
      await tx.update(reservationLines).set({ refundedCount: row.refundedCount }).where(eq(reservationLines.id, row.id));
    }
  }
}

/** A release or cancel must not follow a capture the provider refused (or that is unsettled) unless a later capture was confirmed. */
async function blockedByCapture(db: Db, op: OperationRow): Promise<boolean> {
  if (op.kind !== 'release' && op.kind !== 'cancel') return false;
  const captures = await db
    .select({ state: paymentOperations.state })
    .from(paymentOperations)
    .where(and(eq(paymentOperations.paymentOrderId, op.paymentOrderId), eq(paymentOperations.kind, 'capture'), sql`${paymentOperations.id} < ${op.id}`))
    .orderBy(asc(paymentOperations.id));
  const last = captures[captures.length - 1];
  return !!last && last.state !== 'confirmed';
}

async function settleInput(db: Db | Tx, op: OperationRow, payment: PaymentRow) {
  const others = await db
    .select({ providerRef: paymentOperations.providerRef })
    .from(paymentOperations)
    .where(and(eq(paymentOperations.paymentOrderId, payment.id), eq(paymentOperations.state, 'confirmed'), sql`${paymentOperations.providerRef} is not null`));
  return {
    kind: op.kind as SettleKind,
    amount: op.amount ?? 0,
    recorded: { captured: payment.capturedAmount, refunded: payment.refundedAmount },
    providerRef: op.providerRef,
    attributed: new Set(others.map((o) => o.providerRef!)),
  };
}

/** The request of one attempt: Kustom's key is the decision's; Qliro's RequestId is new; a refund is split by capture. */
async function operationRequest(ctx: OperationContext, op: OperationRow, payment: PaymentRow): Promise<OperationRequest> {
  const order = await ctx.checkoutOrder(op.reservationId);
  const lines = (op.lines as OperationLine[] | null) ?? null;
  const request: OperationRequest = { amount: op.amount ?? 0, lines, idempotencyKey: op.idempotencyKey, requestId: randomUUID(), order };
  if (op.kind === 'refund' && payment.provider === 'qliro') {
    const returns = await returnsFor(ctx.db, op, payment, order);
    if (!returns) throw new ProviderError('qliro', null, 'refund lines exceed what the confirmed captures hold', 'rejected');
    request.returns = returns;
  }
  return request;
}

async function returnsFor(db: Db, op: OperationRow, payment: PaymentRow, order: CheckoutOrder) {
  const sold = soldLines(order);
  const settled = await db
    .select()
    .from(paymentOperations)
    .where(and(eq(paymentOperations.paymentOrderId, payment.id), eq(paymentOperations.state, 'confirmed'), inArray(paymentOperations.kind, ['capture', 'refund'])))
    .orderBy(asc(paymentOperations.id));
  const all = sold.map((s) => ({ reference: s.reference, quantity: s.quantity }));
  const captures: CaptureRecord[] = settled.filter((o) => o.kind === 'capture' && o.providerRef).map((o) => ({ ref: o.providerRef!, lines: (o.lines as OperationLine[] | null) ?? all }));
  const earlier: ReturnRecord[] = settled
    .filter((o) => o.kind === 'refund')
    .flatMap((o) => ((o.result as { returns?: ReturnRecord[] } | null)?.returns ?? []).map((r) => ({ captureRef: r.captureRef, lines: r.lines })));
  const price = (reference: string) => sold.find((s) => s.reference === reference)?.unitPrice ?? 0;
  return allocateReturns(captures, earlier, (op.lines as OperationLine[] | null) ?? all, price);
}

/**
 * A given-up checkout: if the shopper completed it after all, sync decides (payments/service.ts): it pays the
 * reservation if that is still open, else it is marked late and a cancel is queued. Unknown/expired at the
 * provider or still incomplete: nothing to undo (an incomplete checkout cannot be paid through our validation).
 */
async function voidCheckout(ctx: OperationContext, provider: PaymentProvider, orderId: string): Promise<boolean> {
  try {
    const remote = await provider.readOrder(orderId);
    if (remote.status !== 'paid') return false;
  } catch (error) {
    if (error instanceof ProviderError && error.kind === 'not-found') return false;
    throw error;
  }
  await ctx.sync(provider, orderId);
  return true;
}

/** Operations that may still move money for a payment (an unsettled capture counts: it may have happened). */
export async function pendingAmounts(tx: Tx | Db, paymentId: number): Promise<{ capture: number; refund: number; cancel: boolean; release: boolean }> {
  const rows = await tx
    .select({ kind: paymentOperations.kind, amount: paymentOperations.amount })
    .from(paymentOperations)
    .where(and(eq(paymentOperations.paymentOrderId, paymentId), inArray(paymentOperations.state, OPEN_STATES)));
  return {
    capture: rows.filter((r) => r.kind === 'capture').reduce((s, r) => s + (r.amount ?? 0), 0),
    refund: rows.filter((r) => r.kind === 'refund').reduce((s, r) => s + (r.amount ?? 0), 0),
    cancel: rows.some((r) => r.kind === 'cancel'),
    release: rows.some((r) => r.kind === 'release'),
  };
}

export type { OperationAnswer };
