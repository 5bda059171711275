/**
 * Provider operations for staff. Guarded like the shop workspace (fulfilment/access.ts: 401 without a login, 403
 * for an account that is not shop staff, customer service or admin); shop staff reach only their shops' payments.
 *   GET  /payments/staff/reservations/{id}           the reservation's checkouts with amounts and operations
 *   GET  /payments/staff/flagged                     checkouts that need a person: mismatched, late, differing from the
 *                                                    provider, with an operation refused or to be followed up (unknown)
 *   GET  /payments/staff/follow-up                   "Må følges opp": each thing a person must settle, one row each
 *   POST /payments/staff/payments/{id}/operations    {kind, amount?, lines?, reason, requestKey} → the operation after its first attempt;
 *                                                    capture/refund/cancel/release by hand: customer service and admin only
 *   POST /payments/staff/reconcile                   {paymentId?} compare with the providers' ledgers now (customer service)
 *   POST /payments/staff/operations/{id}/resolve     {outcome, reason} settle an `unknown` operation by hand (customer service)
 * `requestKey` is the client's idempotency key (one per button press): a repeated request returns the same
 * operation and the provider sees the same Klarna-Idempotency-Key / RequestId. The amount is decided under the
 * payment's row lock counting operations already queued, so two employees cannot capture or refund twice.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, desc, eq, gt, inArray, isNotNull, notExists, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Type, type Static } from 'typebox';
import type { ReconcileAnswer, StaffFollowUpItem, StaffPaymentOperation } from '@shop/contracts/types';
import { paymentOperations, paymentOrders, reservationLines, reservations, shops } from '../../db/schema.js';
import { HttpError } from '../../server/errors.js';
import { decideOperation } from '../../payments/decide.js';
import { soldLines } from '../../payments/money.js';
import { checkoutOrderFor } from '../../payments/service.js';
import { enqueueOperation, idempotencyUuid, pendingAmounts, recordConfirmed, runOperationNow, type OperationRow } from '../../payments/operations.js';
import { reconcilePayments, reconcileTexts } from '../../payments/reconcile.js';
import { recordEvent } from '../../fulfilment/records.js';
import { paymentTexts } from '../../payments/texts.js';
import type { OperationKind, ProviderName } from '../../payments/types.js';
import { assertSameShape, DbId, errorResponses, IsoDateTime, Nullable, type SameShape } from '../shared/schema.js';
import { canRefund, requireFulfilmentStaff, reservationInShops, type FulfilmentStaff } from '../../fulfilment/access.js';
import { fulfilmentTexts } from '../../fulfilment/texts.js';
import { staffOperationView } from '../../fulfilment/view.js';

const OperationSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  state: Type.String({ description: 'queued | sent (at the provider, result awaited) | confirmed | refused | unknown (to be followed up)' }),
  amount: Type.Union([Type.Integer({ description: 'øre' }), Type.Null()]),
  lines: Type.Union([Type.Array(Type.Object({ reference: Type.String(), quantity: Type.Integer() })), Type.Null()]),
  reason: Type.String(),
  attempts: Type.Integer(),
  lastError: Type.Union([Type.String(), Type.Null()]),
  followUp: Type.Union([Type.String({ description: 'for unknown: what is known (Norwegian)' }), Type.Null()]),
  providerRef: Type.Union([Type.String({ description: 'Qliro PaymentTransactionId, Kustom capture_id/refund_id' }), Type.Null()]),
  requestedBy: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.String(),
  doneAt: Type.Union([Type.String(), Type.Null()]),
});

const PaymentSchema = Type.Object({
  id: Type.Integer(),
  reservationId: Type.Integer(),
  provider: Type.String(),
  providerOrderId: Type.String(),
  merchantReference: Type.Union([Type.String(), Type.Null()]),
  status: Type.String({ description: 'pending | paid | onhold | refused | cancelled | late | mismatch' }),
  amount: Type.Integer({ description: 'øre asked for' }),
  authorizedAmount: Type.Integer(),
  capturedAmount: Type.Integer(),
  refundedAmount: Type.Integer(),
  mismatch: Type.Union([Type.String(), Type.Null()]),
  discrepancy: Type.Union([Type.String({ description: 'what the last reconciliation found different at the provider' }), Type.Null()]),
  reconciledAt: Type.Union([Type.String(), Type.Null()]),
  operations: Type.Array(OperationSchema),
});

/** The operation as the workspace shows it (StaffPaymentOperation of @shop/contracts). */
const StaffOperationSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  state: Type.String({ description: 'queued | sent | confirmed | refused | unknown' }),
  amount: Nullable(Type.Integer({ description: 'øre' })),
  followUp: Nullable(Type.String()),
  lastError: Nullable(Type.String()),
  createdAt: IsoDateTime,
  doneAt: Nullable(IsoDateTime),
});
assertSameShape<SameShape<Static<typeof StaffOperationSchema>, StaffPaymentOperation>>();

const FollowUpItemSchema = Type.Object({
  type: Type.Union([Type.Literal('operation'), Type.Literal('payment')]),
  operationId: Nullable(Type.Integer()),
  paymentId: Type.Integer(),
  reservationId: Type.Integer(),
  shopId: Type.Integer(),
  shopName: Type.String(),
  provider: Type.Union([Type.Literal('klarna'), Type.Literal('qliro')]),
  kind: Type.String({ description: "the operation's kind, or for a payment discrepancy | mismatch | late" }),
  state: Type.String({ description: "the operation's state (unknown | refused) or the payment's status" }),
  amount: Nullable(Type.Integer({ description: 'øre' })),
  known: Nullable(Type.String({ description: 'what is known (Norwegian): follow_up, the provider’s error, the difference' })),
  at: IsoDateTime,
});
assertSameShape<SameShape<Static<typeof FollowUpItemSchema>, StaffFollowUpItem>>();

const ReconcileAnswerSchema = Type.Object({
  checked: Type.Integer({ description: 'payments compared (agreeing or differing)' }),
  differs: Type.Integer(),
  skipped: Type.Integer({ description: 'not compared: an operation in flight, pending at the provider, changed meanwhile, provider unreachable' }),
  results: Type.Array(
    Type.Object({
      paymentId: Type.Integer(),
      reservationId: Type.Integer(),
      provider: Type.String(),
      outcome: Type.Union([Type.Literal('agrees'), Type.Literal('differs'), Type.Literal('in-flight'), Type.Literal('provider-pending'), Type.Literal('changed'), Type.Literal('unreachable')]),
      discrepancy: Nullable(Type.String()),
    }),
  ),
});


/** Payment statuses that need a person whatever their operations say (see db/schema.ts paymentOrders). */
const FLAGGED_STATUSES = ['mismatch', 'late'];

const operationView = (o: OperationRow) => ({
  id: o.id,
  kind: o.kind,
  state: o.state,
  amount: o.amount,
  lines: (o.lines as Array<{ reference: string; quantity: number }> | null) ?? null,
  reason: o.reason,
  attempts: o.attempts,
  lastError: o.lastError,
  followUp: o.followUp,
  providerRef: o.providerRef,
  requestedBy: o.requestedBy,
  createdAt: o.createdAt.toISOString(),
  doneAt: o.doneAt?.toISOString() ?? null,
});

export const staffPaymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.database.db;
  const runtime = app.payments;

  /** 404 for a reservation outside a shop employee's shops (its existence is not theirs to know). */
  const assertReservationVisible = async (staff: FulfilmentStaff, reservationId: number) => {
    if (!staff.shopIds) return;
    const [r] = await db.select().from(reservations).where(eq(reservations.id, reservationId));
    const lines = r ? await db.select({ stockShopId: reservationLines.stockShopId }).from(reservationLines).where(eq(reservationLines.reservationId, r.id)) : [];
    if (!r || !reservationInShops(r, lines.map((l) => l.stockShopId), staff.shopIds)) throw new HttpError(404, paymentTexts.reservationNotFound);
  };

  /**
   * A refused operation still needs a person unless a later operation of the same kind on its payment was confirmed
   * or is on its way, or (for anything but a cancel) the payment has since been cancelled.
   */
  const later = alias(paymentOperations, 'later');
  const stillNeeded = () =>
    and(
      notExists(
        db
          .select({ one: sql`1` })
          .from(later)
          .where(and(eq(later.paymentOrderId, paymentOperations.paymentOrderId), eq(later.kind, paymentOperations.kind), gt(later.id, paymentOperations.id), inArray(later.state, ['confirmed', 'queued', 'sent']))),
      ),
      or(
        eq(paymentOperations.kind, 'cancel'),
        notExists(db.select({ one: sql`1` }).from(paymentOrders).where(and(eq(paymentOrders.id, paymentOperations.paymentOrderId), eq(paymentOrders.status, 'cancelled')))),
      ),
    );

  /** The reservations (of these ids) a staff member may see: all for customer service/admin, their shops' otherwise. */
  const visibleReservations = async (staff: FulfilmentStaff, ids: number[]) => {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map<number, typeof reservations.$inferSelect>();
    const rows = await db.select().from(reservations).where(inArray(reservations.id, unique));
    const lines = staff.shopIds ? await db.select({ reservationId: reservationLines.reservationId, stockShopId: reservationLines.stockShopId }).from(reservationLines).where(inArray(reservationLines.reservationId, unique)) : [];
    return new Map(
      rows
        .filter((r) => reservationInShops(r, lines.filter((l) => l.reservationId === r.id).map((l) => l.stockShopId), staff.shopIds))
        .map((r) => [r.id, r]),
    );
  };

  const paymentsView = async (where: SQL | undefined) => {
    // One snapshot for the payments and their operations: read apart, an operation confirmed between the two reads
    // would show as confirmed beside amounts that do not count it yet.
    const { rows, ops } = await db.transaction(
      async (tx) => {
        const rows = await tx.select().from(paymentOrders).where(where).orderBy(paymentOrders.id);
        const ops = rows.length ? await tx.select().from(paymentOperations).where(inArray(paymentOperations.paymentOrderId, rows.map((r) => r.id))).orderBy(paymentOperations.id) : [];
        return { rows, ops };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    return rows.map((p) => ({
      id: p.id,
      reservationId: p.reservationId,
      provider: p.provider,
      providerOrderId: p.providerOrderId,
      merchantReference: p.merchantReference,
      status: p.status,
      amount: p.amount,
      authorizedAmount: p.authorizedAmount,
      capturedAmount: p.capturedAmount,
      refundedAmount: p.refundedAmount,
      mismatch: p.mismatch,
      discrepancy: p.discrepancy,
      reconciledAt: p.reconciledAt?.toISOString() ?? null,
      operations: ops.filter((o) => o.paymentOrderId === p.id).map(operationView),
    }));
  };

  app.get(
    '/payments/staff/reservations/:id',
    {
      schema: {
        tags: ['payments', 'staff'],
        summary: "A reservation's payments with authorised, captured and refunded amounts and every provider operation (staff)",
        params: Type.Object({ id: DbId() }),
        response: {
          200: Type.Object({
            reservation: Type.Object({ id: Type.Integer(), statusId: Type.Integer(), total: Type.Integer(), holdUntil: Type.Union([Type.String(), Type.Null()]), expiredAt: Type.Union([Type.String(), Type.Null()]) }),
            payments: Type.Array(PaymentSchema),
          }),
          ...errorResponses,
          401: Type.Ref('ErrorBody'),
          403: Type.Ref('ErrorBody'),
        },
      },
    },
    async (request, reply) => {
      const staff = await requireFulfilmentStaff(db, request);
      await assertReservationVisible(staff, request.params.id);
      const [r] = await db.select().from(reservations).where(eq(reservations.id, request.params.id));
      if (!r) throw new HttpError(404, paymentTexts.reservationNotFound);
      return reply.header('cache-control', 'private, no-store').send({
        reservation: { id: r.id, statusId: r.statusId, total: r.total, holdUntil: r.holdUntil?.toISOString() ?? null, expiredAt: r.expiredAt?.toISOString() ?? null },
        payments: await paymentsView(eq(paymentOrders.reservationId, r.id)),
      });
    },
  );

  app.get(
    '/payments/staff/flagged',
    {
      schema: {
        tags: ['payments', 'staff'],
        summary: 'Payments that need a person: amount/reference mismatches, late completions, differences from the provider, refused operations not made up for and operations to be followed up (staff)',
        response: { 200: Type.Object({ payments: Type.Array(PaymentSchema) }), 401: Type.Ref('ErrorBody'), 403: Type.Ref('ErrorBody') },
      },
    },
    async (request, reply) => {
      const staff = await requireFulfilmentStaff(db, request);
      const open = await db
        .select({ id: paymentOperations.paymentOrderId })
        .from(paymentOperations)
        .where(or(eq(paymentOperations.state, 'unknown'), and(eq(paymentOperations.state, 'refused'), stillNeeded())))
        .orderBy(desc(paymentOperations.id))
        .limit(200);
      const ids = [...new Set(open.map((f) => f.id))];
      const byPayment = or(inArray(paymentOrders.status, FLAGGED_STATUSES), isNotNull(paymentOrders.discrepancy));
      const flagged = ids.length ? or(byPayment, inArray(paymentOrders.id, ids)) : byPayment;
      // Shop staff: their shops' checkouts only.
      const where = staff.shopIds ? and(flagged, inArray(paymentOrders.shopId, staff.shopIds.length ? staff.shopIds : [-1])) : flagged;
      return reply.header('cache-control', 'private, no-store').send({ payments: await paymentsView(where) });
    },
  );

  app.post(
    '/payments/staff/payments/:id/operations',
    {
      schema: {
        tags: ['payments', 'staff'],
        summary: 'Capture (full/partial), refund (full/partial), cancel, extend or release (after a partial capture) the authorisation of a payment at its provider, by hand (capture/refund/cancel/release: customer service and admin; extend: shop staff too)',
        description:
          'Money moves by hand only with a reason, written to the reservation’s audit trail (reservation_events, kind payment-by-hand, with the staff member) in the transaction that queues the operation. Queued durably and tried at once; the answer is the operation after that attempt (confirmed; sent = at the provider, its result awaited; queued = retried with backoff; refused = refused by the provider; unknown = to be followed up). requestKey makes a repeated request return the same operation.',
        params: Type.Object({ id: DbId() }),
        body: Type.Object({
          kind: Type.Union([Type.Literal('capture'), Type.Literal('refund'), Type.Literal('cancel'), Type.Literal('extend'), Type.Literal('release')]),
          amount: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000_000, description: 'øre; default: all that remains' })),
          lines: Type.Optional(
            Type.Array(Type.Object({ reference: Type.String({ minLength: 1, maxLength: 64 }), quantity: Type.Integer({ minimum: 1, maximum: 10_000 }) }, { additionalProperties: false }), { maxItems: 200 }),
          ),
          reason: Type.Optional(Type.String({ maxLength: 500, description: 'why, for the audit trail; required for capture, refund, cancel and release' })),
          requestKey: Type.String({ minLength: 8, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$', description: 'The client’s idempotency key for this request' }),
        }, { additionalProperties: false }),
        response: { 200: OperationSchema, ...errorResponses, 401: Type.Ref('ErrorBody'), 403: Type.Ref('ErrorBody'), 409: Type.Ref('ErrorBody'), 422: Type.Ref('ErrorBody') },
      },
    },
    async (request, reply) => {
      const staff = await requireFulfilmentStaff(db, request);
      const { kind, amount, lines, requestKey } = request.body;
      // Shop staff move money only through the workflow (hand-over, not collected). Extending the authorisation moves
      // none: it keeps a customer who comes late chargeable, and the shop is where that is seen.
      if (kind !== 'extend' && !canRefund(staff)) throw new HttpError(403, fulfilmentTexts.moneyByHandOnly);
      const reason = request.body.reason?.trim() ?? '';
      if (kind !== 'extend' && !reason) throw new HttpError(422, fulfilmentTexts.operationReason);
      if (staff.shopIds) {
        const [target] = await db.select({ reservationId: paymentOrders.reservationId }).from(paymentOrders).where(eq(paymentOrders.id, request.params.id));
        if (!target) throw new HttpError(404, paymentTexts.orderNotFound);
        await assertReservationVisible(staff, target.reservationId);
      }
      const key = `staff:${request.params.id}:${requestKey}`;
      const op = await db.transaction(async (tx) => {
        const [target] = await tx.select({ reservationId: paymentOrders.reservationId }).from(paymentOrders).where(eq(paymentOrders.id, request.params.id));
        if (!target) throw new HttpError(404, paymentTexts.orderNotFound);
        // The reservation's lock first, as the workspace's actions take it (a hand-over waits for this, then sees it).
        const [reservation] = await tx.select().from(reservations).where(eq(reservations.id, target.reservationId)).for('update');
        const [payment] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, request.params.id)).for('update');
        if (!payment) throw new HttpError(404, paymentTexts.orderNotFound);
        const [again] = await tx.select().from(paymentOperations).where(and(eq(paymentOperations.paymentOrderId, payment.id), eq(paymentOperations.reason, 'staff'), eq(paymentOperations.idempotencyKey, idempotencyUuid(key))));
        if (again) {
          if (again.kind !== kind) throw new HttpError(409, paymentTexts.operationKeyReused);
          return again;
        }
        // Product lines by EAN plus shipping ('frakt') and discount ('rabatt', negative) as lines of their own.
        const sold = soldLines(await checkoutOrderFor(tx, reservation!));
        const decision = decideOperation({ ...payment, provider: payment.provider as ProviderName }, await pendingAmounts(tx, payment.id), { kind: kind as OperationKind, amount, lines }, sold);
        if (!decision.ok) throw new HttpError(422, decision.message);
        const { op: created } = await enqueueOperation(tx, {
          paymentOrderId: payment.id,
          reservationId: payment.reservationId,
          kind,
          amount: kind === 'extend' ? null : decision.amount,
          lines: decision.lines,
          key,
          reason: 'staff',
          requestedBy: staff.id,
        });
        await recordEvent(tx, {
          reservationId: payment.reservationId,
          actor: { id: staff.id, name: staff.name },
          kind: 'payment-by-hand',
          fromStatus: null,
          toStatus: null,
          detail: { operationId: created.id, paymentId: payment.id, operation: kind, amount: created.amount, lines: created.lines ?? null, reason: reason || null, operationKey: requestKey },
        });
        // Open workspace screens are behind now: their next action is refused as stale (409) and reloads.
        await tx.update(reservations).set({ version: sql`${reservations.version} + 1` }).where(eq(reservations.id, payment.reservationId));
        return created;
      });
      const after = op.state === 'queued' ? await runOperationNow(runtime.operations, op.id) : op;
      return reply.header('cache-control', 'private, no-store').send(operationView(after));
    },
  );
  app.get(
    '/payments/staff/follow-up',
    {
      schema: {
        tags: ['payments', 'staff'],
        summary: '"Må følges opp": provider operations whose outcome the shop could not settle, refused ones nothing has made up for, and payments that differ from their provider, are mismatched or late (staff)',
        description: 'Newest first, at most 200 of each. Shop staff see their shops\' reservations only.',
        response: { 200: Type.Object({ items: Type.Array(FollowUpItemSchema) }), 401: Type.Ref('ErrorBody'), 403: Type.Ref('ErrorBody') },
      },
    },
    async (request, reply) => {
      const staff = await requireFulfilmentStaff(db, request);
      const ops = await db
        .select({ op: paymentOperations, provider: paymentOrders.provider })
        .from(paymentOperations)
        .innerJoin(paymentOrders, eq(paymentOrders.id, paymentOperations.paymentOrderId))
        .where(or(eq(paymentOperations.state, 'unknown'), and(eq(paymentOperations.state, 'refused'), stillNeeded())))
        .orderBy(desc(paymentOperations.id))
        .limit(200);
      const payments = await db
        .select()
        .from(paymentOrders)
        .where(or(inArray(paymentOrders.status, FLAGGED_STATUSES), isNotNull(paymentOrders.discrepancy)))
        .orderBy(desc(paymentOrders.id))
        .limit(200);
      const visible = await visibleReservations(staff, [...ops.map((o) => o.op.reservationId), ...payments.map((p) => p.reservationId)]);
      const shopRows = visible.size ? await db.select({ id: shops.id, name: shops.name }).from(shops) : [];
      const shopOf = (reservationId: number) => {
        const shopId = visible.get(reservationId)!.shopId;
        return { shopId, shopName: shopRows.find((x) => x.id === shopId)?.name ?? String(shopId) };
      };
      const items: StaffFollowUpItem[] = [
        ...ops
          .filter(({ op }) => visible.has(op.reservationId))
          .map(({ op, provider }): StaffFollowUpItem => ({
            type: 'operation',
            operationId: op.id,
            paymentId: op.paymentOrderId,
            reservationId: op.reservationId,
            ...shopOf(op.reservationId),
            provider: provider as StaffFollowUpItem['provider'],
            kind: op.kind,
            state: op.state,
            amount: op.amount,
            known: (op.state === 'unknown' ? (op.followUp ?? op.lastError) : (op.lastError ?? op.followUp)) ?? null,
            at: (op.doneAt ?? op.sentAt ?? op.createdAt).toISOString(),
          })),
        ...payments
          .filter((p) => visible.has(p.reservationId))
          .map((p): StaffFollowUpItem => ({
            type: 'payment',
            operationId: null,
            paymentId: p.id,
            reservationId: p.reservationId,
            ...shopOf(p.reservationId),
            provider: p.provider as StaffFollowUpItem['provider'],
            kind: p.discrepancy ? 'discrepancy' : p.status,
            state: p.status,
            amount: p.amount,
            known: [p.discrepancy, p.mismatch ?? (p.status === 'late' ? reconcileTexts.late : null)].filter(Boolean).join(' ') || null,
            at: (p.discrepancy ? (p.reconciledAt ?? p.updatedAt) : p.updatedAt).toISOString(),
          })),
      ].sort((a, b) => b.at.localeCompare(a.at));
      return reply.header('cache-control', 'private, no-store').send({ items });
    },
  );

  app.post(
    '/payments/staff/reconcile',
    {
      schema: {
        tags: ['payments', 'staff'],
        summary: "Compare the shop's payments with the providers' own ledgers now, or one payment (customer service, admin)",
        description:
          'Writes each difference to the payment (discrepancy, shown in the follow-up list) and clears it where they agree. A payment with an operation in flight, a transaction pending at the provider, or a provider that does not answer is left as it was (outcome says which).',
        body: Type.Object({ paymentId: Type.Optional(DbId({ description: 'only this payment (payment_orders.id)' })) }, { additionalProperties: false }),
        response: { 200: ReconcileAnswerSchema, ...errorResponses, 401: Type.Ref('ErrorBody'), 403: Type.Ref('ErrorBody') },
      },
    },
    async (request, reply) => {
      const staff = await requireFulfilmentStaff(db, request);
      if (!canRefund(staff)) throw new HttpError(403, reconcileTexts.reconcileOnly);
      const { paymentId } = request.body ?? {};
      if (paymentId !== undefined) {
        const [target] = await db.select({ id: paymentOrders.id }).from(paymentOrders).where(eq(paymentOrders.id, paymentId));
        if (!target) throw new HttpError(404, paymentTexts.orderNotFound);
      }
      const results = await reconcilePayments(runtime.operations, paymentId !== undefined ? { paymentId, limit: 1 } : { limit: 200, olderThanMs: 0 });
      const checked = results.filter((r) => r.outcome === 'agrees' || r.outcome === 'differs').length;
      const answer: ReconcileAnswer = { checked, differs: results.filter((r) => r.outcome === 'differs').length, skipped: results.length - checked, results };
      return reply.header('cache-control', 'private, no-store').send(answer);
    },
  );

  app.post(
    '/payments/staff/operations/:id/resolve',
    {
      schema: {
        tags: ['payments', 'staff'],
        summary: 'Settle by hand an operation the shop could not settle (state unknown): confirmed or refused at the provider, with what the person found out (customer service, admin)',
        description:
          "Confirmed: booked like an operation the provider confirmed (captured/refunded amounts, a cancel). Either way written to the reservation's audit trail with the staff member and the reason. 409 when the operation is no longer unknown.",
        params: Type.Object({ id: DbId() }),
        body: Type.Object(
          {
            outcome: Type.Union([Type.Literal('confirmed'), Type.Literal('refused')]),
            reason: Type.String({ minLength: 1, maxLength: 1000, description: 'what the person found out at the provider' }),
          },
          { additionalProperties: false },
        ),
        response: { 200: StaffOperationSchema, ...errorResponses, 401: Type.Ref('ErrorBody'), 403: Type.Ref('ErrorBody'), 409: Type.Ref('ErrorBody'), 422: Type.Ref('ErrorBody') },
      },
    },
    async (request, reply) => {
      const staff = await requireFulfilmentStaff(db, request);
      if (!canRefund(staff)) throw new HttpError(403, reconcileTexts.resolveOnly);
      const { outcome } = request.body;
      const reason = request.body.reason.trim();
      if (!reason) throw new HttpError(422, reconcileTexts.reasonRequired);
      const afterCommit: { run?: (() => void) | void } = {};
      const resolved = await db.transaction(async (tx) => {
        const [op] = await tx.select().from(paymentOperations).where(eq(paymentOperations.id, request.params.id)).for('update');
        if (!op) throw new HttpError(404, reconcileTexts.operationNotFound);
        if (op.state !== 'unknown') throw new HttpError(409, reconcileTexts.notUnknown);
        // The payment's row lock too, as every other change of its amounts takes it (decisions count on it).
        await tx.select({ id: paymentOrders.id }).from(paymentOrders).where(eq(paymentOrders.id, op.paymentOrderId)).for('update');
        const resolution = { outcome, reason, by: staff.id, at: new Date().toISOString() };
        const [after] = await tx
          .update(paymentOperations)
          .set({ state: outcome, doneAt: sql`now()`, lockedUntil: null, result: { ...((op.result as Record<string, unknown> | null) ?? {}), resolution } })
          .where(eq(paymentOperations.id, op.id))
          .returning();
        // Settled by hand as confirmed: the same consequences as a confirmation from the provider (a refund's status and mail).
        if (outcome === 'confirmed') {
          await recordConfirmed(tx, after!, op.paymentOrderId);
          afterCommit.run = await runtime.operations.onConfirmed?.(tx, after!);
        }
        await recordEvent(tx, {
          reservationId: op.reservationId,
          actor: { id: staff.id, name: staff.name },
          kind: 'payment-resolved',
          fromStatus: null,
          toStatus: null,
          detail: { operationId: op.id, paymentId: op.paymentOrderId, operation: op.kind, amount: op.amount, outcome, reason, followUp: op.followUp },
        });
        return after!;
      });
      afterCommit.run?.();
      // The payment's later operations waited behind this one.
      runtime.context.kick();
      return reply.header('cache-control', 'private, no-store').send(staffOperationView(resolved));
    },
  );
};
