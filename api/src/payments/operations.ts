/**
 * Provider operations through a durable queue (payment_operations). A decision — staff captures, a hold expires, a
 * late payment must be undone — writes a row in the same transaction as the decision; a worker then calls the
 * provider. The row's idempotency key goes with every attempt (Klarna-Idempotency-Key; Qliro RequestId), so a call
 * retried after a timeout or a crash is answered, never done twice.
 *
 * Claiming: `FOR UPDATE SKIP LOCKED` on due rows, then a lease (locked_until): several API processes share the queue,
 * each row runs in one of them at a time, and a row whose process died mid-call is taken again when the lease ends.
 * Retries: outages (timeout, 5xx, 429) back off 2^n seconds up to 10 minutes, 8 attempts; a refusal (a provider
 * rule, an auth error) fails at once and stays for staff with its message.
 *
 * Order: a payment's operations run one at a time in the order they were queued (claimOperation).
 *
 * Kinds: capture, refund (amount fixed when decided, optional lines), cancel, extend, release (the rest of the
 * authorisation after a partial capture), and `void` (a checkout the shop
 * gave up: re-read it, and if the shopper completed it after all, let payments/service.ts decide whether it pays the
 * reservation or must be cancelled).
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { paymentOperations, paymentOrders } from '../db/schema.js';
import { ProviderError, type OperationKind, type OperationLine, type PaymentProvider, type ProviderName } from './types.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type OperationRow = typeof paymentOperations.$inferSelect;
export type QueueKind = OperationKind | 'void';

export const MAX_ATTEMPTS = 8;
export const LEASE_MS = 60_000;

/** Seconds before attempt n+1 after n failed ones: 2, 4, 8 … capped at 10 minutes. */
export const backoffMs = (attempts: number) => Math.min(600_000, 1000 * 2 ** Math.max(1, attempts));

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
  checkoutOrder(reservationId: number): Promise<import('./types.js').CheckoutOrder>;
}

/**
 * Takes one due row (or one whose lease ran out) for this process; null when none is due. A row is due only when
 * every earlier operation of its payment is done or failed, so each payment's operations reach the provider one at
 * a time and in order, whichever process takes them.
 */
export async function claimOperation(db: Db, onlyId?: number): Promise<OperationRow | null> {
  return db.transaction(async (tx) => {
    const due = and(
      or(
        and(eq(paymentOperations.state, 'queued'), lte(paymentOperations.nextAttemptAt, sql`now()`)),
        and(eq(paymentOperations.state, 'running'), lte(paymentOperations.lockedUntil, sql`now()`)),
      ),
      // One payment's operations run in the order they were decided: a release queued right after a partial
      // capture must not reach the provider first (it would be refused, or release what the capture needs).
      sql`not exists (select 1 from payment_operations earlier where earlier.payment_order_id = ${paymentOperations.paymentOrderId} and earlier.id < ${paymentOperations.id} and earlier.state in ('queued', 'running'))`,
    );
    const [row] = await tx
      .select({ id: paymentOperations.id })
      .from(paymentOperations)
      .where(onlyId === undefined ? due : and(due, eq(paymentOperations.id, onlyId)))
      .orderBy(paymentOperations.id)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return null;
    const [claimed] = await tx
      .update(paymentOperations)
      .set({ state: 'running', attempts: sql`${paymentOperations.attempts} + 1`, lockedUntil: sql`now() + ${`${LEASE_MS} milliseconds`}::interval` })
      .where(eq(paymentOperations.id, row.id))
      .returning();
    return claimed ?? null;
  });
}

/** Runs every due operation (up to `limit`); returns how many ran. */
export async function runDueOperations(ctx: OperationContext, limit = 20): Promise<number> {
  let ran = 0;
  while (ran < limit) {
    const op = await claimOperation(ctx.db);
    if (!op) break;
    await execute(ctx, op);
    ran++;
  }
  return ran;
}

/** Runs one operation now if it is due (a staff request waits for its first attempt); returns the row after. */
export async function runOperationNow(ctx: OperationContext, id: number): Promise<OperationRow> {
  const op = await claimOperation(ctx.db, id);
  if (op) await execute(ctx, op);
  const [after] = await ctx.db.select().from(paymentOperations).where(eq(paymentOperations.id, id));
  return after!;
}

async function execute(ctx: OperationContext, op: OperationRow): Promise<void> {
  const [payment] = await ctx.db.select().from(paymentOrders).where(eq(paymentOrders.id, op.paymentOrderId));
  const provider = ctx.provider(payment!.provider as ProviderName);
  const orderId = payment!.providerOrderId;
  try {
    let result: Record<string, unknown> = {};
    if (op.kind === 'void') {
      result = { synced: await voidCheckout(ctx, provider, orderId) };
    } else {
      const request = {
        amount: op.amount ?? 0,
        lines: (op.lines as OperationLine[] | null) ?? null,
        idempotencyKey: op.idempotencyKey,
        order: await ctx.checkoutOrder(op.reservationId),
      };
      result = await provider[op.kind as OperationKind](orderId, request);
    }
    await ctx.db.transaction(async (tx) => {
      const [done] = await tx
        .update(paymentOperations)
        .set({ state: 'done', doneAt: sql`now()`, lockedUntil: null, lastError: null, result })
        .where(and(eq(paymentOperations.id, op.id), eq(paymentOperations.state, 'running')))
        .returning({ id: paymentOperations.id });
      if (!done) return; // another process finished it after our lease ran out: its bookkeeping stands
      await record(tx, op, payment!.id);
    });
    ctx.log.info({ operation: op.id, kind: op.kind, payment: payment!.id, amount: op.amount }, 'payment operation done');
  } catch (error) {
    const failure = error instanceof ProviderError ? error : null;
    const retry = (!failure || failure.kind === 'outage') && op.attempts < MAX_ATTEMPTS;
    const message = (error as Error).message.slice(0, 500);
    await ctx.db
      .update(paymentOperations)
      .set(
        retry
          ? { state: 'queued', lockedUntil: null, lastError: message, nextAttemptAt: new Date(Date.now() + backoffMs(op.attempts)) }
          : { state: 'failed', lockedUntil: null, lastError: message, doneAt: sql`now()` },
      )
      .where(eq(paymentOperations.id, op.id));
    const log = { operation: op.id, kind: op.kind, payment: payment!.id, provider: payment!.provider, status: failure?.status, code: failure?.code, correlationId: failure?.correlationId, attempts: op.attempts };
    if (retry) ctx.log.warn(log, `payment operation will be retried: ${message}`);
    else ctx.log.error(log, `payment operation failed: ${message}`);
  }
}

/** The bookkeeping of a done operation on its payment order (same transaction as marking it done). */
async function record(tx: Tx, op: OperationRow, paymentId: number): Promise<void> {
  const amount = op.amount ?? 0;
  if (op.kind === 'capture') {
    await tx.update(paymentOrders).set({ capturedAmount: sql`${paymentOrders.capturedAmount} + ${amount}`, updatedAt: sql`now()` }).where(eq(paymentOrders.id, paymentId));
  } else if (op.kind === 'refund') {
    await tx.update(paymentOrders).set({ refundedAmount: sql`${paymentOrders.refundedAmount} + ${amount}`, updatedAt: sql`now()` }).where(eq(paymentOrders.id, paymentId));
  } else if (op.kind === 'cancel') {
    await tx.update(paymentOrders).set({ status: 'cancelled', updatedAt: sql`now()` }).where(eq(paymentOrders.id, paymentId));
  } else if (op.kind === 'release') {
    // What was captured stays; the rest of the authorisation is gone, so nothing more can be captured.
    await tx.update(paymentOrders).set({ authorizedAmount: sql`${paymentOrders.capturedAmount}`, updatedAt: sql`now()` }).where(eq(paymentOrders.id, paymentId));
  }
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

/** Operations still to run for a payment (capture/refund amounts already promised count against what remains). */
export async function pendingAmounts(tx: Tx | Db, paymentId: number): Promise<{ capture: number; refund: number; cancel: boolean; release: boolean }> {
  const rows = await tx
    .select({ kind: paymentOperations.kind, amount: paymentOperations.amount })
    .from(paymentOperations)
    .where(and(eq(paymentOperations.paymentOrderId, paymentId), inArray(paymentOperations.state, ['queued', 'running'])));
  return {
    capture: rows.filter((r) => r.kind === 'capture').reduce((s, r) => s + (r.amount ?? 0), 0),
    refund: rows.filter((r) => r.kind === 'refund').reduce((s, r) => s + (r.amount ?? 0), 0),
    cancel: rows.some((r) => r.kind === 'cancel'),
    release: rows.some((r) => r.kind === 'release'),
  };
}

