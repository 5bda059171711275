/**
 * The workspace's rules as pure functions (table-driven tests in rules.test.ts): which action a status allows, and
 * what a hand-over captures. Money is integer øre incl. VAT.
 */
import { RESERVATION_STATUS as S, reservationStatusLabel } from '@shop/contracts/constants';
import { fulfilmentTexts } from './texts.js';

export type StaffAction = 'ready' | 'collected' | 'paid-in-shop' | 'not-collected' | 'shipped' | 'remove-line' | 'refund' | 'returned';

/** The statuses each action starts from. */
export const ACTION_FROM: Record<StaffAction, readonly number[]> = {
  // An unpaid click-and-collect (1, 2) may be made ready too: the shopper pays in the shop.
  ready: [S.new, S['awaiting-payment'], S.paid],
  collected: [S.ready],
  // Handed over against payment at the till: only a click-and-collect that was made ready unpaid (handOverMoney).
  'paid-in-shop': [S.ready],
  'not-collected': [S.ready],
  shipped: [S.paid],
  'remove-line': [S.paid, S.ready],
  refund: [S.collected, S.shipped, S.refunded],
  returned: [S.collected, S.shipped, S.refunded],
};

/** The actions that let the goods leave the shop. */
const HAND_OVER: readonly StaffAction[] = ['collected', 'paid-in-shop', 'shipped'];

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

/** One checkout of the reservation as handOverMoney reads it: its payment_orders row and its operations. */
export interface PaymentFacts {
  /** pending | paid | onhold | refused | cancelled | late | mismatch */
  status: string;
  authorizedAmount: number;
  capturedAmount: number;
  refundedAmount: number;
  discrepancy: string | null;
  operations: ReadonlyArray<{ kind: string; state: string; reason: string }>;
}

export type HandOverMoney<P extends PaymentFacts = PaymentFacts> =
  /** The online payment pays for the goods: the hand-over captures (or records what was captured by hand). */
  | { mode: 'online'; payment: P }
  /** No online payment ever took money: the goods leave only with "Betalt i butikken". */
  | { mode: 'in-shop' }
  | { mode: 'refused'; message: string };

/** Why the system (not a person) gave money back: a completion that came after the reservation was paid or closed. */
const RETURNED_LATE = ['duplicate-payment', 'expired'];
const unsettled = (p: PaymentFacts) =>
  p.operations.some((o) => o.state === 'unknown')
    ? fulfilmentTexts.handOverFollowUp
    : p.operations.some((o) => (o.state === 'queued' || o.state === 'sent') && o.kind !== 'extend')
      ? fulfilmentTexts.handOverInFlight
      : null;

/**
 * What pays for goods that leave the shop, from every checkout of the reservation (newest first). The online
 * payment only while nothing about its money is uncertain: no operation queued, at the provider or to be followed
 * up, nothing refunded, no difference from the provider's ledger. Without a paid checkout the goods may leave as paid
 * in the shop only if no checkout ever held the shopper's money (open or refused checkouts hold none; one the system
 * gave back because it came late no longer does); a cancelled, late, mismatched or on-hold one refuses.
 */
export function handOverMoney<P extends PaymentFacts>(payments: readonly P[]): HandOverMoney<P> {
  const refused = (message: string) => ({ mode: 'refused' as const, message });
  const paid = payments.find((p) => p.status === 'paid');
  if (paid) {
    const uncertain = unsettled(paid);
    if (uncertain) return refused(uncertain);
    if (paid.refundedAmount > 0) return refused(fulfilmentTexts.handOverRefunded);
    if (paid.discrepancy) return refused(fulfilmentTexts.handOverDiscrepancy);
    return { mode: 'online', payment: paid };
  }
  for (const p of payments) {
    // A checkout given up (void) is read again at the provider: the shopper may have paid it after all.
    const uncertain = unsettled(p);
    if (uncertain) return refused(uncertain);
    if (p.status === 'late') return refused(fulfilmentTexts.handOverLate);
    if (p.status === 'mismatch') return refused(fulfilmentTexts.handOverMismatch);
    if (p.status === 'onhold') return refused(fulfilmentTexts.handOverOnHold);
    const returnedLate = p.operations.some((o) => o.kind === 'cancel' && o.state === 'confirmed' && RETURNED_LATE.includes(o.reason));
    if (p.status === 'cancelled' && p.authorizedAmount > 0 && !returnedLate) return refused(fulfilmentTexts.handOverCancelled);
  }
  return { mode: 'in-shop' };
}

/** Why this hand-over action does not fit how the reservation is paid (null: it fits). */
export function handOverRefusal(action: 'collected' | 'shipped' | 'paid-in-shop', money: HandOverMoney): string | null {
  if (money.mode === 'refused') return money.message;
  if (action === 'paid-in-shop') return money.mode === 'online' ? fulfilmentTexts.paidOnline : null;
  return money.mode === 'in-shop' ? fulfilmentTexts.payInShopFirst : null;
}

export type HandOverCapture =
  | CapturePlan
  /** Captured by hand before the hand-over: nothing more is captured; the authorisation's rest is released. */
  | { kind: 'captured'; captured: number; release: boolean; refundDue: number }
  /** Captured by hand, but less than the goods handed over are worth: someone must capture the rest first. */
  | { kind: 'short'; captured: number; owed: number };

/**
 * The hand-over's money once a person may have captured by hand (payments staff route): nothing captured yet → the
 * plan as it is; captured at least what the goods handed over are worth → nothing more (the difference, if any, is
 * the customer's to get back); captured less → refused until the rest is captured.
 */
export function handOverCapture(plan: CapturePlan, payment: { authorizedAmount: number; capturedAmount: number }): HandOverCapture {
  const captured = payment.capturedAmount;
  if (captured <= 0) return plan;
  const owed = plan.amount;
  if (owed > captured) return { kind: 'short', captured, owed };
  return { kind: 'captured', captured, release: payment.authorizedAmount > captured, refundDue: captured - owed };
}
