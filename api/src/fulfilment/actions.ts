/**
 * The workspace's actions on a reservation. Each is ONE transaction that locks the reservation row (FOR UPDATE) and
 * then: answers a repeated button press (same requestKey) with the reservation as it is now, doing nothing twice;
 * refuses a stale screen (version differs: 409 naming who changed it, when, to what); checks the status allows it;
 * writes the change, the audit event, the provider operations (payments/operations.ts, keyed by reservation and
 * requestKey) and the order e-mail; bumps the version. After the commit the operations run at once and the mail goes.
 * Two employees pressing at once: the second waits for the first's lock, then sees a newer version → 409.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { RESERVATION_STATUS as S, reservationStatusLabel } from '@shop/contracts/constants';
import { formatMoney } from '@shop/contracts/format';
import type { StaffLineCount, StaffReservationDetail } from '@shop/contracts/types';
import type { Db } from '../db/index.js';
import { orders, paymentOperations, paymentOrders, reservationEvents, reservationLines, reservations, shops } from '../db/schema.js';
import type { Mailer, QueuedMail } from '../accounts/mail.js';
import { pickupEndsAt } from '../checkout/hold.js';
import { releasePromocode } from '../checkout/promocodes.js';
import { cancelOpenCheckouts } from '../payments/service.js';
import { decideOperation, type OperationAsk } from '../payments/decide.js';
import { enqueueOperation, OPEN_STATES, pendingAmounts, runOperationNow, type OperationContext, type OperationRow, type Tx } from '../payments/operations.js';
import type { OperationLine, ProviderName } from '../payments/types.js';
import { HttpError } from '../server/errors.js';
import { canRefund, reservationInShops, type FulfilmentStaff } from './access.js';
import { orderMail, type OrderMailData, type OrderMailKind } from './mail.js';
import { recordEvent, orderMailData, restock, SYSTEM, type Actor } from './records.js';
import { capturePlan, handedUnits, handOverCapture, handOverMoney, handOverRefusal, isTrackingUrl, refusalOf, soldOf, type PaymentFacts, type StaffAction } from './rules.js';
import { clockTime, fulfilmentTexts as T } from './texts.js';
import { staffReservationDetail, type LineRow, type ReservationRow } from './view.js';

export interface FulfilmentContext {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  operations: OperationContext;
  /** Runs queued operations soon (the payments runtime's kick), for work done outside a request (the sweep). */
  kick(): void;
}

/** What an action's transaction leaves to do after the commit. */
interface AfterCommit {
  ops: OperationRow[];
  mails: QueuedMail[];
  /** Operations were queued outside `ops` (a given-up checkout's void): the queue runs them soon. */
  kick?: boolean;
}

interface Change {
  kind: string;
  toStatus: number;
  detail: Record<string, unknown>;
}

type PaymentRow = typeof paymentOrders.$inferSelect;

/** The reservation's authorised payment, locked (the payments staff route decides under the same lock). */
async function paidPayment(tx: Tx, reservationId: number): Promise<PaymentRow | null> {
  const [p] = await tx.select().from(paymentOrders).where(and(eq(paymentOrders.reservationId, reservationId), eq(paymentOrders.status, 'paid'))).for('update');
  return p ?? null;
}

/**
 * Decides and queues one provider operation; a refusal of the payment rules is a 422 with their message. The
 * system (the pickup sweep) does not stop at a refusal — a person is asked in the event instead — so one odd
 * payment cannot hold back every other reservation of the sweep: the refusal's message is returned instead.
 */
async function queueOperation(tx: Tx, after: AfterCommit, p: PaymentRow, r: ReservationRow, lines: LineRow[], ask: OperationAsk, key: string, actor: Actor): Promise<OperationRow>;
async function queueOperation(tx: Tx, after: AfterCommit, p: PaymentRow, r: ReservationRow, lines: LineRow[], ask: OperationAsk, key: string, actor: Actor, lenient: boolean): Promise<OperationRow | string>;
async function queueOperation(tx: Tx, after: AfterCommit, p: PaymentRow, r: ReservationRow, lines: LineRow[], ask: OperationAsk, key: string, actor: Actor, lenient = false): Promise<OperationRow | string> {
  const decision = decideOperation({ ...p, provider: p.provider as ProviderName }, await pendingAmounts(tx, p.id), ask, soldOf(lines, r.shippingPrice, r.discount));
  if (!decision.ok) {
    if (lenient) return decision.message;
    throw new HttpError(422, decision.message);
  }
  const { op } = await enqueueOperation(tx, {
    paymentOrderId: p.id,
    reservationId: r.id,
    kind: ask.kind,
    amount: decision.amount,
    lines: decision.lines,
    key,
    reason: actor.id === null ? 'pickup-ended' : 'staff',
    requestedBy: actor.id,
  });
  after.ops.push(op);
  return op;
}

async function queueMail(ctx: FulfilmentContext, tx: Tx, after: AfterCommit, kind: OrderMailKind, reservationId: number, extra: Partial<OrderMailData> = {}): Promise<void> {
  after.mails.push(await ctx.mailer.enqueue(tx, orderMail(kind, await orderMailData(tx, reservationId, ctx.publicUrl, extra))));
}

type PaymentWithFacts = PaymentRow & PaymentFacts;

/**
 * Every checkout of the reservation, newest first, locked (the payments staff route decides under the same locks,
 * reservation first), with its operations: what handOverMoney decides from.
 */
async function reservationPayments(tx: Tx, reservationId: number): Promise<PaymentWithFacts[]> {
  const rows = await tx.select().from(paymentOrders).where(eq(paymentOrders.reservationId, reservationId)).orderBy(desc(paymentOrders.id)).for('update');
  const ops = rows.length
    ? await tx.select({ paymentOrderId: paymentOperations.paymentOrderId, kind: paymentOperations.kind, state: paymentOperations.state, reason: paymentOperations.reason }).from(paymentOperations).where(inArray(paymentOperations.paymentOrderId, rows.map((p) => p.id)))
    : [];
  return rows.map((p) => ({ ...p, operations: ops.filter((o) => o.paymentOrderId === p.id) }));
}

/**
 * After a hand-over or shipping paid online: capture what left the shop (release the rest), or cancel when nothing is
 * owed. A payment captured by hand before is not captured again: the hand-over records that capture (and releases what
 * is left of the authorisation); if it is less than the goods are worth, the hand-over is refused.
 */
async function captureHandedOver(tx: Tx, after: AfterCommit, r: ReservationRow, lines: LineRow[], handed: Map<number, number>, key: string, actor: Actor, p: PaymentRow) {
  const plan = handOverCapture(
    capturePlan(
      lines.map((l) => ({ ean: l.ean, price: l.price, count: l.count, removed: l.removedCount, handed: handed.get(l.id) ?? 0 })),
      r.shippingPrice,
      r.discount,
    ),
    p,
  );
  if (plan.kind === 'short') throw new HttpError(422, T.capturedShort(formatMoney(plan.captured), formatMoney(plan.owed)));
  if (plan.kind === 'captured') {
    const ids = plan.release ? [(await queueOperation(tx, after, p, r, lines, { kind: 'release' }, `${key}:release`, actor)).id] : [];
    return { captured: 0, capturedBefore: plan.captured, ...(plan.refundDue > 0 ? { refundDue: plan.refundDue } : {}), operations: ids };
  }
  if (plan.kind === 'cancel') {
    const op = await queueOperation(tx, after, p, r, lines, { kind: 'cancel' }, `${key}:cancel`, actor);
    return { cancelled: true, operations: [op.id] };
  }
  const capture = await queueOperation(tx, after, p, r, lines, { kind: 'capture', amount: plan.amount, ...(plan.lines ? { lines: plan.lines } : {}) }, `${key}:capture`, actor);
  const ids = [capture.id];
  if (plan.partial && plan.amount < p.authorizedAmount) ids.push((await queueOperation(tx, after, p, r, lines, { kind: 'release' }, `${key}:release`, actor)).id);
  return { captured: plan.amount, operations: ids };
}

/**
 * The online payment that pays for this hand-over (null: paid in the shop); a refusal (422, Norwegian) when the
 * action does not fit how the reservation is paid (handOverRefusal: "Hentet"/"Sendt" only online, "Betalt i
 * butikken" only without an online payment, neither while its money is uncertain).
 */
async function handOverPayment(tx: Tx, r: ReservationRow, action: 'collected' | 'shipped' | 'paid-in-shop'): Promise<PaymentRow | null> {
  const money = handOverMoney(await reservationPayments(tx, r.id));
  const refusal = handOverRefusal(action, money);
  if (refusal) throw new HttpError(422, refusal);
  return money.mode === 'online' ? money.payment : null;
}

/** The units of a pickup: handed over per line, the rest back on its shelf; the reservation closed. */
async function handOver(tx: Tx, r: ReservationRow, lines: LineRow[], asked: StaffLineCount[] | undefined, now: Date): Promise<Map<number, number>> {
  const handed = handedUnits(lines, asked);
  if (!handed) throw new HttpError(422, T.tooMany);
  if ([...handed.values()].every((n) => n === 0)) throw new HttpError(422, T.nothingHandedOver);
  for (const l of lines) {
    const n = handed.get(l.id) ?? 0;
    await tx.update(reservationLines).set({ fulfilledCount: n }).where(eq(reservationLines.id, l.id));
    // Units laid out but not taken go back on the shelf they came from.
    await restock(tx, l.variantId, l.stockShopId ?? r.shopId, l.count - l.removedCount - n);
  }
  await tx.update(reservations).set({ closedAt: now }).where(eq(reservations.id, r.id));
  return handed;
}

/** Every unit not removed goes back to its shelf; the authorisation is cancelled; the order and promo code too. */
async function cancelAll(tx: Tx, after: AfterCommit, r: ReservationRow, lines: LineRow[], key: string, actor: Actor): Promise<Record<string, unknown>> {
  for (const l of lines) await restock(tx, l.variantId, l.stockShopId ?? r.shopId, l.count - l.removedCount);
  await tx.update(orders).set({ status: 'cancelled' }).where(eq(orders.reservationId, r.id));
  await releasePromocode(tx, r.id);
  const p = await paidPayment(tx, r.id);
  if (!p) return {};
  const op = await queueOperation(tx, after, p, r, lines, { kind: 'cancel' }, `${key}:cancel`, actor, actor.id === null);
  return typeof op === 'string' ? { operationRefused: op } : { operations: [op.id] };
}

export interface ActionInput {
  version: number;
  requestKey: string;
  lines?: StaffLineCount[];
  trackingUrl?: string;
  lineId?: number;
  count?: number;
  restock?: boolean;
  amount?: number;
  reason?: string;
  shopId?: number;
}

/** The stale-screen refusal: who made the last change, when and what the status is now. */
async function staleError(tx: Tx, r: ReservationRow): Promise<HttpError> {
  const [last] = await tx.select().from(reservationEvents).where(eq(reservationEvents.reservationId, r.id)).orderBy(desc(reservationEvents.id)).limit(1);
  return new HttpError(409, T.stale(last?.actorName ?? null, last ? clockTime(last.createdAt) : null, reservationStatusLabel(r.statusId)));
}

async function lockedLines(tx: Tx, reservationId: number): Promise<LineRow[]> {
  return tx.select().from(reservationLines).where(eq(reservationLines.reservationId, reservationId)).orderBy(reservationLines.id).for('update');
}

/** Counts asked per line, checked against `room(line)` (units the action may still cover); null when a line is unknown or too many. */
function perLine(lines: LineRow[], asked: StaffLineCount[], room: (l: LineRow) => number): Map<number, number> | null {
  const out = new Map<number, number>();
  for (const a of asked) {
    const line = lines.find((l) => l.id === a.lineId);
    if (!line) return null;
    const n = (out.get(line.id) ?? 0) + a.count;
    if (n > room(line)) return null;
    out.set(line.id, n);
  }
  return out;
}

/** Runs one staff action; answers the reservation as it is after it. */
export async function performAction(ctx: FulfilmentContext, staff: FulfilmentStaff, reservationId: number, action: StaffAction, input: ActionInput, now = new Date()): Promise<StaffReservationDetail> {
  if (action === 'refund' && !canRefund(staff)) throw new HttpError(403, T.refundOnly);
  if (action === 'shipped' && !isTrackingUrl(input.trackingUrl ?? '')) throw new HttpError(422, T.trackingUrl);
  if (action === 'refund' && !input.reason?.trim()) throw new HttpError(422, T.reasonRequired);
  if (action === 'refund' && !input.lines?.length && input.amount === undefined) throw new HttpError(422, T.refundWhat);
  const actor: Actor = { id: staff.id, name: staff.name };
  const after: AfterCommit = { ops: [], mails: [] };
  await ctx.db.transaction(async (tx) => {
    const [r] = await tx.select().from(reservations).where(eq(reservations.id, reservationId)).for('update');
    if (!r) throw new HttpError(404, T.notFound);
    const lines = await lockedLines(tx, r.id);
    if (!reservationInShops(r, lines.map((l) => l.stockShopId), staff.shopIds)) throw new HttpError(404, T.notFound);
    if (action === 'returned' && !canRefund(staff) && !staff.shopIds?.includes(input.shopId!)) throw new HttpError(403, T.otherShop);

    // The same button pressed again (a retry, a double click): the first press's result stands.
    const [again] = await tx
      .select({ detail: reservationEvents.detail })
      .from(reservationEvents)
      .where(and(eq(reservationEvents.reservationId, r.id), sql`${reservationEvents.detail}->>'requestKey' = ${input.requestKey}`))
      .limit(1);
    if (again) {
      if ((again.detail as { action?: string }).action !== action) throw new HttpError(409, T.keyReused);
      return;
    }
    if (r.version !== input.version) throw await staleError(tx, r);
    const refusal = refusalOf(action, r, now, await fraudStatusOf(tx, r.id));
    if (refusal) throw new HttpError(refusal.status, refusal.message);

    const key = `fulfilment:${r.id}:${input.requestKey}`;
    const change = await apply(ctx, tx, after, r, lines, action, input, key, actor, now);
    await tx.update(reservations).set({ statusId: change.toStatus, version: sql`${reservations.version} + 1` }).where(eq(reservations.id, r.id));
    await recordEvent(tx, { reservationId: r.id, actor, kind: change.kind, fromStatus: r.statusId, toStatus: change.toStatus, detail: { action, requestKey: input.requestKey, ...change.detail } });
  });
  await settle(ctx, after);
  return (await staffReservationDetail(ctx.db, reservationId))!;
}

/** After the commit: the operations' first attempt (in order: capture before release), and the mail. */
async function settle(ctx: FulfilmentContext, after: AfterCommit): Promise<void> {
  for (const op of after.ops) if (op.state === 'queued') await runOperationNow(ctx.operations, op.id);
  if (after.kick) ctx.kick();
  for (const mail of after.mails) void ctx.mailer.deliver(mail);
}

async function apply(ctx: FulfilmentContext, tx: Tx, after: AfterCommit, r: ReservationRow, lines: LineRow[], action: StaffAction, input: ActionInput, key: string, actor: Actor, now: Date): Promise<Change> {
  switch (action) {
    case 'ready': {
      const pickupUntil = pickupEndsAt(now);
      const unpaid = r.statusId !== S.paid;
      // Unpaid (paid in the shop, chosen by the shopper or not): the stock stays held for the pickup window from now,
      // then the pickup sweep returns it. With no online payment holding money the hand-over is "Betalt i butikken".
      await tx.update(reservations).set({ readyAt: now, pickupUntil, ...(unpaid ? { holdUntil: pickupUntil } : {}) }).where(eq(reservations.id, r.id));
      await queueMail(ctx, tx, after, 'ready', r.id, { pickupUntil });
      return { kind: 'ready', toStatus: S.ready, detail: { pickupUntil: pickupUntil.toISOString(), payInShop: unpaid } };
    }
    case 'collected': {
      // Not null: handOverRefusal lets "Hentet" through only for an online payment.
      const payment = (await handOverPayment(tx, r, 'collected'))!;
      const handed = await handOver(tx, r, lines, input.lines, now);
      const paid = await captureHandedOver(tx, after, r, lines, handed, key, actor, payment);
      return { kind: 'collected', toStatus: S.collected, detail: { lines: [...handed].map(([lineId, count]) => ({ lineId, count })), ...paid } };
    }
    case 'paid-in-shop': {
      await handOverPayment(tx, r, 'paid-in-shop');
      const handed = await handOver(tx, r, lines, input.lines, now);
      // What the till takes: the goods handed over less the discount (capturePlan's sum; no shipping at a pickup).
      const { amount } = capturePlan(
        lines.map((l) => ({ ean: l.ean, price: l.price, count: l.count, removed: l.removedCount, handed: handed.get(l.id) ?? 0 })),
        r.shippingPrice,
        r.discount,
      );
      await tx.update(orders).set({ status: 'paid' }).where(eq(orders.reservationId, r.id));
      // A checkout still open at a provider is given up: if the shopper completes it after all, it is paid back (late).
      const voided = await cancelOpenCheckouts(tx, r.id, 'paid-in-shop', {});
      if (voided) after.kick = true;
      return { kind: 'paid-in-shop', toStatus: S.collected, detail: { lines: [...handed].map(([lineId, count]) => ({ lineId, count })), paidInShop: true, amount, ...(voided ? { checkoutsGivenUp: voided } : {}) } };
    }
    case 'not-collected': {
      const money = await notCollected(ctx, tx, after, r, lines, key, actor, now);
      return { kind: 'not-collected', toStatus: S['not-collected'], detail: money };
    }
    case 'shipped': {
      const payment = (await handOverPayment(tx, r, 'shipped'))!;
      const handed = handedUnits(lines, undefined)!;
      for (const l of lines) await tx.update(reservationLines).set({ fulfilledCount: handed.get(l.id)! }).where(eq(reservationLines.id, l.id));
      await tx.update(reservations).set({ trackingUrl: input.trackingUrl!, closedAt: now }).where(eq(reservations.id, r.id));
      const money = await captureHandedOver(tx, after, r, lines, handed, key, actor, payment);
      await queueMail(ctx, tx, after, 'shipped', r.id, { trackingUrl: input.trackingUrl! });
      return { kind: 'shipped', toStatus: S.shipped, detail: { trackingUrl: input.trackingUrl, ...money } };
    }
    case 'remove-line': {
      const line = lines.find((l) => l.id === input.lineId);
      if (!line) throw new HttpError(422, T.lineUnknown);
      if (input.count! > line.count - line.removedCount) throw new HttpError(422, T.tooMany);
      // Money captured by hand already pays for these units: they go to the customer ("Hentet"), the rest is refunded.
      const p = await paidPayment(tx, r.id);
      if (p && (p.capturedAmount > 0 || (await pendingAmounts(tx, p.id)).capture > 0)) throw new HttpError(422, T.removeAfterCapture);
      await tx.update(reservationLines).set({ removedCount: line.removedCount + input.count! }).where(eq(reservationLines.id, line.id));
      if (input.restock) await restock(tx, line.variantId, line.stockShopId ?? r.shopId, input.count!);
      const detail = { lineId: line.id, ean: line.ean, count: input.count, restock: input.restock };
      const left = lines.map((l) => (l.id === line.id ? { ...l, removedCount: l.removedCount + input.count! } : l));
      if (left.some((l) => l.count > l.removedCount)) return { kind: 'line-removed', toStatus: r.statusId, detail };
      // Nothing left to hand over: the reservation is cancelled and the customer told.
      const money = await cancelAll(tx, after, r, left, key, actor);
      await tx.update(reservations).set({ closedAt: now }).where(eq(reservations.id, r.id));
      await queueMail(ctx, tx, after, 'cancelled', r.id);
      return { kind: 'line-removed', toStatus: S.cancelled, detail: { ...detail, ...money } };
    }
    case 'refund': {
      const p = await paidPayment(tx, r.id);
      if (!p) throw new HttpError(422, T.paidInShop);
      // Units already in a refund the provider has not confirmed yet count as refunded: two clicks never refund twice.
      const inFlight = await refundingUnits(tx, p.id);
      const asked = input.lines?.length ? perLine(lines, input.lines, (l) => (l.fulfilledCount ?? 0) - l.refundedCount - takeInFlight(inFlight, l)) : null;
      if (input.lines?.length && !asked) throw new HttpError(422, T.tooMany);
      const refLines = asked ? [...asked].map(([id, quantity]) => ({ reference: lines.find((l) => l.id === id)!.ean, quantity })) : undefined;
      const pending = await pendingAmounts(tx, p.id);
      if (p.capturedAmount - p.refundedAmount - pending.refund <= 0) throw new HttpError(422, T.notRefundable);
      const op = await queueOperation(tx, after, p, r, lines, { kind: 'refund', ...(input.amount !== undefined ? { amount: input.amount } : {}), ...(refLines ? { lines: refLines } : {}) }, `${key}:refund`, actor);
      // The refunded counts, the status "Refundert" and the customer's mail follow the provider's confirmation
      // (afterOperationConfirmed); until then the reservation shows the refund as being processed.
      return { kind: 'refund', toStatus: r.statusId, detail: { amount: op.amount, reason: input.reason!.trim(), lines: input.lines ?? null, operations: [op.id] } };
    }
    case 'returned': {
      const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, input.shopId!));
      if (!shop) throw new HttpError(422, T.otherShop);
      const back = perLine(lines, input.lines ?? [], (l) => (l.fulfilledCount ?? 0) - l.returnedCount);
      if (!back || back.size === 0) throw new HttpError(422, T.tooMany);
      for (const [id, n] of back) {
        const line = lines.find((l) => l.id === id)!;
        await tx.update(reservationLines).set({ returnedCount: line.returnedCount + n }).where(eq(reservationLines.id, id));
        await restock(tx, line.variantId, shop.id, n);
      }
      return { kind: 'returned', toStatus: r.statusId, detail: { shopId: shop.id, lines: input.lines } };
    }
  }
}

/** Units per EAN in this payment's refunds that are decided but not yet confirmed (queued, sent or unknown). */
async function refundingUnits(tx: Tx, paymentId: number): Promise<Map<string, number>> {
  const rows = await tx
    .select({ lines: paymentOperations.lines })
    .from(paymentOperations)
    .where(and(eq(paymentOperations.paymentOrderId, paymentId), eq(paymentOperations.kind, 'refund'), inArray(paymentOperations.state, OPEN_STATES)));
  const units = new Map<string, number>();
  for (const row of rows) for (const l of (row.lines as OperationLine[] | null) ?? []) units.set(l.reference, (units.get(l.reference) ?? 0) + l.quantity);
  return units;
}

/** Takes this line's share of the in-flight units of its EAN (lines of one EAN in order), so the next line sees the rest. */
function takeInFlight(inFlight: Map<string, number>, l: LineRow): number {
  const units = inFlight.get(l.ean) ?? 0;
  const share = Math.min(units, Math.max(0, (l.fulfilledCount ?? 0) - l.refundedCount));
  inFlight.set(l.ean, units - share);
  return share;
}

/**
 * What a confirmed provider operation means for the reservation (payments/operations.ts calls it in the transaction
 * that confirms the operation): a confirmed refund is recorded in the audit log, the reservation becomes "Refundert"
 * once everything captured is refunded, and the customer gets the refund mail. Returns the mail to deliver after the
 * commit.
 */
export async function afterOperationConfirmed(tx: Tx, op: OperationRow, mailer: Mailer | undefined, publicUrl: string): Promise<QueuedMail | null> {
  if (op.kind !== 'refund') return null;
  const [r] = await tx.select().from(reservations).where(eq(reservations.id, op.reservationId)).for('update');
  const [p] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, op.paymentOrderId));
  if (!r || !p) return null;
  // recordConfirmed has already counted this refund on the payment.
  const everything = p.capturedAmount - p.refundedAmount <= 0;
  const toStatus = everything ? S.refunded : r.statusId;
  await tx.update(reservations).set({ statusId: toStatus, version: sql`${reservations.version} + 1` }).where(eq(reservations.id, r.id));
  await recordEvent(tx, { reservationId: r.id, actor: SYSTEM, kind: 'refund-confirmed', fromStatus: r.statusId, toStatus, detail: { amount: op.amount, operation: op.id, lines: op.lines ?? null } });
  if (!mailer) return null;
  return mailer.enqueue(tx, orderMail('refunded', await orderMailData(tx, r.id, publicUrl, { refundedAmount: op.amount ?? 0 })));
}

/** "Ikke hentet": by staff after the pickup window, or by the sweep. Stock back, authorisation cancelled, mail. */
async function notCollected(ctx: FulfilmentContext, tx: Tx, after: AfterCommit, r: ReservationRow, lines: LineRow[], key: string, actor: Actor, now: Date) {
  const money = await cancelAll(tx, after, r, lines, key, actor);
  await tx.update(reservations).set({ closedAt: now }).where(eq(reservations.id, r.id));
  await queueMail(ctx, tx, after, 'not-collected', r.id);
  return money;
}

/**
 * The pickup sweep: reservations whose pickup window has ended become "Ikke hentet" (actor: the system). Exactly
 * once across processes: rows are claimed FOR UPDATE SKIP LOCKED and re-checked under the lock; a staff action on
 * the same row waits for the lock and then sees the new version.
 */
export async function sweepEndedPickups(ctx: FulfilmentContext, now = new Date(), limit = 50): Promise<number[]> {
  const after: AfterCommit = { ops: [], mails: [] };
  const ids = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(reservations)
      .where(and(eq(reservations.statusId, S.ready), sql`${reservations.pickupUntil} <= ${now.toISOString()}::timestamptz`))
      .orderBy(reservations.pickupUntil)
      .limit(limit)
      .for('update', { skipLocked: true });
    for (const r of rows) {
      const lines = await lockedLines(tx, r.id);
      const money = await notCollected(ctx, tx, after, r, lines, `fulfilment:${r.id}:pickup-ended`, SYSTEM, now);
      await tx.update(reservations).set({ statusId: S['not-collected'], version: sql`${reservations.version} + 1` }).where(eq(reservations.id, r.id));
      await recordEvent(tx, { reservationId: r.id, actor: SYSTEM, kind: 'not-collected', fromStatus: r.statusId, toStatus: S['not-collected'], detail: { action: 'sweep', ...money } });
    }
    return rows.map((r) => r.id);
  });
  if (after.ops.length) ctx.kick();
  for (const mail of after.mails) void ctx.mailer.deliver(mail);
  return ids;
}

/** The fraud_status Kustom gave the reservation's paid payment (null: none, or not Kustom); rules.ts refuses a hand-over on PENDING/REJECTED. */
export async function fraudStatusOf(tx: Tx, reservationId: number): Promise<string | null> {
  const [p] = await tx.select({ fraudStatus: paymentOrders.fraudStatus }).from(paymentOrders).where(and(eq(paymentOrders.reservationId, reservationId), eq(paymentOrders.status, 'paid')));
  return p?.fraudStatus ?? null;
}

/**
 * Kustom rejected the payment in its fraud review (FRAUD_RISK_REJECTED / _STOPPED; payments/service.ts
 * followFraudStatus): a reservation not handed over yet is cancelled as staff would cancel it (cancelAll) — every unit
 * back on its shelf, the order and promo code given up, the authorisation cancelled at Kustom — and the customer is
 * told. False when there is nothing to cancel (handed over, closed, or cancelled before): once per reservation.
 */
export async function cancelForRejectedPayment(
  ctx: { db: Db; kick(): void; mailer?: Mailer; publicUrl?: string },
  reservationId: number,
  paymentId: number,
  now = new Date(),
): Promise<boolean> {
  const after: AfterCommit = { ops: [], mails: [] };
  const cancelled = await ctx.db.transaction(async (tx) => {
    const [r] = await tx.select().from(reservations).where(eq(reservations.id, reservationId)).for('update');
    if (!r || (r.statusId !== S.paid && r.statusId !== S.ready)) return false;
    const lines = await lockedLines(tx, r.id);
    const money = await cancelAll(tx, after, r, lines, `fraud:${paymentId}`, SYSTEM);
    await tx.update(reservations).set({ statusId: S.cancelled, closedAt: now, version: sql`${reservations.version} + 1` }).where(eq(reservations.id, r.id));
    await recordEvent(tx, { reservationId: r.id, actor: SYSTEM, kind: 'fraud-rejected', fromStatus: r.statusId, toStatus: S.cancelled, detail: { paymentId, ...money } });
    if (ctx.mailer) after.mails.push(await ctx.mailer.enqueue(tx, orderMail('cancelled', await orderMailData(tx, r.id, ctx.publicUrl ?? ''))));
    return true;
  });
  if (after.ops.length) ctx.kick();
  for (const mail of after.mails) void ctx.mailer?.deliver(mail);
  return cancelled;
}
