/**
 * The workspace's rules as pure functions (table-driven tests in rules.test.ts): which action a status allows, and
 * what a hand-over captures. Money is integer øre incl. VAT.
 */
import { RESERVATION_STATUS as S, reservationStatusLabel } from '@shop/contracts/constants';
import { fulfilmentTexts } from './texts.js';

export type StaffAction = 'ready' | 'collected' | 'not-collected' | 'shipped' | 'remove-line' | 'refund' | 'returned';

/** The statuses each action starts from. */
export const ACTION_FROM: Record<StaffAction, readonly number[]> = {
  // An unpaid click-and-collect (1, 2) may be made ready too: the shopper pays in the shop.
  ready: [S.new, S['awaiting-payment'], S.paid],
  collected: [S.ready],
  'not-collected': [S.ready],
  shipped: [S.paid],
  'remove-line': [S.paid, S.ready],
  refund: [S.collected, S.shipped, S.refunded],
  returned: [S.collected, S.shipped, S.refunded],
};

/** The actions that let the goods leave the shop. */
const HAND_OVER: readonly StaffAction[] = ['collected', 'shipped'];

/**
 * Why `action` may not be done to this reservation now (null: it may): 409 when its status does not allow it (the
 * screen is behind), 422 when the action does not fit this kind of reservation or comes too early. `fraudStatus` is
 * Kustom's fraud_status of the paid payment: while PENDING the goods must not leave the shop, and never once
 * REJECTED (https://docs.klarna.com/order-management/in-depth-knowledge/pending-orders).
 */
export function refusalOf(
  action: StaffAction,
  r: { statusId: number; delivery: string; pickupUntil: Date | null },
  now: Date,
  fraudStatus: string | null = null,
): { status: 409 | 422; message: string } | null {
  if (!ACTION_FROM[action].includes(r.statusId)) return { status: 409, message: fulfilmentTexts.notAllowed(reservationStatusLabel(r.statusId)) };
  if (HAND_OVER.includes(action) && fraudStatus === 'PENDING') return { status: 422, message: fulfilmentTexts.fraudPending };
  if (HAND_OVER.includes(action) && fraudStatus === 'REJECTED') return { status: 422, message: fulfilmentTexts.fraudRejected };
  const home = r.delivery === 'delivery';
  if (action === 'ready' && home) return { status: 422, message: fulfilmentTexts.notClickAndCollect };
  if (action === 'shipped' && !home) return { status: 422, message: fulfilmentTexts.notHomeDelivery };
  if (action === 'not-collected' && (!r.pickupUntil || r.pickupUntil.getTime() > now.getTime())) return { status: 422, message: fulfilmentTexts.pickupNotOver };
  return null;
}

/** https only: the link goes into an e-mail and the customer's history. */
export function isTrackingUrl(value: string): boolean {
  if (value.length > 2000) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

export interface PlanLine {
  ean: string;
  price: number;
  /** Units on the line (reservation_lines.count). */
  count: number;
  removed: number;
  /** Units handed over or shipped now. */
  handed: number;
}

export interface CaptureLine {
  reference: string;
  quantity: number;
}

/** Provider references of the order's extra lines (payments/money.ts). */
export const SHIPPING_REFERENCE = 'frakt';
export const DISCOUNT_REFERENCE = 'rabatt';

export type CapturePlan =
  | { kind: 'capture'; amount: number; /** null = the whole order */ lines: CaptureLine[] | null; partial: boolean }
  | { kind: 'cancel'; amount: 0 };

/**
 * What a hand-over captures: Σ handed units × price − discount (never below 0) + shipping. Everything handed over
 * = the whole order (no lines). Otherwise by lines: the EANs with their units, 'frakt' and 'rabatt'; when the
 * discount is larger than the goods handed over, only the shipping is captured (the goods went for free). Nothing
 * to capture: the authorisation is cancelled instead.
 */
export function capturePlan(lines: PlanLine[], shipping: number, discount: number): CapturePlan {
  const goods = lines.reduce((s, l) => s + l.handed * l.price, 0);
  const amount = Math.max(0, goods - discount) + shipping;
  if (amount <= 0) return { kind: 'cancel', amount: 0 };
  const whole = lines.every((l) => l.removed === 0 && l.handed === l.count);
  if (whole) return { kind: 'capture', amount, lines: null, partial: false };
  const byEan = new Map<string, number>();
  for (const l of lines) if (l.handed > 0) byEan.set(l.ean, (byEan.get(l.ean) ?? 0) + l.handed);
  const capture: CaptureLine[] = goods - discount > 0 ? [...byEan].map(([reference, quantity]) => ({ reference, quantity })) : [];
  if (shipping > 0) capture.push({ reference: SHIPPING_REFERENCE, quantity: 1 });
  if (discount > 0 && goods - discount > 0) capture.push({ reference: DISCOUNT_REFERENCE, quantity: 1 });
  return { kind: 'capture', amount, lines: capture, partial: true };
}

/** The order as sold, for payments/decide.ts: one entry per EAN, plus shipping and the (negative) discount. */
export function soldOf(lines: Array<{ ean: string; count: number; price: number }>, shipping: number, discount: number) {
  const sold = new Map<string, { reference: string; quantity: number; unitPrice: number }>();
  for (const l of lines) {
    const s = sold.get(l.ean);
    if (s) s.quantity += l.count;
    else sold.set(l.ean, { reference: l.ean, quantity: l.count, unitPrice: l.price });
  }
  const all = [...sold.values()];
  if (shipping > 0) all.push({ reference: SHIPPING_REFERENCE, quantity: 1, unitPrice: shipping });
  if (discount > 0) all.push({ reference: DISCOUNT_REFERENCE, quantity: 1, unitPrice: -discount });
  return all;
}

/** Units of each line handed over: the asked ones, or (none asked) every unit not removed. Null = an asked line is unknown or too many. */
export function handedUnits(lines: Array<{ id: number; count: number; removedCount: number }>, asked: Array<{ lineId: number; count: number }> | undefined): Map<number, number> | null {
  const handed = new Map<number, number>();
  if (!asked) {
    for (const l of lines) handed.set(l.id, l.count - l.removedCount);
    return handed;
  }
  for (const l of lines) handed.set(l.id, 0);
  for (const a of asked) {
    const line = lines.find((l) => l.id === a.lineId);
    if (!line) return null;
    const total = handed.get(line.id)! + a.count;
    if (total > line.count - line.removedCount) return null;
    handed.set(line.id, total);
  }
  return handed;
}
