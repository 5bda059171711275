/**
 * Payments for reservations: one payment per reservation.
 *
 * - startPayment: at most one open (`pending`) provider checkout per reservation and provider, enforced by a
 *   partial unique index; reused across reloads and tabs by id and status (never by amount: Qliro reports none
 *   while InProcess), updated at the provider when the reservation's amount changed, replaced when the provider has
 *   dropped it. Starting one provider cancels the other provider's open checkout (a `void` operation).
 * - validateCompletion: the providers' pre-completion callbacks; a purchase completes only for the current open
 *   checkout of a reservation that is still open, at the amount and reference we sent.
 * - syncPayment: always re-reads the order from the provider (a push is only a hint). A completed order pays the
 *   reservation only if the reservation is still unpaid and not expired (decided under the reservation's row lock);
 *   otherwise it is `late` and a cancel is queued, so a reservation is never paid twice and stock is never both
 *   returned and paid for. An order whose amount or reference disagrees is flagged `mismatch` (error log + staff).
 * - Kustom's fraud review (pending orders): the paying order's fraud_status is stored (payment_orders.fraud_status)
 *   before the order is acknowledged; Kustom's decision (merchant_urls.notification → syncFraudDecision) is followed
 *   after re-reading the order: ACCEPTED lets the goods leave (fulfilment/rules.ts refuses a hand-over while PENDING
 *   or REJECTED), REJECTED cancels the reservation (fulfilment/actions.ts cancelForRejectedPayment).
 */
import type { FastifyBaseLogger } from 'fastify';
import { RESERVATION_STATUS } from '@shop/contracts/constants';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { orders, paymentOrders, reservationLines, reservations } from '../db/schema.js';
import { holdState, RESERVATION_PAID } from '../checkout/hold.js';
import { HttpError } from '../server/errors.js';
import { expireIfDue } from './expiry.js';
import type { Mailer, QueuedMail } from '../accounts/mail.js';
import { orderMail } from '../fulfilment/mail.js';
import { orderMailData, recordEvent, SYSTEM } from '../fulfilment/records.js';
import { enqueueOperation, type Tx } from './operations.js';
import { merchantReference } from './reference.js';
import { paymentTexts } from './texts.js';
import { ProviderError, type CheckoutOrder, type MerchantUrls, type PaymentProvider, type ProviderLedger, type ProviderName, type ProviderOrder } from './types.js';
import { cancelForRejectedPayment } from '../fulfilment/actions.js';

export { RESERVATION_PAID };

export type PaymentRow = typeof paymentOrders.$inferSelect;
export type ReservationRow = typeof reservations.$inferSelect;

/** A checkout row reserved while its provider order is being created (another tab waits for it). */
const CREATING = 'creating:';
/** A creation older than this was interrupted (crash, timeout): its row is given up. */
const CREATING_STALE_MS = 30_000;

export interface PaymentsContext {
  db: Db;
  log: FastifyBaseLogger;
  /** Called after a transaction queued provider operations (runs them soon, in the background). */
  kick(): void;
  /** Where the order confirmation is queued when a payment pays a reservation (absent: no mail, e.g. tools). */
  mailer?: Mailer;
  publicUrl?: string;
}

export function ownsReservation(r: ReservationRow, session: { id: string; customerId: number | null } | null): boolean {
  if (!session) return false;
  if (r.customerId != null && r.customerId === session.customerId) return true;
  return r.sessionId != null && r.sessionId === session.id;
}

export async function checkoutOrderFor(db: Db | Tx, r: ReservationRow): Promise<CheckoutOrder> {
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

async function reservation(db: Db | Tx, id: number): Promise<ReservationRow> {
  const [r] = await db.select().from(reservations).where(eq(reservations.id, id));
  if (!r) throw new HttpError(404, paymentTexts.reservationNotFound);
  return r;
}

/** The shopper-facing refusal for a reservation that cannot take a payment now (null: it can). */
export function refusalFor(r: ReservationRow, now: Date): HttpError | null {
  const state = holdState(r, now);
  if (state === 'open') return null;
  if (state === 'paid') return new HttpError(409, paymentTexts.alreadyPaid);
  if (state === 'closed' && r.statusId !== 9) return new HttpError(409, paymentTexts.alreadyPaid);
  return new HttpError(410, paymentTexts.expired);
}

/** Cancels the other providers' open checkouts for a reservation (inside the caller's transaction). */
export async function cancelOpenCheckouts(tx: Tx, reservationId: number, reason: string, except: { provider?: string; paymentId?: number }): Promise<number> {
  const conditions = [eq(paymentOrders.reservationId, reservationId), eq(paymentOrders.status, 'pending')];
  if (except.provider) conditions.push(ne(paymentOrders.provider, except.provider));
  if (except.paymentId) conditions.push(ne(paymentOrders.id, except.paymentId));
  const cancelled = await tx
    .update(paymentOrders)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(and(...conditions))
    .returning({ id: paymentOrders.id });
  for (const p of cancelled) {
    await enqueueOperation(tx, { paymentOrderId: p.id, reservationId, kind: 'void', amount: null, key: `void:${p.id}`, reason });
  }
  return cancelled.length;
}

/**
 * Starts or resumes the reservation's checkout at `provider`. Returns the stored row and the provider's snippet.
 * Throws 409 (paid / busy), 410 (expired) or a ProviderError.
 */
/**
 * Provider checkouts one reservation may start in all. A shopper who switches between Klarna and Qliro creates a new
 * one at each switch; past this, switching (or a script doing it) gets 429 instead of more orders at the providers.
 */
export const CHECKOUTS_PER_RESERVATION = 20;

export async function startPayment(
  ctx: PaymentsContext,
  provider: PaymentProvider,
  reservationId: number,
  urls: MerchantUrls,
  now = new Date(),
): Promise<{ row: PaymentRow; htmlSnippet: string }> {
  const { db } = ctx;
  for (let attempt = 0; attempt < 40; attempt++) {
    if (await expireIfDue(db, reservationId, now)) ctx.kick();
    const r = await reservation(db, reservationId);
    const refusal = refusalFor(r, now);
    if (refusal) throw refusal;

    const [open] = await db
      .select()
      .from(paymentOrders)
      .where(and(eq(paymentOrders.reservationId, r.id), eq(paymentOrders.provider, provider.name), eq(paymentOrders.status, 'pending')));
    if (open?.providerOrderId.startsWith(CREATING)) {
      if (Date.now() - open.createdAt.getTime() < CREATING_STALE_MS) {
        await new Promise((resolve) => setTimeout(resolve, 250)); // another tab is creating it: reuse it when it is there
        continue;
      }
      await db.update(paymentOrders).set({ status: 'cancelled', updatedAt: sql`now()` }).where(and(eq(paymentOrders.id, open.id), eq(paymentOrders.status, 'pending')));
      continue;
    }
    if (open) {
      const resumed = await resume(ctx, provider, open, r);
      if (resumed) return resumed;
      continue; // the provider dropped it: create a new one
    }

    // Claim the reservation's one open checkout at this provider (the partial unique index decides between tabs),
    // and give up the other provider's open checkout in the same transaction.
    const reference = merchantReference(r.id);
    let claimed: PaymentRow | undefined;
    let voided = 0;
    try {
      claimed = await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(reservations).where(eq(reservations.id, r.id)).for('update');
        if (refusalFor(locked!, now)) return undefined;
        // Each switch of provider creates a checkout at the provider: a bound, counted under the reservation's lock.
        const [{ made }] = (await tx.select({ made: count() }).from(paymentOrders).where(eq(paymentOrders.reservationId, r.id))) as [{ made: number }];
        if (made >= CHECKOUTS_PER_RESERVATION) throw new HttpError(429, paymentTexts.tooManyCheckouts);
        voided = await cancelOpenCheckouts(tx, r.id, 'other-provider', { provider: provider.name });
        const [row] = await tx
          .insert(paymentOrders)
          .values({ provider: provider.name, providerOrderId: `${CREATING}${reference}`, merchantReference: reference, reservationId: r.id, shopId: r.shopId, status: 'pending', amount: r.total })
          .returning();
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) continue; // another tab claimed it first: reuse theirs
      throw error;
    }
    if (voided > 0) ctx.kick();
    if (!claimed) continue; // the reservation changed under us: the refusal above explains it

    try {
      const created = await provider.createOrder(await checkoutOrderFor(db, r), urls, reference);
      const [row] = await db
        .update(paymentOrders)
        .set({ providerOrderId: created.orderId, updatedAt: sql`now()` })
        .where(eq(paymentOrders.id, claimed.id))
        .returning();
      return { row: row!, htmlSnippet: created.htmlSnippet };
    } catch (error) {
      await db.delete(paymentOrders).where(eq(paymentOrders.id, claimed.id));
      throw error;
    }
  }
  throw new HttpError(409, paymentTexts.busy);
}

/** An open checkout again (reload, second tab): by id and status; updated when the amount changed. Null: gone. */
async function resume(ctx: PaymentsContext, provider: PaymentProvider, open: PaymentRow, r: ReservationRow): Promise<{ row: PaymentRow; htmlSnippet: string } | null> {
  let remote: ProviderOrder;
  try {
    remote = await provider.readOrder(open.providerOrderId);
  } catch (error) {
    if (!(error instanceof ProviderError && error.kind === 'not-found')) throw error;
    // Expired or unknown at the provider: nothing there to pay; give the row up.
    await ctx.db.update(paymentOrders).set({ status: 'cancelled', updatedAt: sql`now()` }).where(and(eq(paymentOrders.id, open.id), eq(paymentOrders.status, 'pending')));
    return null;
  }
  if (remote.status === 'paid' || remote.status === 'onhold') {
    await syncPayment(ctx, provider, open.providerOrderId);
    const after = await reservation(ctx.db, r.id);
    const refusal = refusalFor(after, new Date());
    if (refusal) throw refusal;
    const [row] = await ctx.db.select().from(paymentOrders).where(eq(paymentOrders.id, open.id));
    return { row: row!, htmlSnippet: remote.htmlSnippet };
  }
  if (remote.status === 'refused') {
    await ctx.db.update(paymentOrders).set({ status: 'refused', updatedAt: sql`now()` }).where(and(eq(paymentOrders.id, open.id), eq(paymentOrders.status, 'pending')));
    return null;
  }
  if (open.amount !== r.total) {
    // The reservation's amount changed since the checkout was opened: the provider must ask for the new one.
    const updated = await provider.updateOrder(open.providerOrderId, await checkoutOrderFor(ctx.db, r));
    const [row] = await ctx.db.update(paymentOrders).set({ amount: r.total, updatedAt: sql`now()` }).where(eq(paymentOrders.id, open.id)).returning();
    return { row: row!, htmlSnippet: updated.htmlSnippet || remote.htmlSnippet };
  }
  return { row: open, htmlSnippet: remote.htmlSnippet };
}

export async function findPayment(db: Db, provider: ProviderName, providerOrderId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.provider, provider), eq(paymentOrders.providerOrderId, providerOrderId)));
  return row ?? null;
}

/** What the provider's pre-completion callback says about an order: its amount and reference as the provider has them. */
export interface CompletionClaim {
  amount: number | null;
  reference: string | null;
}

/** Why a purchase may not complete: for the log, and the shopper's Norwegian text (Qliro shows it in its checkout). */
export interface Refusal {
  reason: string;
  message: string;
}

/**
 * The providers' validation callbacks (KCO merchant_urls.validation, Qliro MerchantOrderValidationUrl): may this
 * order complete? Only the reservation's current open checkout, while the reservation is open, at our amount and
 * reference. Returns the refusal when not.
 */
export async function validateCompletion(ctx: PaymentsContext, provider: ProviderName, providerOrderId: string, claim: CompletionClaim, now = new Date()): Promise<Refusal | null> {
  const row = await findPayment(ctx.db, provider, providerOrderId);
  if (!row) return { reason: 'unknown order', message: paymentTexts.orderNotFound };
  if (await expireIfDue(ctx.db, row.reservationId, now)) ctx.kick();
  const r = await reservation(ctx.db, row.reservationId);
  const state = holdState(r, now);
  if (state === 'paid' || (state === 'closed' && r.statusId !== 9)) return { reason: `reservation ${state}`, message: paymentTexts.alreadyPaid };
  if (state !== 'open') return { reason: `reservation ${state}`, message: paymentTexts.expired };
  const [current] = await ctx.db.select().from(paymentOrders).where(eq(paymentOrders.id, row.id));
  if (current!.status !== 'pending') return { reason: `checkout ${current!.status}`, message: paymentTexts.replaced };
  if (current!.amount !== r.total) return { reason: 'reservation changed', message: paymentTexts.changed };
  if (claim.amount !== null && claim.amount !== r.total) return { reason: `amount ${claim.amount} ≠ ${r.total}`, message: paymentTexts.changed };
  if (claim.reference !== null && current!.merchantReference && claim.reference !== current!.merchantReference) return { reason: 'reference differs', message: paymentTexts.changed };
  return null;
}

export type SyncOutcome = 'unknown' | 'pending' | 'paid' | 'late' | 'mismatch' | 'unchanged' | 'onhold' | 'refused' | 'gone';

/**
 * Re-reads the order at the provider and applies it. Returns the row after the sync (null: unknown order) and what
 * happened. Repeats change nothing.
 */
export async function syncPayment(
  ctx: PaymentsContext,
  provider: PaymentProvider,
  providerOrderId: string,
): Promise<{ row: PaymentRow; htmlSnippet: string; outcome: SyncOutcome } | null> {
  const { db } = ctx;
  const row = await findPayment(db, provider.name, providerOrderId);
  if (!row) return null;
  let remote: ProviderOrder;
  try {
    remote = await provider.readOrder(providerOrderId);
  } catch (error) {
    if (!(error instanceof ProviderError && error.kind === 'not-found')) throw error;
    await db.update(paymentOrders).set({ status: 'cancelled', updatedAt: sql`now()` }).where(and(eq(paymentOrders.id, row.id), eq(paymentOrders.status, 'pending')));
    const [after] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, row.id));
    return { row: after!, htmlSnippet: '', outcome: 'gone' };
  }

  let outcome: SyncOutcome = 'pending';
  if (remote.status === 'paid') {
    outcome = await applyCompletion(ctx, row.id, remote);
    const [current] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, row.id));
    // Kustom's fraud_status is on the order-management order only, and matters for the payment that pays the
    // reservation (a late or mismatched one is being cancelled anyway). It is read before the acknowledgement: a read
    // that fails leaves the order unacknowledged, so Kustom pushes again and the next push reads it.
    const needsFraudStatus = current?.status === 'paid' && provider.name === 'klarna' && current.fraudStatus !== 'ACCEPTED';
    const fraudKnown = !needsFraudStatus || (await refreshFraudStatus(ctx, provider, current)) !== null;
    if (current && !current.acknowledgedAt && fraudKnown) {
      // Klarna wants every completed order acknowledged (late and mismatched ones too: staff or the queue act on them).
      await provider.acknowledge(providerOrderId);
      await db.update(paymentOrders).set({ acknowledgedAt: sql`now()` }).where(and(eq(paymentOrders.id, row.id), sql`${paymentOrders.acknowledgedAt} is null`));
    }
  } else if (remote.status === 'onhold' || remote.status === 'refused') {
    outcome = remote.status;
    await db
      .update(paymentOrders)
      .set({ status: remote.status, updatedAt: sql`now()` })
      .where(and(eq(paymentOrders.id, row.id), sql`${paymentOrders.status} in ('pending', 'onhold')`));
  }
  const [after] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, row.id));
  return { row: after!, htmlSnippet: remote.htmlSnippet, outcome };
}

export type FraudStatus = NonNullable<ProviderLedger['fraudStatus']>;

/**
 * Reads the payment's fraud_status from Kustom's order management and follows it (followFraudStatus). Null when
 * Kustom could not be read (logged; the push or notification comes again) or names none.
 */
export async function refreshFraudStatus(ctx: PaymentsContext, provider: PaymentProvider, row: PaymentRow): Promise<FraudStatus | null> {
  let ledger: ProviderLedger;
  try {
    ledger = await provider.readLedger(row.providerOrderId);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    ctx.log.warn({ payment: row.id, provider: provider.name, status: error.status, code: error.code, correlationId: error.correlationId }, `fraud status not read: ${error.message}`);
    return null;
  }
  if (!ledger.fraudStatus) return null;
  await followFraudStatus(ctx, row.id, ledger.fraudStatus);
  return ledger.fraudStatus;
}

/**
 * Stores Kustom's fraud decision on the payment and acts on it
 * (https://docs.klarna.com/order-management/in-depth-knowledge/pending-orders): PENDING — the goods must not leave
 * the shop (fulfilment/rules.ts refuses the hand-over); ACCEPTED — they may; REJECTED (also after FRAUD_RISK_STOPPED)
 * — a reservation this payment paid and that is not handed over yet is cancelled: stock back, authorisation cancelled
 * at Kustom (fulfilment/actions.ts cancelForRejectedPayment). Repeats change nothing.
 */
export async function followFraudStatus(ctx: PaymentsContext, paymentId: number, status: FraudStatus): Promise<void> {
  const changed = await ctx.db.transaction(async (tx) => {
    const [p] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, paymentId)).for('update');
    if (!p || p.fraudStatus === status) return null;
    await tx.update(paymentOrders).set({ fraudStatus: status, updatedAt: sql`now()` }).where(eq(paymentOrders.id, paymentId));
    // The audit trail names a review (PENDING) and its outcome; an order accepted at once is the ordinary case.
    if (status !== 'ACCEPTED' || p.fraudStatus !== null) await recordEvent(tx, { reservationId: p.reservationId, actor: SYSTEM, kind: 'fraud-status', fromStatus: null, toStatus: null, detail: { paymentId, provider: p.provider, from: p.fraudStatus, fraudStatus: status } });
    return p;
  });
  if (changed) ctx.log.info({ payment: paymentId, reservation: changed.reservationId, from: changed.fraudStatus, fraudStatus: status }, 'Kustom fraud status changed');
  if (status !== 'REJECTED') return;
  const [p] = await ctx.db.select().from(paymentOrders).where(eq(paymentOrders.id, paymentId));
  // Only the reservation's own payment cancels it; a late or mismatched one already has its cancel queued.
  if (p?.status !== 'paid') return;
  if (await cancelForRejectedPayment(ctx, p.reservationId, p.id)) {
    ctx.log.warn({ payment: paymentId, reservation: p.reservationId }, 'Kustom rejected the payment: reservation cancelled, stock returned, authorisation cancelled');
    return;
  }
  // The goods had left the shop already (a STOPPED decision comes late): nothing to cancel, a person must act.
  const [r] = await ctx.db.select({ statusId: reservations.statusId }).from(reservations).where(eq(reservations.id, p.reservationId));
  if (r && r.statusId !== RESERVATION_STATUS.cancelled) {
    await ctx.db.update(paymentOrders).set({ discrepancy: paymentTexts.fraudRejectedAfterHandOver, updatedAt: sql`now()` }).where(eq(paymentOrders.id, p.id));
    ctx.log.error({ payment: paymentId, reservation: p.reservationId }, 'Kustom rejected a payment whose goods were handed over: flagged for staff');
  }
}

/** How long a Kustom fraud review may stay PENDING before the sweep reads the order again (its notification may be lost). */
export const FRAUD_REVIEW_RECHECK_MS = 10 * 60_000;

/**
 * Reads the fraud_status of payments still under review whose decision has not come for a while: Kustom notifies
 * the decision once (merchant_urls.notification), and a lost notification must not leave the goods blocked for good.
 */
export async function recheckFraudReviews(ctx: PaymentsContext, provider: (name: ProviderName) => PaymentProvider, limit = 20): Promise<number> {
  const rows = await ctx.db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.provider, 'klarna'), eq(paymentOrders.status, 'paid'), eq(paymentOrders.fraudStatus, 'PENDING'), sql`${paymentOrders.updatedAt} < now() - ${`${FRAUD_REVIEW_RECHECK_MS} milliseconds`}::interval`))
    .limit(limit);
  for (const row of rows) {
    // Touch first, so a provider outage does not make every sweep read the same order again at once.
    await ctx.db.update(paymentOrders).set({ updatedAt: sql`now()` }).where(eq(paymentOrders.id, row.id));
    await refreshFraudStatus(ctx, provider('klarna'), row);
  }
  return rows.length;
}

/**
 * Kustom's notification of a fraud decision (merchant_urls.notification): a hint only — the order is read again from
 * Kustom and its fraud_status followed. Null: not a payment of ours.
 */
export async function syncFraudDecision(ctx: PaymentsContext, provider: PaymentProvider, providerOrderId: string): Promise<FraudStatus | null> {
  const row = await findPayment(ctx.db, provider.name, providerOrderId);
  if (!row) return null;
  const ledger = await provider.readLedger(providerOrderId);
  if (!ledger.fraudStatus) return null;
  await followFraudStatus(ctx, row.id, ledger.fraudStatus);
  return ledger.fraudStatus;
}

/** Why a completed order cannot be taken as sent (null: it matches). */
export function mismatchOf(row: Pick<PaymentRow, 'amount' | 'merchantReference' | 'reservationId'>, remote: Pick<ProviderOrder, 'amount' | 'reference'>): string | null {
  const expectedReference = row.merchantReference ?? String(row.reservationId);
  if (remote.reference !== expectedReference) return `reference ${JSON.stringify(remote.reference)} ≠ ${JSON.stringify(expectedReference)}`;
  if (remote.amount === null) return 'the provider reports no amount';
  if (remote.amount !== row.amount) return `amount ${remote.amount} ≠ ${row.amount}`;
  return null;
}

/** The decision for a completed order, under the reservation's row lock (the hold sweep takes the same lock). */
async function applyCompletion(ctx: PaymentsContext, paymentId: number, remote: ProviderOrder): Promise<SyncOutcome> {
  let queued = false;
  let confirmation: QueuedMail | null = null;
  const outcome = await ctx.db.transaction(async (tx): Promise<SyncOutcome> => {
    const [p] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, paymentId));
    const [r] = await tx.select().from(reservations).where(eq(reservations.id, p!.reservationId)).for('update');
    const [payment] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, paymentId)).for('update');
    if (payment!.authorizedAmount > 0 || ['paid', 'late', 'mismatch'].includes(payment!.status)) return 'unchanged';
    const mismatch = mismatchOf(payment!, remote);
    if (mismatch) {
      await tx.update(paymentOrders).set({ status: 'mismatch', mismatch, authorizedAmount: remote.amount ?? 0, updatedAt: sql`now()` }).where(eq(paymentOrders.id, paymentId));
      ctx.log.error({ payment: paymentId, provider: payment!.provider, providerOrderId: payment!.providerOrderId, reservation: r!.id, mismatch }, 'completed payment disagrees with its reservation: flagged for staff');
      return 'mismatch';
    }
    const state = holdState(r!, new Date());
    if (state === 'open' || state === 'due') {
      // The reservation's one payment. Its stock is still taken (an expiry would have needed this lock).
      await tx.update(paymentOrders).set({ status: 'paid', authorizedAmount: remote.amount!, updatedAt: sql`now()` }).where(eq(paymentOrders.id, paymentId));
      await tx.update(reservations).set({ statusId: RESERVATION_PAID }).where(eq(reservations.id, r!.id));
      await tx.update(orders).set({ status: 'paid' }).where(eq(orders.reservationId, r!.id));
      queued = (await cancelOpenCheckouts(tx, r!.id, 'paid-elsewhere', { paymentId })) > 0;
      // The audit trail and the order confirmation, with the payment (the workspace's version moves on too).
      await tx.update(reservations).set({ version: sql`${reservations.version} + 1` }).where(eq(reservations.id, r!.id));
      await recordEvent(tx, { reservationId: r!.id, actor: SYSTEM, kind: 'paid', fromStatus: r!.statusId, toStatus: RESERVATION_PAID, detail: { paymentId, provider: payment!.provider, amount: remote.amount } });
      if (ctx.mailer) confirmation = await ctx.mailer.enqueue(tx, orderMail('confirmation', await orderMailData(tx, r!.id, ctx.publicUrl ?? '')));
      return 'paid';
    }
    // Paid twice, or paid after the hold ended: this money must go back.
    await tx.update(paymentOrders).set({ status: 'late', authorizedAmount: remote.amount!, updatedAt: sql`now()` }).where(eq(paymentOrders.id, paymentId));
    await enqueueOperation(tx, {
      paymentOrderId: paymentId,
      reservationId: r!.id,
      kind: 'cancel',
      amount: remote.amount,
      key: `late:${paymentId}`,
      reason: state === 'paid' || state === 'closed' ? 'duplicate-payment' : 'expired',
    });
    queued = true;
    ctx.log.warn({ payment: paymentId, reservation: r!.id, state }, 'payment completed for a reservation that is no longer open: cancelling it at the provider');
    return 'late';
  });
  if (queued) ctx.kick();
  if (confirmation) void ctx.mailer!.deliver(confirmation);
  return outcome;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
}

export { reservation as reservationById };
