/**
 * The logged-in customer's own history (SPEC §7): reservations, orders (VAT derived) and reviews, paged; and
 * writing a review of an article the customer bought (shown on the product page once approved).
 * Every query filters on the session's customer, so no id from the client can reach another customer's rows.
 * Nobody logged in → 401 (SPEC §8: "History or review fetch with 401 clears the user").
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { and, count, desc, eq, exists, inArray, ne, sql } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import { authErrorTexts } from '@shop/contracts/texts/forms';
import { RESERVATION_STATUSES } from '@shop/contracts/constants';
import type { RawCustomerOrder, RawPaginated, RawReservation, RawReview } from '@shop/contracts/types';
import {
  orderLines,
  orders,
  paymentOperations,
  paymentOrders,
  reservationLines,
  reservations,
  reviews,
  variants,
} from '../../db/schema.js';
import type { Db } from '../../db/index.js';
import { HttpError } from '../../server/errors.js';
import { reservationLinesWithNames } from '../../checkout/lines.js';
import { sessionCustomer, type CustomerRow } from '../../accounts/services.js';
import { HISTORY_PAGE_SIZE, pageMeta, vatBreakdown } from '../../accounts/history.js';
import { articleImageUrl } from '../images/urls.js';
import { RawReviewSchema } from '../articles/schema.js';
// The reservation's shape is the one POST /reservations answers with: one schema for both.
import { RawReservationSchema } from '../reservations/index.js';
import { assertSameShape, DbId, FlagSchema, flag, IsoDateTime, Nullable, PageMetaSchema, type SameShape } from '../shared/schema.js';
import { invalid, rejectInvalidSchema } from './auth.js';

const PageQuery = Type.Object({ page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }) });
const paged = <T extends Parameters<typeof Type.Array>[0]>(item: T) => Type.Object({ data: Type.Array(item), meta: PageMetaSchema });


export const RawCustomerOrderSchema = Type.Object({
  OrderID: Type.Integer(),
  VatPercentage: Type.Integer(),
  Vat: Type.Integer(),
  NetAmount: Type.Integer(),
  Total: Type.Integer(),
  OrderLines: Type.Array(
    Type.Object({ EanNo: Type.String(), ArticleID: Type.Integer(), Name: Type.String(), Count: Type.Integer(), Price: Type.Integer() }),
  ),
  DateCreated: IsoDateTime,
});
assertSameShape<SameShape<Static<typeof RawCustomerOrderSchema>, RawCustomerOrder>>();

const ReviewBody = Type.Object({
  article_id: DbId(),
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  content: Type.String({ minLength: 1, maxLength: 5000 }),
  true_to_size: Type.Optional(Nullable(Type.Integer({ minimum: -1, maximum: 1 }))),
  size_color: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  anonymous: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Boolean()])),
});

export const reviewTexts = {
  notBought: 'Du kan bare skrive en anmeldelse av varer du har kjøpt.',
  emptyContent: 'Skriv noen ord om varen',
} as const;

/** Reservation statuses that mean the goods were paid for or handed over: the one status table's `bought`. */
const BOUGHT_RESERVATION_STATUSES: number[] = RESERVATION_STATUSES.filter((s) => s.bought).map((s) => s.id);

async function customerOrThrow(db: Db, request: FastifyRequest): Promise<CustomerRow> {
  const customer = await sessionCustomer(db, request);
  if (!customer) throw new HttpError(401, authErrorTexts[404]);
  return customer;
}

export async function hasBought(db: Db, customerId: number, articleId: number): Promise<boolean> {
  const [viaOrder] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .innerJoin(variants, eq(variants.ean, orderLines.ean))
    .where(and(eq(orders.customerId, customerId), ne(orders.status, 'cancelled'), eq(variants.articleId, articleId)))
    .limit(1);
  if (viaOrder) return true;
  const [viaReservation] = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.customerId, customerId),
        inArray(reservations.statusId, BOUGHT_RESERVATION_STATUSES),
        exists(
          db
            .select({ one: sql`1` })
            .from(reservationLines)
            .where(and(eq(reservationLines.reservationId, reservations.id), eq(reservationLines.articleId, articleId))),
        ),
      ),
    )
    .limit(1);
  return Boolean(viaReservation);
}

/**
 * Per reservation: øre refunded as the provider confirmed it (payment_orders.refundedAmount moves only then) and
 * whether a refund is still queued or at the provider ("Refusjon behandles" in the history).
 */
async function refundsOf(db: Db, reservationIds: number[]): Promise<Map<number, { refunded: number; pending: boolean }>> {
  const out = new Map<number, { refunded: number; pending: boolean }>();
  if (!reservationIds.length) return out;
  const [paid, pending] = await Promise.all([
    db
      .select({ reservationId: paymentOrders.reservationId, refunded: sql<number>`sum(${paymentOrders.refundedAmount})::int` })
      .from(paymentOrders)
      .where(inArray(paymentOrders.reservationId, reservationIds))
      .groupBy(paymentOrders.reservationId),
    db
      .selectDistinct({ reservationId: paymentOperations.reservationId })
      .from(paymentOperations)
      .where(and(inArray(paymentOperations.reservationId, reservationIds), eq(paymentOperations.kind, 'refund'), inArray(paymentOperations.state, ['queued', 'sent']))),
  ]);
  for (const p of paid) out.set(p.reservationId, { refunded: Number(p.refunded ?? 0), pending: false });
  for (const p of pending) out.set(p.reservationId, { refunded: out.get(p.reservationId)?.refunded ?? 0, pending: true });
  return out;
}

function ownReview(r: typeof reviews.$inferSelect, customer: CustomerRow): RawReview {
  return {
    id: r.id,
    content: r.content,
    reply: r.reply,
    customer: { id: customer.id, first_name: customer.firstName, last_name: customer.lastName },
    rating: r.rating,
    approved: flag(r.approved),
    created_at: r.createdAt.toISOString(),
    reviewable_id: r.reviewableId,
    reviewable_type: r.reviewableType,
    true_to_size: r.trueToSize,
    size_color: r.sizeColor,
    anonymous: flag(r.anonymous),
  };
}

export function historyRoutes(): FastifyPluginAsyncTypebox {
  return async (app) => {
    const db = app.database.db;

    app.get(
      '/customers/current/reservations',
      {
        schema: {
          tags: ['customers'],
          summary: "The logged-in customer's reservations, newest first, 10 a page",
          querystring: PageQuery,
          response: { 200: paged(RawReservationSchema) },
        },
      },
      async (request, reply) => {
        const customer = await customerOrThrow(db, request);
        const page = request.query.page;
        const mine = eq(reservations.customerId, customer.id);
        const [total, rows] = await Promise.all([
          db.select({ n: count() }).from(reservations).where(mine),
          db
            .select()
            .from(reservations)
            .where(mine)
            .orderBy(desc(reservations.createdAt), desc(reservations.id))
            .limit(HISTORY_PAGE_SIZE)
            .offset((page - 1) * HISTORY_PAGE_SIZE),
        ]);
        const ids = rows.map((r) => r.id);
        const [lines, money] = await Promise.all([reservationLinesWithNames(db, ids), refundsOf(db, ids)]);
        const data: RawReservation[] = rows.map((r) => ({
          ReservationID: r.id,
          ShopID: r.shopId,
          CustomerID: r.customerId,
          StatusID: r.statusId,
          CustomerName: r.name,
          Email: r.email,
          Phone: r.phone,
          Delivery: flag(r.delivery === 'delivery'),
          Address: r.address ?? '',
          City: r.city ?? '',
          PostalCode: r.zipcode ?? '',
          Total: r.total,
          TrackingUrl: r.trackingUrl,
          PickupUntil: r.pickupUntil?.toISOString() ?? null,
          RefundedAmount: money.get(r.id)?.refunded ?? 0,
          RefundPending: money.get(r.id)?.pending ?? false,
          Articles: lines
            .filter((l) => l.line.reservationId === r.id)
            .map((l) => ({
              EanNo: l.line.ean,
              ArticleID: l.line.articleId,
              Name: l.line.name,
              SizeName: l.size ?? '',
              ColorName: l.color ?? '',
              Count: l.line.count,
              Price: l.line.price,
              Image: articleImageUrl(l.group3Id, l.hex ?? '9aa5a0'),
            })),
          DateCreated: r.createdAt.toISOString(),
        }));
        const body: RawPaginated<RawReservation> = { data, meta: pageMeta(page, HISTORY_PAGE_SIZE, total[0]?.n ?? 0) };
        return reply.header('cache-control', 'no-store').send(body);
      },
    );

    app.get(
      '/customers/current/orders',
      {
        schema: {
          tags: ['customers'],
          summary: "The logged-in customer's orders with the VAT breakdown, newest first, 10 a page",
          querystring: PageQuery,
          response: { 200: paged(RawCustomerOrderSchema) },
        },
      },
      async (request, reply) => {
        const customer = await customerOrThrow(db, request);
        const page = request.query.page;
        const mine = eq(orders.customerId, customer.id);
        const [total, rows] = await Promise.all([
          db.select({ n: count() }).from(orders).where(mine),
          db
            .select()
            .from(orders)
            .where(mine)
            .orderBy(desc(orders.createdAt), desc(orders.id))
            .limit(HISTORY_PAGE_SIZE)
            .offset((page - 1) * HISTORY_PAGE_SIZE),
        ]);
        const ids = rows.map((r) => r.id);
        const lines = ids.length
          ? await db
              .select({ line: orderLines, articleId: variants.articleId })
              .from(orderLines)
              .leftJoin(variants, eq(variants.ean, orderLines.ean))
              .where(inArray(orderLines.orderId, ids))
              .orderBy(orderLines.id)
          : [];
        const data: RawCustomerOrder[] = rows.map((o) => ({
          OrderID: o.id,
          VatPercentage: o.vatPercentage,
          ...vatBreakdown(o.total, o.vatPercentage),
          Total: o.total,
          OrderLines: lines
            .filter((l) => l.line.orderId === o.id)
            .map((l) => ({ EanNo: l.line.ean, ArticleID: l.articleId ?? 0, Name: l.line.name, Count: l.line.count, Price: l.line.price })),
          DateCreated: o.createdAt.toISOString(),
        }));
        const body: RawPaginated<RawCustomerOrder> = { data, meta: pageMeta(page, HISTORY_PAGE_SIZE, total[0]?.n ?? 0) };
        return reply.header('cache-control', 'no-store').send(body);
      },
    );

    app.get(
      '/customers/current/reviews',
      {
        schema: {
          tags: ['customers'],
          summary: "The logged-in customer's own reviews (approved or waiting), newest first, 10 a page",
          querystring: PageQuery,
          response: { 200: paged(RawReviewSchema) },
        },
      },
      async (request, reply) => {
        const customer = await customerOrThrow(db, request);
        const page = request.query.page;
        const mine = eq(reviews.customerId, customer.id);
        const [total, rows] = await Promise.all([
          db.select({ n: count() }).from(reviews).where(mine),
          db
            .select()
            .from(reviews)
            .where(mine)
            .orderBy(desc(reviews.createdAt), desc(reviews.id))
            .limit(HISTORY_PAGE_SIZE)
            .offset((page - 1) * HISTORY_PAGE_SIZE),
        ]);
        const body: RawPaginated<RawReview> = {
          data: rows.map((r) => ownReview(r, customer)),
          meta: pageMeta(page, HISTORY_PAGE_SIZE, total[0]?.n ?? 0),
        };
        return reply.header('cache-control', 'no-store').send(body);
      },
    );

    app.post(
      '/customers/current/reviews',
      {
        attachValidation: true,
        schema: {
          tags: ['customers'],
          summary: 'Write a review of a bought article; it is shown on the product page once approved',
          body: ReviewBody,
          response: { 201: RawReviewSchema },
        },
      },
      async (request, reply) => {
        const customer = await customerOrThrow(db, request);
        rejectInvalidSchema(request);
        const body = request.body;
        if (!body.content.trim()) throw invalid([{ field: 'content', message: reviewTexts.emptyContent }]);
        if (!(await hasBought(db, customer.id, body.article_id))) throw new HttpError(403, reviewTexts.notBought);
        const [row] = await db
          .insert(reviews)
          .values({
            reviewableType: 'article',
            reviewableId: body.article_id,
            customerId: customer.id,
            customerName: body.anonymous ? null : `${customer.firstName} ${customer.lastName.charAt(0)}.`,
            content: body.content.trim(),
            rating: body.rating,
            approved: false,
            trueToSize: body.true_to_size ?? null,
            sizeColor: body.size_color?.trim() || null,
            anonymous: body.anonymous === 1 || body.anonymous === true,
          })
          .returning();
        return reply.status(201).send(ownReview(row!, customer));
      },
    );
  };
}

