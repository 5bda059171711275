/**
 * Reconciliation: the shop's record of a payment's money (payment_orders: capturedAmount, refundedAmount, status
 * cancelled, changed only when an operation is confirmed) against the provider's own ledger (PaymentProvider.readLedger).
 * A difference is written to payment_orders.discrepancy in Norwegian for staff (the follow-up list,
 * routes/payments/staff.ts); an agreement clears it. Either way reconciled_at is set.
 *
 * Not compared (left as it is): a payment with an operation in flight (queued/sent: the shop's numbers are about to
 * change), one whose ledger lists a transaction still pending at the provider (Qliro processes after answering),
 * one whose row changed while its ledger was read, and one whose provider could not be reached (logged; the next
 * run tries again).
 *
 * Runs in the payments sweep every PAYMENT_RECONCILE_SECONDS (runtime.ts) and from the staff button
 * (POST /payments/staff/reconcile). Several processes may run it at once: the write is checked against the row as it
 * was read, under the row's lock, so a late writer cannot put an outdated comparison on a payment.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, exists, gt, inArray, isNotNull, isNull, lt, not, or, sql, type SQL } from 'drizzle-orm';
import { formatMoney } from '@shop/contracts/format';
import type { Db } from '../db/index.js';
import { paymentOperations, paymentOrders } from '../db/schema.js';
import { ProviderError, type PaymentProvider, type ProviderLedger, type ProviderName } from './types.js';

/** Norwegian texts of reconciliation and the follow-up routes (staff only). */
export const reconcileTexts = {
  providerName: (p: string) => (p === 'klarna' ? 'Kustom' : p === 'qliro' ? 'Qliro' : p),
  captured: (provider: string, theirs: number, ours: number) =>
    `${provider} har trukket ${formatMoney(theirs)}, butikken har registrert ${formatMoney(ours)}`,
  refunded: (provider: string, theirs: number, ours: number) =>
    `${provider} har refundert ${formatMoney(theirs)}, butikken har registrert ${formatMoney(ours)}`,
  cancelledThere: (provider: string) => `${provider} har kansellert betalingen, butikken har den som aktiv`,
  notCancelledThere: (provider: string) => `Butikken har kansellert betalingen, ${provider} har den fortsatt som aktiv`,
  // ---- routes
  resolveOnly: 'Bare kundeservice kan avgjøre en operasjon som må følges opp.',
  reconcileOnly: 'Bare kundeservice kan starte en kontroll mot betalingsløsningene.',
  operationNotFound: 'Fant ikke operasjonen.',
  notUnknown: 'Operasjonen er ikke lenger til oppfølging. Last inn på nytt.',
  reasonRequired: 'Skriv hva du har funnet ut hos betalingsløsningen.',
  late: 'Betalingen ble fullført etter at reservasjonen var betalt eller utløpt, og skal kanselleres eller refunderes.',
} as const;

/** What the shop recorded, as compared (the payment row plus whether a release of the rest was confirmed). */
export interface ShopMoney {
  provider: string;
  status: string;
  capturedAmount: number;
  refundedAmount: number;
  /** A confirmed `release`: Qliro reverses the unshipped rest, so its ledger may say cancelled while the shop says paid. */
  released: boolean;
}

/** The differences between the shop's record and the provider's ledger, in Norwegian; null when they agree. */
export function compareWithLedger(shop: ShopMoney, ledger: Pick<ProviderLedger, 'captured' | 'refunded' | 'cancelled'>): string | null {
  const name = reconcileTexts.providerName(shop.provider);
  const found: string[] = [];
  if (ledger.captured !== shop.capturedAmount) found.push(reconcileTexts.captured(name, ledger.captured, shop.capturedAmount));
  if (ledger.refunded !== shop.refundedAmount) found.push(reconcileTexts.refunded(name, ledger.refunded, shop.refundedAmount));
  const shopCancelled = shop.status === 'cancelled';
  if (shopCancelled && !ledger.cancelled) found.push(reconcileTexts.notCancelledThere(name));
  // A captured order whose rest was released is not "cancelled" at the shop, whatever the provider calls it.
  if (!shopCancelled && ledger.cancelled && !(shop.released && shop.capturedAmount > 0)) found.push(reconcileTexts.cancelledThere(name));
  return found.length ? `${found.join('. ')}.` : null;
}

export interface ReconcileContext {
  db: Db;
  log: FastifyBaseLogger;
  provider(name: ProviderName): PaymentProvider;
}

export interface ReconcileOptions {
  /** Most payments compared in one run. */
  limit?: number;
  /** Skip payments reconciled less than this long ago (0: any). */
  olderThanMs?: number;
  /** Only this payment (the staff button for one payment); it is compared however recently it was. */
  paymentId?: number;
}

export type ReconcileOutcome = 'agrees' | 'differs' | 'in-flight' | 'provider-pending' | 'changed' | 'unreachable';

export interface ReconcileResult {
  paymentId: number;
  reservationId: number;
  provider: string;
  outcome: ReconcileOutcome;
  /** What differs now (null: agrees, or not compared). */
  discrepancy: string | null;
}

/** Payments whose money the shop has recorded or asked to move ('void' only gives up a checkout). */
const IN_FLIGHT = ['queued', 'sent'] as const;
const MONEY_KINDS = ['capture', 'refund', 'cancel', 'release', 'extend'] as const;
/** Paid payments older than this are no longer compared unless they still differ (the list would only grow). */
const HORIZON_DAYS = 120;

const hasOperation = (db: Db, states: readonly string[] | null, kinds: readonly string[] = MONEY_KINDS) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(paymentOperations)
      .where(and(eq(paymentOperations.paymentOrderId, paymentOrders.id), inArray(paymentOperations.kind, [...kinds]), states ? inArray(paymentOperations.state, [...states]) : undefined)),
  );

function candidates(db: Db, options: ReconcileOptions): SQL {
  const conditions: Array<SQL | undefined> = [
    inArray(paymentOrders.status, ['paid', 'cancelled']),
    or(gt(paymentOrders.capturedAmount, 0), gt(paymentOrders.refundedAmount, 0), hasOperation(db, null)),
  ];
  if (options.paymentId !== undefined) {
    conditions.push(eq(paymentOrders.id, options.paymentId));
  } else {
    conditions.push(not(hasOperation(db, IN_FLIGHT, [...MONEY_KINDS, 'void'])));
    conditions.push(or(isNotNull(paymentOrders.discrepancy), gt(paymentOrders.createdAt, sql`now() - ${`${HORIZON_DAYS} days`}::interval`)));
    if (options.olderThanMs) {
      conditions.push(or(isNull(paymentOrders.reconciledAt), lt(paymentOrders.reconciledAt, sql`now() - ${`${options.olderThanMs} milliseconds`}::interval`)));
    }
  }
  return and(...conditions)!;
}

/** Compares up to `limit` payments with their providers' ledgers; one result per payment looked at. */
export async function reconcilePayments(ctx: ReconcileContext, options: ReconcileOptions = {}): Promise<ReconcileResult[]> {
  const rows = await ctx.db
    .select()
    .from(paymentOrders)
    .where(candidates(ctx.db, options))
    .orderBy(sql`${paymentOrders.reconciledAt} asc nulls first`, asc(paymentOrders.id))
    .limit(options.limit ?? 50);
  const results: ReconcileResult[] = [];
  for (const row of rows) results.push(await reconcileOne(ctx, row));
  const differs = results.filter((r) => r.outcome === 'differs');
  if (differs.length) ctx.log.warn({ payments: differs.map((r) => r.paymentId) }, 'reconciliation: the shop and the provider disagree');
  return results;
}

type PaymentRow = typeof paymentOrders.$inferSelect;

const inFlight = async (db: Pick<Db, 'select'>, paymentId: number) =>
  (await db.select({ id: paymentOperations.id }).from(paymentOperations).where(and(eq(paymentOperations.paymentOrderId, paymentId), inArray(paymentOperations.state, [...IN_FLIGHT]))).limit(1))
    .length > 0;

async function reconcileOne(ctx: ReconcileContext, row: PaymentRow): Promise<ReconcileResult> {
  const base = { paymentId: row.id, reservationId: row.reservationId, provider: row.provider };
  if (await inFlight(ctx.db, row.id)) return { ...base, outcome: 'in-flight', discrepancy: row.discrepancy };
  let ledger: ProviderLedger;
  try {
    ledger = await ctx.provider(row.provider as ProviderName).readLedger(row.providerOrderId);
  } catch (error) {
    const failure = error instanceof ProviderError ? error : null;
    ctx.log.warn({ payment: row.id, provider: row.provider, status: failure?.status, kind: failure?.kind, code: failure?.code }, `reconciliation could not read the provider's ledger: ${(error as Error).message}`);
    return { ...base, outcome: 'unreachable', discrepancy: row.discrepancy };
  }
  if (ledger.transactions.some((t) => t.status === 'pending')) return { ...base, outcome: 'provider-pending', discrepancy: row.discrepancy };
  return ctx.db.transaction(async (tx) => {
    const [now] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, row.id)).for('update');
    // An operation was confirmed (or queued) while the ledger was read: this comparison is already out of date.
    const moved = !now || now.capturedAmount !== row.capturedAmount || now.refundedAmount !== row.refundedAmount || now.status !== row.status || now.authorizedAmount !== row.authorizedAmount;
    if (moved || (await inFlight(tx, row.id))) return { ...base, outcome: 'changed' as const, discrepancy: now?.discrepancy ?? null };
    const [release] = await tx
      .select({ id: paymentOperations.id })
      .from(paymentOperations)
      .where(and(eq(paymentOperations.paymentOrderId, row.id), eq(paymentOperations.kind, 'release'), eq(paymentOperations.state, 'confirmed')))
      .limit(1);
    const discrepancy = compareWithLedger({ ...now, released: Boolean(release) }, ledger);
    await tx.update(paymentOrders).set({ discrepancy, reconciledAt: sql`now()` }).where(eq(paymentOrders.id, row.id));
    if (discrepancy !== now.discrepancy) ctx.log[discrepancy ? 'warn' : 'info']({ payment: row.id, provider: row.provider, ledger: { captured: ledger.captured, refunded: ledger.refunded, cancelled: ledger.cancelled } }, discrepancy ? `reconciliation: ${discrepancy}` : 'reconciliation: the difference is gone');
    return { ...base, outcome: discrepancy ? ('differs' as const) : ('agrees' as const), discrepancy };
  });
}

/** PAYMENT_RECONCILE_SECONDS: how often each process reconciles in its sweep (default 3600; 0 = never). */
export function reconcileSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.PAYMENT_RECONCILE_SECONDS ?? 3600);
  return Number.isFinite(n) && n >= 0 ? n : 3600;
}
