/**
 * Payments (payments/): the shop side of the Klarna-type and Qliro-type checkouts.
 *   POST /payments/{provider}/orders       {reservationId, confirmationPath?} → 201 RawPaymentOrder (session's reservation)
 *   GET  /payments/{provider}/orders/{id}  → RawPaymentOrder after re-reading the provider (paid → reservation paid)
 *   POST /payments/klarna/push?klarna_order_id=…   Klarna's push (empty body) → 200 {}
 *   POST /payments/qliro/push  {OrderId, Status…}  → {"CallbackResponse":"received"}
 * The push routes are the only API routes exempt from CSRF (server/session.ts CSRF_EXEMPTIONS): the provider calls them, not a
 * browser, and they trust nothing they are told — they re-read the order from the provider before changing anything.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { RawPaymentOrder } from '@shop/contracts/types';
import { reservations } from '../../db/schema.js';
import { HttpError } from '../../server/errors.js';
import { paymentsConfig } from '../../payments/config.js';
import { providerFor } from '../../payments/providers.js';
import { isSafeReturnPath, RETURN_PATH_MAX, RETURN_PATH_TEXTS } from '../../payments/returnPath.js';
import { findPayment, ownsReservation, RESERVATION_PAID, startPayment, syncPayment, type PaymentRow } from '../../payments/service.js';
import { ProviderError, type ProviderName } from '../../payments/types.js';
import { assertSameShape, DbId, errorResponses, type SameShape } from '../shared/schema.js';

export const paymentTexts = {
  reservationNotFound: 'Fant ikke reservasjonen.',
  orderNotFound: 'Fant ikke betalingen.',
  alreadyPaid: 'Reservasjonen er allerede betalt.',
  providerDown: 'Betalingstjenesten svarer ikke akkurat nå. Prøv igjen om litt.',
} as const;

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

const toRaw = (row: PaymentRow, htmlSnippet: string): RawPaymentOrder => ({
  Provider: row.provider as ProviderName,
  OrderID: row.providerOrderId,
  ReservationID: row.reservationId,
  ShopID: row.shopId,
  Status: row.status as RawPaymentOrder['Status'],
  Amount: row.amount,
  HtmlSnippet: htmlSnippet,
});

export const paymentsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Throws ConfigError under NODE_ENV=production without an https PUBLIC_URL: the app then does not start.
  const config = paymentsConfig();
  /**
   * Where the shopper's browser and the provider reach the shop. In production always PUBLIC_URL: the Host header is
   * the sender's to choose, and a provider must never be told to send a shopper or a callback to a stranger's origin.
   */
  const publicOrigin = (request: FastifyRequest) => config.publicUrl ?? `${request.protocol}://${request.host}`;
  /** Where this process reaches itself (the stand-ins): its own listening socket when it has one. */
  const selfOrigin = (request: FastifyRequest) => {
    const address = app.server.address() as AddressInfo | string | null;
    if (address && typeof address === 'object') {
      const host = address.address === '::' || address.address === '0.0.0.0' ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
      return `http://${host}:${address.port}`;
    }
    return `${request.protocol}://${request.host}`;
  };
  const provider = (name: ProviderName, request: FastifyRequest) => providerFor(name, config, selfOrigin(request));
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ProviderError) {
        app.log.warn({ provider: error.provider, status: error.status }, error.message);
        throw new HttpError(502, paymentTexts.providerDown);
      }
      throw error;
    }
  };

  app.post(
    '/payments/:provider/orders',
    {
      schema: {
        tags: ['payments'],
        summary: 'Start a provider checkout for a reservation of this session',
        params: Type.Object({ provider: ProviderParam }),
        body: Type.Object({
          reservationId: DbId(),
          // The rule (payments/returnPath.ts) answers 422 with its own message; the schema only bounds the text.
          confirmationPath: Type.Optional(
            Type.String({ maxLength: 2000, description: `Path on this site the provider sends the shopper back to: one leading /, at most ${RETURN_PATH_MAX} characters of A–Z, a–z, 0–9 and -._~/?=&% (else 422)` }),
          ),
        }),
        response: { 201: RawPaymentOrderSchema, ...errorResponses, 409: Type.Ref('ErrorBody'), 422: Type.Ref('ErrorBody'), 502: Type.Ref('ErrorBody') },
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
      if (r.statusId === RESERVATION_PAID) throw new HttpError(409, paymentTexts.alreadyPaid);
      const origin = publicOrigin(request);
      const placeholder = name === 'klarna' ? '{checkout.order.id}' : '';
      const confirmation = `${origin}${confirmationPath ?? `/checkout?betaling=${name}&reservasjon=${r.id}`}`;
      const started = await guard(() =>
        startPayment(app.database.db, provider(name, request), r, {
          terms: `${origin}/kundeservice`,
          checkout: `${origin}/checkout`,
          confirmation: name === 'klarna' ? `${confirmation}${confirmation.includes('?') ? '&' : '?'}order_id=${placeholder}` : confirmation,
          push: name === 'klarna' ? `${origin}/api/v1/payments/klarna/push?klarna_order_id=${placeholder}` : `${origin}/api/v1/payments/qliro/push`,
        }),
      );
      return reply.status(201).send(toRaw(started.row, started.htmlSnippet));
    },
  );

  app.get(
    '/payments/:provider/orders/:id',
    {
      schema: {
        tags: ['payments'],
        summary: 'Status of a provider checkout (re-read from the provider; paid marks the reservation paid)',
        params: Type.Object({ provider: ProviderParam, id: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: RawPaymentOrderSchema, ...errorResponses, 502: Type.Ref('ErrorBody') },
      },
    },
    async (request, reply) => {
      const { provider: name, id } = request.params;
      const row = await findPayment(app.database.db, name, id);
      const session = await request.session.get();
      const [r] = row ? await app.database.db.select().from(reservations).where(eq(reservations.id, row.reservationId)) : [];
      if (!row || !r || !ownsReservation(r, session)) throw new HttpError(404, paymentTexts.orderNotFound);
      const synced = await guard(() => syncPayment(app.database.db, provider(name, request), id));
      return reply.header('cache-control', 'no-store').send(toRaw(synced!.row, synced!.htmlSnippet));
    },
  );

  app.post(
    '/payments/klarna/push',
    {
      schema: {
        tags: ['payments'],
        summary: "Klarna's push (provider → shop; CSRF-exempt, verified by re-reading the order)",
        querystring: Type.Object({ klarna_order_id: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: Type.Object({}), ...errorResponses, 502: Type.Ref('ErrorBody') },
      },
    },
    async (request) => {
      // Unknown ids are answered 200 too: nothing to do, and Klarna should stop retrying.
      await guard(() => syncPayment(app.database.db, provider('klarna', request), request.query.klarna_order_id));
      return {};
    },
  );

  app.post(
    '/payments/qliro/push',
    {
      schema: {
        tags: ['payments'],
        summary: "Qliro's status push (provider → shop; CSRF-exempt, verified by re-reading the order)",
        body: Type.Object({ OrderId: Type.Union([Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }), Type.String({ maxLength: 100 })]) }, { additionalProperties: true }),
        response: { 200: Type.Object({ CallbackResponse: Type.Literal('received') }), ...errorResponses, 502: Type.Ref('ErrorBody') },
      },
    },
    async (request) => {
      await guard(() => syncPayment(app.database.db, provider('qliro', request), String(request.body.OrderId)));
      return { CallbackResponse: 'received' as const };
    },
  );
};
