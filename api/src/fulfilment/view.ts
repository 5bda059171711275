/** Reads reservations as the workspace shows them (StaffReservation of @shop/contracts), several at a time. */
import { desc, eq, inArray, asc } from 'drizzle-orm';
import type { StaffPaymentSummary, StaffReservation, StaffReservationDetail, StaffReservationEvent } from '@shop/contracts/types';
import type { Db } from '../db/index.js';
import type { Tx } from '../payments/operations.js';
import { reservationLinesWithNames } from '../checkout/lines.js';
import { paymentOperations, paymentOrders, reservationEvents, reservationLines, reservations, shops } from '../db/schema.js';

type Reader = Db | Tx;
export type ReservationRow = typeof reservations.$inferSelect;
export type LineRow = typeof reservationLines.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;
const IN_FLIGHT = new Set(['queued', 'sent']);

/**
 * The paid checkout of each reservation, else its newest one, with its operations: what is still on its way to the
 * provider (queued/sent: "Trekk behandles", "Refusjon behandles"), what it refused and what must be followed up.
 * Captured/refunded amounts are the confirmed ones only (payments/operations.ts moves them on confirmation).
 */
async function paymentsOf(db: Reader, reservationIds: number[]): Promise<Map<number, StaffPaymentSummary>> {
  const out = new Map<number, StaffPaymentSummary>();
  if (!reservationIds.length) return out;
  const rows = await db.select().from(paymentOrders).where(inArray(paymentOrders.reservationId, reservationIds)).orderBy(desc(paymentOrders.id));
  const chosen = new Map<number, (typeof rows)[number]>();
  for (const p of rows) {
    const current = chosen.get(p.reservationId);
    if (!current || (p.status === 'paid' && current.status !== 'paid')) chosen.set(p.reservationId, p);
  }
  const ids = [...chosen.values()].map((p) => p.id);
  const ops = ids.length ? await db.select().from(paymentOperations).where(inArray(paymentOperations.paymentOrderId, ids)).orderBy(asc(paymentOperations.id)) : [];
  for (const [reservationId, p] of chosen) {
    const mine = ops.filter((o) => o.paymentOrderId === p.id);
    const pending = mine.filter((o) => IN_FLIGHT.has(o.state));
    const pendingOf = (kind: string) => pending.filter((o) => o.kind === kind).reduce((sum, o) => sum + (o.amount ?? 0), 0);
    out.set(reservationId, {
      id: p.id,
      provider: p.provider as StaffPaymentSummary['provider'],
      providerOrderId: p.providerOrderId,
      status: p.status,
      authorizedAmount: p.authorizedAmount,
      capturedAmount: p.capturedAmount,
      refundedAmount: p.refundedAmount,
      pendingOperations: pending.length,
      pendingCapture: pendingOf('capture'),
      pendingRefund: pendingOf('refund'),
      failedOperations: mine.filter((o) => o.state === 'refused').length,
      unknownOperations: mine.filter((o) => o.state === 'unknown').length,
      operations: mine.map((o) => ({
        id: o.id,
        kind: o.kind,
        state: o.state,
        amount: o.amount,
        followUp: o.followUp,
        lastError: o.lastError,
        createdAt: o.createdAt.toISOString(),
        doneAt: iso(o.doneAt),
      })),
      discrepancy: p.discrepancy,
      reconciledAt: iso(p.reconciledAt),
      fraudStatus: p.fraudStatus === 'ACCEPTED' || p.fraudStatus === 'PENDING' || p.fraudStatus === 'REJECTED' ? p.fraudStatus : null,
    });
  }
  return out;
}


/** The reservations with these ids as the workspace shows them, in the order of `rows`. */
export async function staffReservations(db: Reader, rows: ReservationRow[]): Promise<StaffReservation[]> {
  const ids = rows.map((r) => r.id);
  const [lines, payments, shopRows] = await Promise.all([reservationLinesWithNames(db, ids), paymentsOf(db, ids), db.select({ id: shops.id, name: shops.name }).from(shops)]);
  const shopName = (id: number) => shopRows.find((s) => s.id === id)?.name ?? String(id);
  return rows.map((r) => ({
    id: r.id,
    statusId: r.statusId,
    version: r.version,
    shopId: r.shopId,
    shopName: shopName(r.shopId),
    delivery: r.delivery,
    homeDelivery: r.delivery === 'delivery',
    customer: { id: r.customerId, name: r.name, email: r.email, phone: r.phone, address: r.address, postalCode: r.zipcode, city: r.city },
    lines: lines
      .filter((l) => l.line.reservationId === r.id)
      .map(({ line, size, color, articleNo }) => ({
        id: line.id,
        ean: line.ean,
        articleId: line.articleId,
        name: line.name,
        size: size ?? '',
        color: color ?? '',
        articleNo,
        count: line.count,
        price: line.price,
        stockShopId: line.stockShopId ?? r.shopId,
        stockShopName: shopName(line.stockShopId ?? r.shopId),
        fulfilledCount: line.fulfilledCount,
        removedCount: line.removedCount,
        refundedCount: line.refundedCount,
        returnedCount: line.returnedCount,
      })),
    shippingPrice: r.shippingPrice,
    discount: r.discount,
    total: r.total,
    trackingUrl: r.trackingUrl,
    payment: payments.get(r.id) ?? null,
    holdUntil: iso(r.holdUntil),
    readyAt: iso(r.readyAt),
    pickupUntil: iso(r.pickupUntil),
    closedAt: iso(r.closedAt),
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function staffReservationDetail(db: Reader, id: number): Promise<StaffReservationDetail | null> {
  const [r] = await db.select().from(reservations).where(eq(reservations.id, id));
  if (!r) return null;
  const [view] = await staffReservations(db, [r]);
  const events = await db.select().from(reservationEvents).where(eq(reservationEvents.reservationId, id)).orderBy(asc(reservationEvents.id));
  return {
    ...view!,
    events: events.map(
      (e): StaffReservationEvent => ({
        id: e.id,
        kind: e.kind,
        fromStatus: e.fromStatus,
        toStatus: e.toStatus,
        actorName: e.actorName,
        detail: e.detail as Record<string, unknown>,
        createdAt: e.createdAt.toISOString(),
      }),
    ),
  };
}
