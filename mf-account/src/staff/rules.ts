/**
 * The workspace's rules as pure functions (table-tested in rules.test.ts): which actions a reservation's status
 * allows, the handed-over / refunded / returned counts a form may send, kroner typed by a person → øre, and the
 * labels the queue shows. The API decides again (it is the authority); these only keep the screen honest.
 */
import { RESERVATION_STATUS } from '@shop/contracts/constants';
import { formatMoney } from '@shop/contracts/format';
import type { StaffFollowUpItem, StaffLineCount, StaffMe, StaffPaymentOperation, StaffPaymentSummary, StaffReservation, StaffReservationLine } from '@shop/contracts/types';
import { osloDateTime } from '../ui/dates.js';
import { staffTexts as t } from './texts.js';

export { osloDateTime };

export type StaffActionKind = 'ready' | 'collected' | 'paid-in-shop' | 'not-collected' | 'shipped' | 'remove-line' | 'refund' | 'returned';

export interface AllowedAction {
  kind: StaffActionKind;
  /** False: shown but not yet possible (why in `reason`). */
  enabled: boolean;
  reason?: string;
}

/** Units of a line still to hand over or send (what was removed is not). */
export const openUnits = (line: StaffReservationLine) => Math.max(0, line.count - line.removedCount);
/** Units the customer got and has not yet been refunded for. */
export const refundableUnits = (line: StaffReservationLine) => Math.max(0, (line.fulfilledCount ?? 0) - line.refundedCount);
/** Units the customer got that have not come back yet. */
export const returnableUnits = (line: StaffReservationLine) => Math.max(0, (line.fulfilledCount ?? 0) - line.returnedCount);
/** Money captured and not refunded: the most a refund may give back. */
export const refundableAmount = (r: StaffReservation) => Math.max(0, (r.payment?.capturedAmount ?? 0) - (r.payment?.refundedAmount ?? 0));

/** Money captured (or being captured) by hand before the hand-over: the units are paid for, so none is removed. */
const capturedByHand = (r: StaffReservation) => (r.payment?.status === 'paid' && (r.payment.capturedAmount > 0 || (r.payment.pendingCapture ?? 0) > 0)) || false;

/**
 * The hand-over the payment allows (the API's handOver): "Hentet"/"Sendt" for an online payment, "Betalt i butikken"
 * for a reservation never paid online, and while the payment is cancelled, late or unsettled the usual button, locked,
 * with the API's reason.
 */
function handOverAction(r: StaffReservation, online: 'collected' | 'shipped', hasOpenUnits: boolean): AllowedAction {
  if (r.handOver.mode === 'refused') return { kind: online, enabled: false, reason: r.handOver.message ?? t.handOverRefused };
  if (r.handOver.mode === 'in-shop' && online === 'collected') return { kind: 'paid-in-shop', enabled: hasOpenUnits };
  return { kind: online, enabled: hasOpenUnits };
}

/** What the status allows this person to do now. Refunds and returns: customer service and admin only. */
export function allowedActions(r: StaffReservation, me: Pick<StaffMe, 'canRefund'>, now: Date): AllowedAction[] {
  const actions: AllowedAction[] = [];
  const hasOpenUnits = r.lines.some((l) => openUnits(l) > 0);
  // An unpaid click-and-collect may be made ready too: the shopper pays in the shop (the API allows it the same way).
  const unpaid = r.statusId === RESERVATION_STATUS.new || r.statusId === RESERVATION_STATUS['awaiting-payment'];
  if (r.statusId === RESERVATION_STATUS.paid) {
    actions.push(r.homeDelivery ? handOverAction(r, 'shipped', hasOpenUnits) : { kind: 'ready', enabled: hasOpenUnits });
  } else if (unpaid && !r.homeDelivery) {
    actions.push({ kind: 'ready', enabled: hasOpenUnits });
  }
  if (r.statusId === RESERVATION_STATUS.ready) {
    actions.push(handOverAction(r, 'collected', hasOpenUnits));
    const ended = r.pickupUntil !== null && new Date(r.pickupUntil).getTime() <= now.getTime();
    actions.push(ended ? { kind: 'not-collected', enabled: true } : { kind: 'not-collected', enabled: false, reason: t.notCollectedLocked(osloDateTime(r.pickupUntil)) });
  }
  // Removing a line only makes sense before the goods leave the shop; keep at least one unit (else: not collected).
  const unitsLeft = r.lines.reduce((sum, l) => sum + openUnits(l), 0);
  if ((r.statusId === RESERVATION_STATUS.paid || r.statusId === RESERVATION_STATUS.ready) && unitsLeft > 1) {
    actions.push(capturedByHand(r) ? { kind: 'remove-line', enabled: false, reason: t.removeAfterCapture } : { kind: 'remove-line', enabled: true });
  }
  const handedOver = r.statusId === RESERVATION_STATUS.collected || r.statusId === RESERVATION_STATUS.shipped || r.statusId === RESERVATION_STATUS.refunded;
  if (handedOver && me.canRefund) {
    if (refundableAmount(r) > 0) actions.push({ kind: 'refund', enabled: true });
    if (r.lines.some((l) => returnableUnits(l) > 0)) actions.push({ kind: 'returned', enabled: true });
  }
  return actions;
}

/**
 * Typed counts per line → the lines an action sends, or an error text. `max` is each line's ceiling (open units for
 * a pickup, refundable or returnable units otherwise). Blank means 0; lines with 0 are left out.
 */
export function lineCounts(
  lines: readonly StaffReservationLine[],
  typed: Readonly<Record<number, string>>,
  max: (line: StaffReservationLine) => number,
): { ok: true; lines: StaffLineCount[] } | { ok: false; error: string } {
  const out: StaffLineCount[] = [];
  for (const line of lines) {
    const text = (typed[line.id] ?? '').trim();
    if (text === '') continue;
    if (!/^\d+$/.test(text)) return { ok: false, error: t.countInvalid };
    const count = Number(text);
    if (count > max(line)) return { ok: false, error: t.countInvalid };
    if (count > 0) out.push({ lineId: line.id, count });
  }
  return { ok: true, lines: out };
}

/** The handed-over counts of a pickup: every open unit unless the person changed it; at least one unit in all. */
export function handedOverLines(lines: readonly StaffReservationLine[], typed: Readonly<Record<number, string>>) {
  const filled = Object.fromEntries(lines.map((l) => [l.id, typed[l.id] ?? String(openUnits(l))]));
  const result = lineCounts(lines, filled, openUnits);
  if (result.ok && result.lines.length === 0) return { ok: false as const, error: t.nothingHandedOver };
  return result;
}

/** The amount handed over lines are worth, øre (what "Hentet" captures, before shipping and discount). */
export const linesAmount = (lines: readonly StaffReservationLine[], counts: readonly StaffLineCount[]) =>
  counts.reduce((sum, c) => sum + (lines.find((l) => l.id === c.lineId)?.price ?? 0) * c.count, 0);

/**
 * Kroner as a person types them ("199", "199,50", "1 299.5", "kr 49") → øre; null when it is not an amount with at
 * most two decimals, or not above zero.
 */
export function parseKroner(text: string): number | null {
  const cleaned = text.replace(/kr\.?/gi, '').replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  // Integer arithmetic: 0.29 * 100 is 28.999… in floating point.
  const ore = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return ore > 0 && Number.isSafeInteger(ore) ? ore : null;
}

/** A tracking URL must be an absolute https link (it is put into an e-mail and the customer's history). */
export function isHttpsUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** The payment state the queue shows: Betalt / Ikke betalt / Delvis refundert … */
export function paymentLabel(p: StaffPaymentSummary | null): string {
  if (!p) return t.payment.none;
  // Money on its way says so until the provider confirms it; the amounts shown are the confirmed ones.
  if (p.status === 'paid' && (p.pendingRefund ?? 0) > 0) return t.payment.refundPending;
  if (p.status === 'paid' && (p.pendingCapture ?? 0) > 0) return t.payment.capturePending;
  switch (p.status) {
    case 'paid':
      if (p.refundedAmount > 0 && p.refundedAmount >= p.capturedAmount) return t.payment.refunded;
      if (p.refundedAmount > 0) return t.payment.partlyRefunded;
      return p.capturedAmount > 0 ? t.payment.captured : t.payment.paid;
    case 'pending':
    case 'late':
      return t.payment.pending;
    case 'onhold':
      return t.payment.onhold;
    case 'refused':
      return t.payment.refused;
    case 'cancelled':
      return t.payment.cancelled;
    case 'mismatch':
      return t.payment.mismatch;
    default:
      return t.payment.none;
  }
}

const kindLabel = (kind: string) => t.operationKinds[kind] ?? kind;

/** A follow-up row's headline: "Trekk (uavklart)", "Avvik mot betalingsløsningen". */
export function followUpLabel(item: Pick<StaffFollowUpItem, 'type' | 'kind' | 'state'>): string {
  return t.followUpItem(kindLabel(item.kind), item.type === 'operation' ? (t.operationStates[item.state] ?? item.state) : null);
}

/** What the reservation's payment says about an operation the shop could not settle. */
export function unknownOperationText(op: Pick<StaffPaymentOperation, 'kind' | 'amount' | 'followUp' | 'lastError'>): string {
  return t.unknownOperation(kindLabel(op.kind), op.amount ? formatMoney(op.amount) : null, op.followUp ?? op.lastError ?? t.unknownNothingKnown);
}

/** The deadline a row shows: the pickup window once ready, else how long an unpaid hold lasts. */
export function deadlineLabel(r: Pick<StaffReservation, 'statusId' | 'pickupUntil' | 'holdUntil'>): string | null {
  if (r.statusId === RESERVATION_STATUS.ready && r.pickupUntil) return t.pickupUntil(osloDateTime(r.pickupUntil));
  if ((r.statusId === RESERVATION_STATUS.new || r.statusId === RESERVATION_STATUS['awaiting-payment']) && r.holdUntil) return t.holdUntil(osloDateTime(r.holdUntil));
  return null;
}

/** Units in the reservation (what the row's "n varer" counts). */
export const unitCount = (r: Pick<StaffReservation, 'lines'>) => r.lines.reduce((sum, l) => sum + l.count, 0);

export const money = formatMoney;
