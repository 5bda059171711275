/**
 * The shop workspace's API (/api/v1/staff/…, docs/adr/0013): who is signed in, the queue of a shop, one reservation
 * with its audit trail, and the actions on it (fulfilment/actions.ts). Shop staff see and act on their shops'
 * reservations only; customer service and admin on all. Nothing here is cached (private, no-store).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, count, desc, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { Type } from 'typebox';
import { RESERVATION_STATUSES } from '@shop/contracts/constants';
import type { StaffMe } from '@shop/contracts/types';
import { reservationLines, reservations, shops } from '../../db/schema.js';
import { pageMeta } from '../../accounts/history.js';
import { publicUrlOf } from '../../accounts/services.js';
import { HttpError } from '../../server/errors.js';
import { paymentsRuntimeOf } from '../../payments/runtime.js';
import { canRefund, requireFulfilmentStaff, reservationInShops } from '../../fulfilment/access.js';
import { afterOperationConfirmed, performAction, sweepEndedPickups, type FulfilmentContext } from '../../fulfilment/actions.js';
import type { StaffAction } from '../../fulfilment/rules.js';
import { fulfilmentTexts } from '../../fulfilment/texts.js';
import { staffReservationDetail, staffReservations } from '../../fulfilment/view.js';
import { DbId, errorResponses } from '../shared/schema.js';
import { ActionBodies, QueueQuery, StaffMeSchema, StaffQueuePageSchema, StaffReservationDetailSchema } from './schema.js';

export const STAFF_QUEUE_PAGE_SIZE = 20;
const OPEN_STATUSES = RESERVATION_STATUSES.filter((s) => s.open).map((s) => s.id);
const denied = { 401: Type.Ref('ErrorBody'), 403: Type.Ref('ErrorBody') };
const NO_STORE = 'private, no-store';

/** The queue's shops: where reservations are picked up, and home deliveries sent from a shop's stock. */
function inShops(shopIds: number[]): SQL {
  return or(
    inArray(reservations.shopId, shopIds),
    and(
      eq(reservations.delivery, 'delivery'),
      exists(sql`(select 1 from ${reservationLines} where ${reservationLines.reservationId} = ${reservations.id} and ${inArray(reservationLines.stockShopId, shopIds)})`),
    ),
  )!;
}

/** Reservation number, name, phone (digits) or e-mail. */
function matching(q: string): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = text.replace(/\D/g, '');
  const conditions: SQL[] = [ilike(reservations.name, like), ilike(reservations.email, like)];
  if (/^\d{1,9}$/.test(text)) conditions.push(eq(reservations.id, Number(text)));
  if (digits.length >= 3) conditions.push(sql`${reservations.phone} like ${`%${digits}%`}`);
  return or(...conditions);
}

export const staffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.database.db;
  const payments = paymentsRuntimeOf(app.database)!;
  const ctx: FulfilmentContext = { db, mailer: app.mailer, publicUrl: publicUrlOf(), operations: payments.operations, kick: () => payments.context.kick() };
  // A refund is the customer's once the provider confirms it: status, audit entry and mail then (payments/operations.ts).
  payments.operations.onConfirmed = async (tx, op) => {
    const mail = await afterOperationConfirmed(tx, op, app.mailer, ctx.publicUrl);
    return mail ? () => void app.mailer.deliver(mail) : undefined;
  };
  // Every process's payments timer also ends pickup windows (exactly once: SKIP LOCKED).
  payments.onSweep(async () => {
    const ended = await sweepEndedPickups(ctx);
    if (ended.length) app.log.info({ reservations: ended }, 'pickup windows ended: not collected, stock returned');
  });

  app.get(
    '/staff/me',
    { schema: { tags: ['staff'], summary: 'Who is signed in to the shop workspace and for which shops', response: { 200: StaffMeSchema, ...denied } } },
    async (request, reply) => {
      const staff = await requireFulfilmentStaff(db, request);
      const rows = await db.select({ id: shops.id, name: shops.name }).from(shops).where(staff.shopIds ? inArray(shops.id, staff.shopIds.length ? staff.shopIds : [-1]) : undefined).orderBy(shops.id);
      const me: StaffMe = { id: staff.id, name: staff.name, email: staff.email, role: staff.role, shops: rows, canRefund: canRefund(staff) };
      return reply.header('cache-control', NO_STORE).send(me);
    },
  );

  app.get(
    '/staff/reservations',
    {
      schema: {
        tags: ['staff'],
        summary: "A shop's queue: click-and-collect reservations, home deliveries from the web warehouse or the shop's stock; newest first, 20 a page",
        querystring: QueueQuery,
        response: { 200: StaffQueuePageSchema, ...errorResponses, ...denied },
      },
    },
    async (request, reply) => {
      const staff = await requireFulfilmentStaff(db, request);
      const { shopId, status, q, page } = request.query;
      if (shopId !== undefined && staff.shopIds && !staff.shopIds.includes(shopId)) throw new HttpError(403, fulfilmentTexts.otherShop);
      const shopIds = shopId !== undefined ? [shopId] : staff.shopIds;
      const statuses = status ? status.split(',').map(Number) : OPEN_STATUSES;
      const where = and(inArray(reservations.statusId, statuses), shopIds ? inShops(shopIds.length ? shopIds : [-1]) : undefined, q ? matching(q) : undefined);
      const [total, rows] = await Promise.all([
        db.select({ n: count() }).from(reservations).where(where),
        db.select().from(reservations).where(where).orderBy(desc(reservations.createdAt), desc(reservations.id)).limit(STAFF_QUEUE_PAGE_SIZE).offset((page - 1) * STAFF_QUEUE_PAGE_SIZE),
      ]);
      const data = await staffReservations(db, rows);
      return reply.header('cache-control', NO_STORE).send({ data, meta: pageMeta(page, STAFF_QUEUE_PAGE_SIZE, total[0]?.n ?? 0) });
    },
  );

  app.get(
    '/staff/reservations/:id',
    {
      schema: {
        tags: ['staff'],
        summary: 'One reservation with its lines, payment and audit trail (404 outside your shops)',
        params: Type.Object({ id: DbId() }),
        response: { 200: StaffReservationDetailSchema, ...errorResponses, ...denied },
      },
    },
    async (request, reply) => {
      const staff = await requireFulfilmentStaff(db, request);
      const detail = await staffReservationDetail(db, request.params.id);
      if (!detail || !reservationInShops(detail, detail.lines.map((l) => l.stockShopId), staff.shopIds)) throw new HttpError(404, fulfilmentTexts.notFound);
      return reply.header('cache-control', NO_STORE).send(detail);
    },
  );

  const summaries: Record<StaffAction, string> = {
    ready: '"Klar til henting": starts the pickup window and e-mails the customer (click-and-collect, paid or to be paid in the shop)',
    collected:
      '"Hentet" of a reservation paid online: the lines handed over (default all); captures exactly that (or records a capture made by hand before), releases the rest, returns the rest to stock. 422 while the payment is cancelled, late, mismatched, refunded or has an operation unsettled, and for a reservation not paid online ("Betalt i butikken")',
    'paid-in-shop':
      '"Betalt i butikken": the customer paid at the till and took the lines handed over (default all); only for a click-and-collect no online payment ever held money for (422 otherwise); no provider operation, its own audit entry',
    'not-collected': '"Ikke hentet" after the pickup window: cancels the authorisation, returns the stock, e-mails the customer',
    shipped: '"Sendt" with an https tracking URL: captures what is sent, e-mails the tracking link',
    'remove-line': 'Removes units of a line before hand-over or shipping (restock: back on the shelf); nothing left = cancelled',
    refund: 'Refunds captured money by lines or amount, with a reason (customer service and admin)',
    returned: 'Goods back in a shop: their units return to that shop’s stock (no money moves)',
  };
  for (const action of Object.keys(ActionBodies) as StaffAction[]) {
    app.post(
      `/staff/reservations/:id/${action}`,
      {
        schema: {
          tags: ['staff'],
          summary: summaries[action],
          description:
            'One transaction under the reservation’s row lock. 409: the version is not the current one (a stale screen; the message says who changed it) or the status does not allow it; 422: the action does not fit. The same requestKey again returns the reservation as it is, doing nothing twice.',
          params: Type.Object({ id: DbId() }),
          body: ActionBodies[action],
          response: { 200: StaffReservationDetailSchema, ...errorResponses, ...denied, 409: Type.Ref('ErrorBody'), 422: Type.Ref('ErrorBody') },
        },
      },
      async (request, reply) => {
        const staff = await requireFulfilmentStaff(db, request);
        const detail = await performAction(ctx, staff, request.params.id, action, request.body as Parameters<typeof performAction>[4]);
        return reply.header('cache-control', NO_STORE).send(detail);
      },
    );
  }
};
