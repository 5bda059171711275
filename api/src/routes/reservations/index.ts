/**
 * POST /reservations: places a click-and-collect or home-delivery reservation from the cart (checkout/reservation.ts).
 * 201 with the RAW reservation; 422 `{message, errors}` for bad fields; 409/422 `{message, cartErrors}` when a line
 * cannot be served (sold out, limit, only click-and-collect…, or 409 with the line's `price` now when the campaign price
 * it was shown has ended: docs/adr/0019); 429 when the session, customer or client address already
 * holds as many open unpaid reservations as its cap (checkout/config.ts) — nothing is written then. A new reservation
 * holds its stock for the payment hold (RESERVATION_HOLD_MINUTES, checkout/hold.ts).
 *
 * POST /reservations/{id}/pay-in-shop {}: "Betal ved henting i butikken" (checkout/payInShop.ts) — the session's
 * click-and-collect reservation is paid when collected and held for the pickup window; 200 {ReservationID, StatusID,
 * HoldUntil}, the same when asked again; 404 not this session's, 409 paid / dealt with by the shop / the pay-in-shop
 * cap reached (RESERVATION_PAY_IN_SHOP_CAP), 410 the hold ended, 422 home delivery.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import type { RawPayInShop, RawReservation, ReservationPayload } from '@shop/contracts/types';
import { checkoutConfig } from '../../checkout/config.js';
import { choosePayInShop } from '../../checkout/payInShop.js';
import { CartLineError, createReservation } from '../../checkout/reservation.js';
import { paymentsRuntimeOf } from '../../payments/runtime.js';
import { assertSameShape, DbId, errorResponses, FlagSchema, IsoDateTime, Nullable, type SameShape } from '../shared/schema.js';
import { clientOf } from '../../server/client.js';

export const RawReservationSchema = Type.Object({
  ReservationID: Type.Integer(),
  ShopID: Type.Integer(),
  CustomerID: Nullable(Type.Integer()),
  StatusID: Type.Integer(),
  CustomerName: Type.String(),
  Email: Type.String(),
  Phone: Type.String(),
  Delivery: FlagSchema,
  Address: Type.String(),
  City: Type.String(),
  PostalCode: Type.String(),
  Total: Type.Integer(),
  TrackingUrl: Nullable(Type.String()),
  /** The end of the pickup window once the reservation is ready (status 4); the customer's history shows it. */
  PickupUntil: Type.Optional(Nullable(IsoDateTime)),
  /** Øre the provider has confirmed refunded, and whether a refund is still on its way; the customer's history shows them. */
  RefundedAmount: Type.Optional(Type.Integer({ minimum: 0 })),
  RefundPending: Type.Optional(Type.Boolean()),
  Articles: Type.Array(
    Type.Object({
      EanNo: Type.String(),
      ArticleID: Type.Integer(),
      Name: Type.String(),
      SizeName: Type.String(),
      ColorName: Type.String(),
      Count: Type.Integer(),
      Price: Type.Integer(),
      Image: Type.String(),
    }),
  ),
  DateCreated: IsoDateTime,
});
assertSameShape<SameShape<Static<typeof RawReservationSchema>, RawReservation>>();

export const ReservationPayloadSchema = Type.Object({
  CustomerName: Type.String({ maxLength: 200 }),
  Email: Type.String({ maxLength: 254 }),
  Phone: Type.String({ maxLength: 32 }),
  Delivery: FlagSchema,
  Address: Type.String({ maxLength: 200 }),
  PostalCode: Type.String({ maxLength: 10 }),
  City: Type.String({ maxLength: 100 }),
  ShopID: DbId({ minimum: 0, description: 'The pickup shop; 0 or the web stock (55) for home delivery' }),
  items: Type.Array(
    Type.Object({
      EanNo: Type.String({ minLength: 1, maxLength: 20 }),
      Count: Type.Integer({ minimum: 1, maximum: 999 }),
      CampaignArticleID: Type.Optional(Nullable(DbId({ minimum: 0 }))),
    }),
    { minItems: 1, maxItems: 100 },
  ),
  shipping_method_id: Type.String({ maxLength: 40 }),
  promocode: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
});
// The contract's payload must always be accepted (the extra optional promo code is ours).
assertSameShape<ReservationPayload extends Static<typeof ReservationPayloadSchema> ? true : false>();

export const RawPayInShopSchema = Type.Object({
  ReservationID: Type.Integer(),
  StatusID: Type.Integer(),
  HoldUntil: IsoDateTime,
});
assertSameShape<SameShape<Static<typeof RawPayInShopSchema>, RawPayInShop>>();

const CartErrorsSchema = Type.Object({
  message: Type.String(),
  cartErrors: Type.Array(
    Type.Object({
      eanNo: Type.String(),
      message: Type.String(),
      price: Type.Optional(Type.Integer({ description: 'Øre the line costs now, when the campaign price it was shown has ended' })),
    }),
  ),
});

export const reservationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { reservationCaps } = checkoutConfig();
  app.post(
    '/reservations',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Place a reservation (stock is reserved atomically)',
        body: ReservationPayloadSchema,
        response: {
          201: RawReservationSchema,
          400: Type.Ref('ErrorBody'),
          409: CartErrorsSchema,
          422: Type.Union([CartErrorsSchema, Type.Ref('ErrorBody')]),
          // Too many open reservations (ErrorBody), or a line passing the units one shopper may hold unpaid (cartErrors).
          429: Type.Union([CartErrorsSchema, Type.Ref('ErrorBody')]),
        },
      },
    },
    async (request, reply) => {
      const session = await request.session.get();
      const body = request.body;
      try {
        const reservation = await createReservation(
          app.database.db,
          // 0 names no campaign (row ids start at 1): ajv's type coercion turns a null here into 0 before it is read.
          { ...body, items: body.items.map((i) => ({ ...i, CampaignArticleID: i.CampaignArticleID || null })) },
          // The client behind a trusted proxy (TRUST_PROXY), else the connection's address; an IPv6 client as its /64.
          { customerId: session?.customerId ?? null, sessionId: session?.id ?? null, clientAddress: clientOf(request) },
          { caps: reservationCaps },
        );
        return reply.status(201).send(reservation);
      } catch (error) {
        if (error instanceof CartLineError) {
          return reply.status(error.statusCode as 409 | 422 | 429).send({ message: error.message, cartErrors: error.cartErrors });
        }
        throw error;
      }
    },
  );

  app.post(
    '/reservations/:id/pay-in-shop',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Pay in the shop when collecting ("Betal ved henting i butikken"): the click-and-collect reservation of this session is held for the pickup window',
        description:
          "Only the reservation's own session (or its logged-in customer); only click-and-collect (422 for home delivery), unpaid with its payment hold running (410 once it has ended, 409 when paid or dealt with by the shop). The hold becomes the pickup window (RESERVATION_PICKUP_HOURS) from now and any open online checkout of the reservation is given up. Asked again: 200 with the same hold, never extended. 409 when the session, customer or client address already holds RESERVATION_PAY_IN_SHOP_CAP open reservations to be paid in the shop: the reservation keeps its payment hold and can still be paid online. Body: an empty JSON object.",
        params: Type.Object({ id: DbId() }),
        body: Type.Object({}, { description: 'Nothing to send: {}' }),
        response: { 200: RawPayInShopSchema, ...errorResponses, 409: Type.Ref('ErrorBody'), 410: Type.Ref('ErrorBody'), 422: Type.Ref('ErrorBody') },
      },
    },
    async (request, reply) => {
      const session = await request.session.get();
      const chosen = await choosePayInShop(app.database.db, request.params.id, session, {
        cap: reservationCaps.payInShop,
        // A given-up checkout's void, or an expiry's: the payments runtime runs them soon (routes/payments registers it).
        kick: () => paymentsRuntimeOf(app.database)?.context.kick(),
      });
      const body: RawPayInShop = { ReservationID: chosen.reservationId, StatusID: chosen.statusId, HoldUntil: chosen.holdUntil.toISOString() };
      return reply.header('cache-control', 'no-store').send(body);
    },
  );
};
