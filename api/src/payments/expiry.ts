/**
 * Holds that end (checkout/hold.ts): an unpaid reservation whose hold_until has passed is expired in ONE
 * transaction — status 9 with expired_at, its order cancelled, every line's units given back to the shop they were
 * taken from, a promo-code use given back, its open provider checkouts marked cancelled with a `void` operation
 * queued (payments/operations.ts re-reads each; one the shopper completed after all is cancelled at the provider).
 *
 * Exactly once across processes: rows are claimed with `FOR UPDATE SKIP LOCKED` and re-checked under the lock, so
 * two sweeps (timer in every process, plus "on access" when a shopper or a provider touches the reservation) never
 * return the same units twice. A payment that completes at the same moment takes the same row lock
 * (payments/service.ts): either it comes first (paid, stock stays taken, the sweep skips a paid row) or the expiry
 * does (the payment finds the reservation expired and is cancelled at the provider).
 */
import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { orders, paymentOrders, reservationLines, reservations, stock } from '../db/schema.js';
import { releasePromocode } from '../checkout/promocodes.js';
import { RESERVATION_CANCELLED, UNPAID_STATUSES } from '../checkout/hold.js';
import { enqueueOperation, type Tx } from './operations.js';
import { recordEvent, SYSTEM } from '../fulfilment/records.js';

const due = (now: Date) =>
  and(inArray(reservations.statusId, [...UNPAID_STATUSES]), isNotNull(reservations.holdUntil), lte(reservations.holdUntil, now));

/** Expires up to `limit` reservations whose hold has ended; returns their ids. */
export async function expireDueReservations(db: Db, now = new Date(), limit = 50): Promise<number[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(reservations)
      .where(due(now))
      .orderBy(asc(reservations.holdUntil))
      .limit(limit)
      .for('update', { skipLocked: true });
    for (const r of rows) await expireLocked(tx, r);
    return rows.map((r) => r.id);
  });
}

/** "On access": expires this reservation now if its hold has ended (a no-op when another process holds it). */
export async function expireIfDue(db: Db, reservationId: number, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [r] = await tx
      .select()
      .from(reservations)
      .where(and(eq(reservations.id, reservationId), due(now)))
      .for('update', { skipLocked: true });
    if (!r) return false;
    await expireLocked(tx, r);
    return true;
  });
}

async function expireLocked(tx: Tx, r: typeof reservations.$inferSelect): Promise<void> {
  const lines = await tx.select().from(reservationLines).where(eq(reservationLines.reservationId, r.id)).orderBy(asc(reservationLines.variantId));
  for (const line of lines) {
    await tx
      .update(stock)
      .set({ qty: sql`${stock.qty} + ${line.count}` })
      .where(and(eq(stock.variantId, line.variantId), eq(stock.shopId, line.stockShopId ?? r.shopId)));
  }
  await tx.update(reservations).set({ statusId: RESERVATION_CANCELLED, expiredAt: sql`now()`, version: sql`${reservations.version} + 1` }).where(eq(reservations.id, r.id));
  await recordEvent(tx, { reservationId: r.id, actor: SYSTEM, kind: 'expired', fromStatus: r.statusId, toStatus: RESERVATION_CANCELLED, detail: { holdUntil: r.holdUntil?.toISOString() ?? null } });
  await tx.update(orders).set({ status: 'cancelled' }).where(eq(orders.reservationId, r.id));
  // A cancelled reservation no longer uses its promo code (promocodes.uses counts the ones not cancelled).
  await releasePromocode(tx, r.id);
  const open = await tx
    .update(paymentOrders)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(and(eq(paymentOrders.reservationId, r.id), eq(paymentOrders.status, 'pending')))
    .returning({ id: paymentOrders.id });
  for (const p of open) {
    await enqueueOperation(tx, { paymentOrderId: p.id, reservationId: r.id, kind: 'void', amount: null, key: `void:${p.id}`, reason: 'expired' });
  }
}

/**
 * Logging in rotates the session (fixation): the shopper's reservations of the old session move to the new one and
 * to the customer, so they can still be paid — and their stock is not left held by a session nobody has.
 * Called from routes/customers/auth.ts logIn around the rotation.
 */
export async function rotateKeepingReservations<T extends { id: string }>(
  db: Db,
  previousSessionId: string | null,
  customerId: number,
  rotate: () => Promise<T>,
): Promise<T> {
  const created = await rotate();
  if (previousSessionId) {
    await db
      .update(reservations)
      .set({ sessionId: created.id, customerId: sql`coalesce(${reservations.customerId}, ${customerId})` })
      .where(eq(reservations.sessionId, previousSessionId));
  }
  return created;
}
