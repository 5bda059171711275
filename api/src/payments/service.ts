/**
 * Payments for reservations: start a provider checkout, and sync a provider order into the shop (paid → reservation
 * status 3 and order status `paid`). Syncing always re-reads the order from the provider, so a push is only a hint:
 * a forged push cannot mark anything paid, and repeats change nothing (the guarded update flips a row once).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { orders, paymentOrders, reservationLines, reservations } from '../db/schema.js';
import type { CheckoutOrder, MerchantUrls, PaymentProvider, PaymentStatus, ProviderName } from './types.js';

export const RESERVATION_PAID = 3;

export type PaymentRow = typeof paymentOrders.$inferSelect;
export type ReservationRow = typeof reservations.$inferSelect;

export function ownsReservation(r: ReservationRow, session: { id: string; customerId: number | null } | null): boolean {
  if (!session) return false;
  if (r.customerId != null && r.customerId === session.customerId) return true;
  return r.sessionId != null && r.sessionId === session.id;
}

export async function checkoutOrderFor(db: Db, r: ReservationRow): Promise<CheckoutOrder> {
  const lines = await db.select().from(reservationLines).where(eq(reservationLines.reservationId, r.id)).orderBy(reservationLines.id);
  return {
    reservationId: r.id,
    shopId: r.shopId,
    lines: lines.map((l) => ({ reference: l.ean, name: l.name, quantity: l.count, unitPrice: l.price })),
    shipping: r.shippingPrice,
    discount: r.discount,
    total: r.total,
  };
}

/**
 * Starts (or, for Qliro, resumes: one order per shop) a provider checkout for a reservation.
 * Returns the stored row and the provider's snippet.
 */
export async function startPayment(
  db: Db,
  provider: PaymentProvider,
  r: ReservationRow,
  urls: MerchantUrls,
): Promise<{ row: PaymentRow; htmlSnippet: string }> {
  if (provider.name === 'qliro') {
    const [open] = await db
      .select()
      .from(paymentOrders)
      .where(and(eq(paymentOrders.provider, 'qliro'), eq(paymentOrders.reservationId, r.id), eq(paymentOrders.shopId, r.shopId), eq(paymentOrders.status, 'pending')));
    if (open) {
      const current = await provider.readOrder(open.providerOrderId);
      if (current.status === 'pending' && current.amount === open.amount) return { row: open, htmlSnippet: current.htmlSnippet };
    }
  }
  const order = await checkoutOrderFor(db, r);
  const created = await provider.createOrder(order, urls);
  const [row] = await db
    .insert(paymentOrders)
    .values({ provider: provider.name, providerOrderId: created.orderId, reservationId: r.id, shopId: r.shopId, status: 'pending', amount: r.total })
    .returning();
  return { row: row!, htmlSnippet: created.htmlSnippet };
}

export async function findPayment(db: Db, provider: ProviderName, providerOrderId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.provider, provider), eq(paymentOrders.providerOrderId, providerOrderId)));
  return row ?? null;
}

/**
 * Re-reads the order at the provider and applies its status. Paid only when the provider says so AND the order is
 * for this reservation AND the amount matches what we asked for. Returns the row after the sync (null: unknown order).
 */
export async function syncPayment(
  db: Db,
  provider: PaymentProvider,
  providerOrderId: string,
): Promise<{ row: PaymentRow; htmlSnippet: string } | null> {
  const row = await findPayment(db, provider.name, providerOrderId);
  if (!row) return null;
  const remote = await provider.readOrder(providerOrderId);
  let status: PaymentStatus = remote.status;
  if (status === 'paid' && (remote.reference !== String(row.reservationId) || remote.amount !== row.amount)) status = 'pending';

  if (status === 'paid') {
    await db.transaction(async (tx) => {
      const flipped = await tx
        .update(paymentOrders)
        .set({ status: 'paid', updatedAt: sql`now()` })
        .where(and(eq(paymentOrders.id, row.id), ne(paymentOrders.status, 'paid')))
        .returning({ id: paymentOrders.id });
      if (flipped.length === 0) return; // already paid: a repeat changes nothing
      await tx.update(reservations).set({ statusId: RESERVATION_PAID }).where(eq(reservations.id, row.reservationId));
      await tx.update(orders).set({ status: 'paid' }).where(eq(orders.reservationId, row.reservationId));
    });
    const [current] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, row.id));
    if (current && !current.acknowledgedAt) {
      await provider.acknowledge(providerOrderId);
      await db
        .update(paymentOrders)
        .set({ acknowledgedAt: sql`now()` })
        .where(and(eq(paymentOrders.id, row.id), sql`${paymentOrders.acknowledgedAt} is null`));
    }
  } else if (status !== row.status && row.status !== 'paid') {
    await db
      .update(paymentOrders)
      .set({ status, updatedAt: sql`now()` })
      .where(and(eq(paymentOrders.id, row.id), ne(paymentOrders.status, 'paid')));
  }
  const [after] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, row.id));
  return { row: after!, htmlSnippet: remote.htmlSnippet };
}
