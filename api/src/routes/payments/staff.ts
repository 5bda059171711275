/**
 * Provider operations for staff. Guarded like the shop workspace (fulfilment/access.ts: 401 without a login, 403
 * for an account that is not shop staff, customer service or admin); shop staff reach only their shops' payments.
 *   GET  /payments/staff/reservations/{id}           the reservation's checkouts with amounts and operations
 *   GET  /payments/staff/flagged                     checkouts that need a person: mismatched, late, failed operations
 *   POST /payments/staff/payments/{id}/operations    {kind, amount?, lines?, requestKey} → the operation after its first attempt
 * `requestKey` is the client's idempotency key (one per button press): a repeated request returns the same
 * operation and the provider sees the same Klarna-Idempotency-Key / RequestId. The amount is decided under the
 * payment's row lock counting operations already queued, so two employees cannot capture or refund twice.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { Type } from 'typebox';
import { paymentOperations, paymentOrders, reservationLines, reservations } from '../../db/schema.js';
import { HttpError } from '../../server/errors.js';
import { decideOperation } from '../../payments/decide.js';
import { enqueueOperation, idempotencyUuid, pendingAmounts, runOperationNow, type OperationRow } from '../../payments/operations.js';
import { paymentTexts } from '../../payments/texts.js';
import type { OperationKind, ProviderName } from '../../payments/types.js';
import { DbId, errorResponses } from '../shared/schema.js';
import { canRefund, requireFulfilmentStaff, reservationInShops, type FulfilmentStaff } from '../../fulfilment/access.js';
import { fulfilmentTexts } from '../../fulfilment/texts.js';

const OperationSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  state: Type.String({ description: 'queued | running | done | failed' }),
  amount: Type.Union([Type.Integer({ description: 'øre' }), Type.Null()]),
  lines: Type.Union([Type.Array(Type.Object({ reference: Type.String(), quantity: Type.Integer() })), Type.Null()]),
  reason: Type.String(),
  attempts: Type.Integer(),
  lastError: Type.Union([Type.String(), Type.Null()]),
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
  operations: Type.Array(OperationSchema),
});

const operationView = (o: OperationRow) => ({
  id: o.id,
  kind: o.kind,
  state: o.state,
  amount: o.amount,
  lines: (o.lines as Array<{ reference: string; quantity: number }> | null) ?? null,
  reason: o.reason,
  attempts: o.attempts,
  lastError: o.lastError,
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

  const paymentsView = async (where: SQL | undefined) => {
    const rows = await db.select().from(paymentOrders).where(where).orderBy(paymentOrders.id);
    const ops = rows.length ? await db.select().from(paymentOperations).where(inArray(paymentOperations.paymentOrderId, rows.map((r) => r.id))).orderBy(paymentOperations.id) : [];
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
        summary: 'Payments that need a person: amount/reference mismatches, late completions, failed provider operations (staff)',
        response: { 200: Type.Object({ payments: Type.Array(PaymentSchema) }), 401: Type.Ref('ErrorBody'), 403: Type.Ref('ErrorBody') },
      },
    },
    async (request, reply) => {
      const staff = await requireFulfilmentStaff(db, request);
      const failed = await db.select({ id: paymentOperations.paymentOrderId }).from(paymentOperations).where(eq(paymentOperations.state, 'failed')).orderBy(desc(paymentOperations.id)).limit(200);
      const ids = [...new Set(failed.map((f) => f.id))];
      const flagged = ids.length ? or(inArray(paymentOrders.status, ['mismatch', 'late']), inArray(paymentOrders.id, ids)) : inArray(paymentOrders.status, ['mismatch', 'late']);
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
        summary: 'Capture (full/partial), refund (full/partial), cancel or extend the authorisation of a payment at its provider (staff)',
        description:
          'Queued durably and tried at once; the answer is the operation after that attempt (state done, queued = retried with backoff, failed = refused by the provider). requestKey makes a repeated request return the same operation.',
        params: Type.Object({ id: DbId() }),
        body: Type.Object({
          kind: Type.Union([Type.Literal('capture'), Type.Literal('refund'), Type.Literal('cancel'), Type.Literal('extend')]),
          amount: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000_000, description: 'øre; default: all that remains' })),
          lines: Type.Optional(
            Type.Array(Type.Object({ reference: Type.String({ minLength: 1, maxLength: 64 }), quantity: Type.Integer({ minimum: 1, maximum: 10_000 }) }, { additionalProperties: false }), { maxItems: 200 }),
          ),
          requestKey: Type.String({ minLength: 8, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$', description: 'The client’s idempotency key for this request' }),
        }, { additionalProperties: false }),
        response: { 200: OperationSchema, ...errorResponses, 401: Type.Ref('ErrorBody'), 403: Type.Ref('ErrorBody'), 409: Type.Ref('ErrorBody'), 422: Type.Ref('ErrorBody') },
      },
    },
    async (request, reply) => {
      const staff = await requireFulfilmentStaff(db, request);
      const { kind, amount, lines, requestKey } = request.body;
      if (kind === 'refund' && !canRefund(staff)) throw new HttpError(403, fulfilmentTexts.refundOnly);
      if (staff.shopIds) {
        const [target] = await db.select({ reservationId: paymentOrders.reservationId }).from(paymentOrders).where(eq(paymentOrders.id, request.params.id));
        if (!target) throw new HttpError(404, paymentTexts.orderNotFound);
        await assertReservationVisible(staff, target.reservationId);
      }
      const key = `staff:${request.params.id}:${requestKey}`;
      const op = await db.transaction(async (tx) => {
        const [payment] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, request.params.id)).for('update');
        if (!payment) throw new HttpError(404, paymentTexts.orderNotFound);
        const [again] = await tx.select().from(paymentOperations).where(and(eq(paymentOperations.paymentOrderId, payment.id), eq(paymentOperations.reason, 'staff'), eq(paymentOperations.idempotencyKey, idempotencyUuid(key))));
        if (again) {
          if (again.kind !== kind) throw new HttpError(409, paymentTexts.operationKeyReused);
          return again;
        }
        const sold = (await tx.select().from(reservationLines).where(eq(reservationLines.reservationId, payment.reservationId))).map((l) => ({ reference: l.ean, quantity: l.count, unitPrice: l.price }));
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
        return created;
      });
      const after = op.state === 'queued' ? await runOperationNow(runtime.operations, op.id) : op;
      return reply.header('cache-control', 'private, no-store').send(operationView(after));
    },
  );
};
