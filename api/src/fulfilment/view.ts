/** Reads reservations as the workspace shows them (StaffReservation of @shop/contracts), several at a time. */
import { desc, eq, inArray, asc } from 'drizzle-orm';
import type { StaffHandOver, StaffPaymentOperation, StaffPaymentSummary, StaffReservation, StaffReservationDetail, StaffReservationEvent } from '@shop/contracts/types';
import type { Db } from '../db/index.js';
import type { Tx } from '../payments/operations.js';
import { reservationLinesWithNames } from '../checkout/lines.js';
import { paymentOperations, paymentOrders, reservationEvents, reservationLines, reservations, shops } from '../db/schema.js';
import { handOverMoney } from './rules.js';

type Reader = Db | Tx;
export type ReservationRow = typeof reservations.$inferSelect;

/** One provider operation as staff see it (the workspace's payment and the payments staff routes alike). */
export const staffOperationView = (o: typeof paymentOperations.$inferSelect): StaffPaymentOperation => ({
  id: o.id,
  kind: o.kind,
  state: o.state,
  amount: o.amount,
  followUp: o.followUp,
  lastError: o.lastError,
  createdAt: o.createdAt.toISOString(),
  doneAt: o.doneAt?.toISOString() ?? null,
});
export type LineRow = typeof reservationLines.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;
const IN_FLIGHT = new Set(['queued', 'sent']);

/**
 * The paid checkout of each reservation, else its newest one, with its operations: what is still on its way to the
 * provider (queued/sent: "Trekk behandles", "Refusjon behandles"), what it refused and what must be followed up.
 * Captured/refunded amounts are the confirmed ones only (payments/operations.ts moves them on confirmation).
 */
async function paymentsOf(db: Reader, reservationIds: number[]): Promise<{ summaries: Map<number, StaffPaymentSummary>; handOvers: Map<number, StaffHandOver> }> {
  const out = new Map<number, StaffPaymentSummary>();
  const handOvers = new Map<number, StaffHandOver>();
  if (!reservationIds.length) return { summaries: out, handOvers };
  const rows = await db.select().from(paymentOrders).where(inArray(paymentOrders.reservationId, reservationIds)).orderBy(desc(paymentOrders.id));
  const chosen = new Map<number, (typeof rows)[number]>();
  for (const p of rows) {
    const current = chosen.get(p.reservationId);
    if (!current || (p.status === 'paid' && current.status !== 'paid')) chosen.set(p.reservationId, p);
  }
  // Every checkout's operations: how a hand-over is paid for depends on all of them (handOverMoney).
  const ops = rows.length ? await db.select().from(paymentOperations).where(inArray(paymentOperations.paymentOrderId, rows.map((p) => p.id))).orderBy(asc(paymentOperations.id)) : [];
  for (const id of reservationIds) {
    const money = handOverMoney(rows.filter((p) => p.reservationId === id).map((p) => ({ ...p, operations: ops.filter((o) => o.paymentOrderId === p.id) })));
    handOvers.set(id, { mode: money.mode, message: money.mode === 'refused' ? money.message : null });
  }
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
      operations: mine.map(staffOperationView),
      discrepancy: p.discrepancy,
      reconciledAt: iso(p.reconciledAt),
      fraudStatus: p.fraudStatus === 'ACCEPTED' || p.fraudStatus === 'PENDING' || p.fraudStatus === 'REJECTED' ? p.fraudStatus : null,
    });
  }
  return { summaries: out, handOvers };
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
    payment: payments.summaries.get(r.id) ?? null,
    handOver: payments.handOvers.get(r.id) ?? { mode: 'in-shop', message: null },
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
