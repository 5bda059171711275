/** What every status change writes besides itself: the audit row, stock given back, the order e-mail's data. */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../payments/operations.js';
import { reservationEvents, reservations, shops, stock } from '../db/schema.js';
import { reservationLinesWithNames } from '../checkout/lines.js';
import type { OrderMailData } from './mail.js';

export interface Actor {
  /** customers.id; null = the system (a sweep, a payment). */
  id: number | null;
  name: string | null;
}
export const SYSTEM: Actor = { id: null, name: null };

export async function recordEvent(
  tx: Tx,
  e: { reservationId: number; actor: Actor; kind: string; fromStatus: number | null; toStatus: number | null; detail?: Record<string, unknown> },
): Promise<void> {
  await tx.insert(reservationEvents).values({
    reservationId: e.reservationId,
    actorId: e.actor.id,
    actorName: e.actor.name,
    kind: e.kind,
    fromStatus: e.fromStatus,
    toStatus: e.toStatus,
    detail: e.detail ?? {},
  });
}

/** Units back on a shop's shelf (a shop that never held the variant gets a stock row). */
export async function restock(tx: Tx, variantId: number, shopId: number, units: number): Promise<void> {
  if (units <= 0) return;
  await tx
    .insert(stock)
    .values({ variantId, shopId, qty: units })
    .onConflictDoUpdate({ target: [stock.variantId, stock.shopId], set: { qty: sql`${stock.qty} + ${units}` } });
}

/** The order e-mail's data for a reservation as it stands in this transaction. */
export async function orderMailData(tx: Tx, reservationId: number, publicUrl: string, extra: Partial<OrderMailData> = {}): Promise<OrderMailData> {
  const [r] = await tx.select().from(reservations).where(eq(reservations.id, reservationId));
  const [shop] = await tx.select({ name: shops.fullName, address: shops.address, postNo: shops.postNo, postPlace: shops.postPlace }).from(shops).where(eq(shops.id, r!.shopId));
  const lines = await reservationLinesWithNames(tx, [reservationId]);
  return {
    reservationId,
    name: r!.name,
    email: r!.email,
    homeDelivery: r!.delivery === 'delivery',
    shopName: shop?.name ?? '',
    shopAddress: shop ? `${shop.address}, ${shop.postNo} ${shop.postPlace}` : '',
    lines: lines.map((l) => ({ name: l.line.name, size: l.size ?? '', color: l.color ?? '', count: l.line.count - l.line.removedCount, price: l.line.price })).filter((l) => l.count > 0),
    shippingPrice: r!.shippingPrice,
    discount: r!.discount,
    total: r!.total,
    ...(r!.trackingUrl ? { trackingUrl: r!.trackingUrl } : {}),
    ...(r!.pickupUntil ? { pickupUntil: r!.pickupUntil } : {}),
    publicUrl,
    ...extra,
  };
}

