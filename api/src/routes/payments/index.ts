/**
 * Payments (payments/): the shop side of the Klarna-type (Kustom) and Qliro-type checkouts.
 *   POST /payments/{provider}/orders       {reservationId, confirmationPath?} → 201 RawPaymentOrder (session's reservation;
 *                                          the one open checkout per provider, reused; 409 paid, 410 hold ended)
 *   GET  /payments/{provider}/orders/{id}  → RawPaymentOrder after re-reading the provider (paid → reservation paid)
 *   POST /payments/klarna/push?klarna_order_id=…   Klarna's push (empty body, any content type) → 200 {} at once
 *   POST /payments/qliro/push  {OrderId, Status…}  → {"CallbackResponse":"received"} at once
 *   POST /payments/klarna/validate?klarna_order_id=…  KCO merchant_urls.validation → 200 accept | 303 refuse
 *   POST /payments/klarna/notification?klarna_order_id=…  Kustom merchant_urls.notification (fraud decision of a
 *                                          pending order, {order_id, event_type}) → 200 {} once followed, 503 when
 *                                          Kustom could not be read
 *   POST /payments/qliro/validate  {OrderId…}          Qliro MerchantOrderValidationUrl → 200 accept | 400 refuse
 *   staff: /payments/staff/… (staff.ts)
 * The push and validation routes are exempt from CSRF (server/session.ts CSRF_EXEMPTIONS): the provider calls them,
 * not a browser. They trust nothing they are told: a push only makes the shop re-read the order from the provider
 * (after answering), and a validation can only refuse.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { RawPaymentOrder } from '@shop/contracts/types';
import { paymentOperations, paymentOrders, reservations } from '../../db/schema.js';
import { cacheForOrigin, publicOriginOf } from '../../server/publicOrigin.js';
import { HttpError } from '../../server/errors.js';
import { paymentsConfig } from '../../payments/config.js';
import { isSafeReturnPath, RETURN_PATH_MAX, RETURN_PATH_TEXTS } from '../../payments/returnPath.js';
import { createPaymentsRuntime, sweepSeconds } from '../../payments/runtime.js';
import { findPayment, ownsReservation, startPayment, syncFraudDecision, syncPayment, validateCompletion, type PaymentRow } from '../../payments/service.js';
import { qliroTotalOre, type QliroOrderItem } from '../../payments/money.js';
import { wakeSentOperations } from '../../payments/operations.js';
import { qliroNotificationToken } from '../../payments/qliro.js';
import { paymentTexts } from '../../payments/texts.js';
import { ProviderError, type ProviderName } from '../../payments/types.js';
import { assertSameShape, DbId, errorResponses, type SameShape } from '../shared/schema.js';
import { staffPaymentRoutes } from './staff.js';

export { paymentTexts };

export const RawPaymentOrderSchema = Type.Object({
  Provider: Type.Union([Type.Literal('klarna'), Type.Literal('qliro')]),
  OrderID: Type.String(),
  ReservationID: Type.Integer(),
  ShopID: Type.Integer(),
  Status: Type.Union([Type.Literal('pending'), Type.Literal('paid'), Type.Literal('onhold'), Type.Literal('refused')]),
  Amount: Type.Integer({ description: 'øre' }),
  HtmlSnippet: Type.String(),
});
assertSameShape<SameShape<Static<typeof RawPaymentOrderSchema>, RawPaymentOrder>>();

const ProviderParam = Type.Union([Type.Literal('klarna'), Type.Literal('qliro')]);

/** The shopper's view of a checkout: given-up, late and mismatched ones are not a usable payment. */
const shopperStatus = (status: string): RawPaymentOrder['Status'] =>
  status === 'paid' || status === 'pending' || status === 'onhold' ? status : status === 'mismatch' ? 'onhold' : 'refused';

const toRaw = (row: PaymentRow, htmlSnippet: string): RawPaymentOrder => ({
  Provider: row.provider as ProviderName,
  OrderID: row.providerOrderId,
  ReservationID: row.reservationId,
  ShopID: row.shopId,
  Status: shopperStatus(row.status),
  Amount: row.amount,
  HtmlSnippet: htmlSnippet,
});

/** A provider failure as the shopper sees it: refused input, our credentials, or an outage are told apart. */
export function providerFailure(app: FastifyInstance, error: ProviderError): HttpError {
  const log = { provider: error.provider, status: error.status, code: error.code, correlationId: error.correlationId, kind: error.kind };
  if (error.kind === 'outage') {
    app.log.warn(log, error.message);
    return new HttpError(503, paymentTexts.providerDown);
  }
  app.log.error(log, error.message);
  return new HttpError(502, error.kind === 'auth' ? paymentTexts.providerAuth : paymentTexts.providerRejected);
}

const failures = { ...errorResponses, 409: Type.Ref('ErrorBody'), 410: Type.Ref('ErrorBody'), 422: Type.Ref('ErrorBody'), 502: Type.Ref('ErrorBody'), 503: Type.Ref('ErrorBody') };

export const paymentsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Throws ConfigError under NODE_ENV=production without an https PUBLIC_URL: the app then does not start.
  const config = paymentsConfig();
  for (const warning of config.warnings) app.log.warn(warning);
  const runtime = createPaymentsRuntime(app, config);
  app.decorate('payments', runtime);
  const every = sweepSeconds();
  const timer = every > 0 ? setInterval(() => runtime.background(() => runtime.sweep()), every * 1000) : null;
  timer?.unref();
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await runtime.idle();
  });

  /**
   * Where the shopper's browser and the provider reach the shop. In production always PUBLIC_URL: the Host header is
   * the sender's to choose, and a provider must never be told to send a shopper or a callback to a stranger's origin.
   */
  const publicOrigin = (request: FastifyRequest) => publicOriginOf(config.publicUrl, request);
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ProviderError) throw providerFailure(app, error);
      throw error;
    }
  };

  app.post(
    '/payments/:provider/orders',
    {
      schema: {
        tags: ['payments'],
        summary: 'Start (or resume) the provider checkout of a reservation of this session',
        description:
          'One open checkout per reservation and provider: a reload or second tab gets the same one (updated at the provider if the amount changed); starting the other provider cancels this one. 409: already paid; 410: the hold ended and the stock went back.',
        params: Type.Object({ provider: ProviderParam }),
        body: Type.Object({
          reservationId: DbId(),
          // The rule (payments/returnPath.ts) answers 422 with its own message; the schema only bounds the text.
          confirmationPath: Type.Optional(
            Type.String({ maxLength: 2000, description: `Path on this site the provider sends the shopper back to: one leading /, at most ${RETURN_PATH_MAX} characters of A–Z, a–z, 0–9 and -._~/?=&% (else 422)` }),
          ),
        }),
        response: { 201: RawPaymentOrderSchema, ...failures },
      },
    },
    async (request, reply) => {
      const name = request.params.provider;
      const { confirmationPath } = request.body;
      if (confirmationPath !== undefined && !isSafeReturnPath(confirmationPath)) {
        throw new HttpError(422, RETURN_PATH_TEXTS.invalid, [{ field: 'confirmationPath', message: RETURN_PATH_TEXTS.invalid }]);
      }
      const session = await request.session.get();
      const [r] = await app.database.db.select().from(reservations).where(eq(reservations.id, request.body.reservationId));
      if (!r || !ownsReservation(r, session)) throw new HttpError(404, paymentTexts.reservationNotFound);
      const from = publicOrigin(request);
      const origin = from.origin;
      const placeholder = name === 'klarna' ? '{checkout.order.id}' : '';
      const confirmation = `${origin}${confirmationPath ?? `/checkout?betaling=${name}&reservasjon=${r.id}`}`;
      const started = await guard(() =>
        startPayment(runtime.context, runtime.provider(name), r.id, {
          terms: `${origin}/kundeservice`,
          checkout: `${origin}/checkout`,
          confirmation: name === 'klarna' ? `${confirmation}${confirmation.includes('?') ? '&' : '?'}order_id=${placeholder}` : confirmation,
          push: name === 'klarna' ? `${origin}/api/v1/payments/klarna/push?klarna_order_id=${placeholder}` : `${origin}/api/v1/payments/qliro/push`,
          validation: name === 'klarna' ? `${origin}/api/v1/payments/klarna/validate?klarna_order_id=${placeholder}` : `${origin}/api/v1/payments/qliro/validate`,
          ...(name === 'klarna' ? { notification: `${origin}/api/v1/payments/klarna/notification?klarna_order_id=${placeholder}` } : {}),
          ...(name === 'qliro' ? { orderManagementPush: `${origin}/api/v1/payments/qliro/order-management/${r.id}/${qliroNotificationToken(r.id, config.qliro.apiSecret)}` } : {}),
        }),
      );
      return cacheForOrigin(reply.status(201), from, 'no-store').send(toRaw(started.row, started.htmlSnippet));
    },
  );

  app.get(
    '/payments/:provider/orders/:id',
    {
      schema: {
        tags: ['payments'],
        summary: 'Status of a provider checkout (re-read from the provider; paid marks the reservation paid)',
        params: Type.Object({ provider: ProviderParam, id: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: RawPaymentOrderSchema, ...failures },
      },
    },
    async (request, reply) => {
      const { provider: name, id } = request.params;
      const row = await findPayment(app.database.db, name, id);
      const session = await request.session.get();
      const [r] = row ? await app.database.db.select().from(reservations).where(eq(reservations.id, row.reservationId)) : [];
      if (!row || !r || !ownsReservation(r, session)) throw new HttpError(404, paymentTexts.orderNotFound);
      const synced = await guard(() => syncPayment(runtime.context, runtime.provider(name), id));
      return reply.header('cache-control', 'no-store').send(toRaw(synced!.row, synced!.htmlSnippet));
    },
  );

  await app.register(providerCallbackRoutes);
  await app.register(staffPaymentRoutes);
};

/**
 * The routes the providers call. Their own plugin scope takes any body with any content type as text (a Klarna push
 * is empty with `Content-Type: application/json`, which Fastify's JSON parser would answer 400 before the route).
 */
const providerCallbackRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const runtime = app.payments;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
  const json = (body: unknown): Record<string, unknown> => {
    if (typeof body !== 'string' || !body.trim()) return {};
    try {
      const parsed: unknown = JSON.parse(body);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  };
  const orderIdOf = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : typeof v === 'string' && v.length <= 100 ? v : null);
  /** Re-read and apply, after the answer has gone (Qliro enforces a response time; Klarna retries until 200). */
  const syncLater = (name: ProviderName, orderId: string) =>
    runtime.background(async () => {
      try {
        await syncPayment(runtime.context, runtime.provider(name), orderId);
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        // The provider pushes again; the confirmation page and the operations queue re-read too.
        app.log.warn({ provider: name, orderId, status: error.status, code: error.code, correlationId: error.correlationId }, `push not applied: ${error.message}`);
      }
    });
  const KlarnaQuery = Type.Object({ klarna_order_id: Type.String({ minLength: 1, maxLength: 100 }) });

  app.post(
    '/payments/klarna/push',
    {
      schema: {
        tags: ['payments'],
        summary: "Klarna's push (provider → shop; CSRF-exempt). Answered at once; the order is re-read from Klarna afterwards",
        querystring: KlarnaQuery,
        response: { 200: Type.Object({}), ...errorResponses },
      },
    },
    async (request, reply) => {
      // Unknown ids are answered 200 too: nothing to do, and Klarna should stop retrying.
      reply.send({});
      syncLater('klarna', request.query.klarna_order_id);
      return reply;
    },
  );

  app.post(
    '/payments/klarna/notification',
    {
      schema: {
        tags: ['payments'],
        summary: "Kustom's fraud decision on a pending order (merchant_urls.notification; provider → shop; CSRF-exempt). The order is re-read from Kustom and its fraud_status followed before the answer",
        description:
          'Body {order_id, event_type: FRAUD_RISK_ACCEPTED | FRAUD_RISK_REJECTED | FRAUD_RISK_STOPPED} is only a hint: the shop reads fraud_status from order management. ACCEPTED lets staff hand the goods over; REJECTED (also after STOPPED) cancels the reservation, returns its stock and cancels the authorisation. 200 when applied (or not our order); 503 when Kustom could not be read, so the notification is sent again.',
        querystring: Type.Object({ klarna_order_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) }),
        response: { 200: Type.Object({}), ...errorResponses, 503: Type.Ref('ErrorBody') },
      },
    },
    async (request, reply) => {
      const orderId = request.query.klarna_order_id ?? orderIdOf(json(request.body).order_id);
      if (!orderId) return reply.send({});
      try {
        const status = await syncFraudDecision(runtime.context, runtime.provider('klarna'), orderId);
        app.log.info({ provider: 'klarna', orderId, event: json(request.body).event_type, fraudStatus: status }, 'fraud notification followed');
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        app.log.warn({ provider: 'klarna', orderId, status: error.status, code: error.code, correlationId: error.correlationId }, `fraud notification not applied: ${error.message}`);
        throw new HttpError(503, paymentTexts.providerDown);
      }
      return reply.send({});
    },
  );

  app.post(
    '/payments/qliro/push',
    {
      schema: {
        tags: ['payments'],
        summary: "Qliro's status push (provider → shop; CSRF-exempt). Answered at once; the order is re-read from Qliro afterwards",
        response: { 200: Type.Object({ CallbackResponse: Type.Literal('received') }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const orderId = orderIdOf(json(request.body).OrderId);
      reply.send({ CallbackResponse: 'received' as const });
      if (orderId) syncLater('qliro', orderId);
      return reply;
    },
  );

  app.post(
    '/payments/qliro/order-management/:reservationId/:token',
    {
      schema: {
        tags: ['payments'],
        summary: "Qliro's order-management notification (provider → shop; CSRF-exempt; token in the URL). Answered at once; the reservation's Qliro orders are read from Qliro afterwards",
        params: Type.Object({ reservationId: DbId(), token: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: Type.Object({ CallbackResponse: Type.Literal('received') }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { reservationId, token } = request.params;
      const expected = Buffer.from(qliroNotificationToken(reservationId, paymentsConfig().qliro.apiSecret));
      const given = Buffer.from(token);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new HttpError(404, paymentTexts.orderNotFound);
      reply.send({ CallbackResponse: 'received' as const });
      runtime.background(async () => {
        const payments = await app.database.db.select({ id: paymentOrders.id }).from(paymentOrders).where(and(eq(paymentOrders.reservationId, reservationId), eq(paymentOrders.provider, 'qliro')));
        // The notification can overtake the worker that is still writing down the admin call's answer: look again
        // a few times before leaving it to the operation's own check (PAYMENT_SENT_CHECK_MS).
        for (let round = 0; round < 5; round++) {
          let woken = 0;
          for (const p of payments) woken += await wakeSentOperations(app.database.db, p.id);
          if (woken > 0) return runtime.context.kick();
          const [unanswered] = await app.database.db
            .select({ id: paymentOperations.id })
            .from(paymentOperations)
            .where(and(inArray(paymentOperations.paymentOrderId, payments.map((p) => p.id).concat(-1)), eq(paymentOperations.state, 'sent'), isNull(paymentOperations.providerRef)))
            .limit(1);
          if (!unanswered) return;
          await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** round));
        }
      });
      return reply;
    },
  );

  app.post(
    '/payments/klarna/validate',
    {
      schema: {
        tags: ['payments'],
        summary: "KCO merchant_urls.validation (provider → shop; CSRF-exempt): 200 lets the purchase complete, 303 refuses it",
        querystring: KlarnaQuery,
        response: { 200: Type.Object({}), 303: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const order = json(request.body);
      const refusal = await validateCompletion(runtime.context, 'klarna', request.query.klarna_order_id, {
        amount: typeof order.order_amount === 'number' ? order.order_amount : null,
        reference: typeof order.merchant_reference1 === 'string' ? order.merchant_reference1 : null,
      });
      if (!refusal) return reply.send({});
      app.log.warn({ provider: 'klarna', orderId: request.query.klarna_order_id, refusal: refusal.reason }, 'purchase refused at validation');
      // Back to the payment step: trying again there shows the server's own Norwegian reason (410 expired, 409 paid)
      // or opens a fresh checkout (changed, replaced), so the texts stay in one place (payments/texts.ts).
      const origin = publicOriginOf(paymentsConfig().publicUrl, request);
      return cacheForOrigin(reply.status(303), origin, 'no-store').header('location', `${origin.origin}/checkout?steg=betaling`).send();
    },
  );

  app.post(
    '/payments/qliro/validate',
    {
      schema: {
        tags: ['payments'],
        summary: 'Qliro MerchantOrderValidationUrl (provider → shop; CSRF-exempt): 200 lets the purchase complete, 400 declines it',
        response: { 200: Type.Object({}), 400: Type.Object({ DeclineReason: Type.String(), DeclineReasonMessage: Type.String() }), 404: Type.Ref('ErrorBody') },
      },
    },
    async (request, reply) => {
      const order = json(request.body);
      const orderId = orderIdOf(order.OrderId);
      // Qliro sends the order's items (TotalPrice only sometimes): the amount is theirs, summed as ours.
      const items = Array.isArray(order.OrderItems) ? (order.OrderItems as QliroOrderItem[]).filter((i) => i && typeof i.PricePerItemIncVat === 'number' && Number.isInteger(i.Quantity)) : null;
      const total = items?.length ? qliroTotalOre(items) : typeof order.TotalPrice === 'number' ? Math.round(order.TotalPrice * 100) : null;
      const refusal = orderId
        ? await validateCompletion(runtime.context, 'qliro', orderId, { amount: total, reference: typeof order.MerchantReference === 'string' ? order.MerchantReference : null })
        : { reason: 'no OrderId', message: paymentTexts.orderNotFound };
      if (!refusal) return reply.send({});
      app.log.warn({ provider: 'qliro', orderId, refusal: refusal.reason }, 'purchase refused at validation');
      // Qliro shows DeclineReasonMessage (≤ 150 characters) to the shopper in its checkout.
      return reply.status(400).send({ DeclineReason: 'Other', DeclineReasonMessage: refusal.message.slice(0, 150) });
    },
  );
};
