/**
 * GET /promocodes (codes valid now that the asking shopper's kind may use, public fields) and
 * GET /promocodes/check/{code} (case-insensitive; the verdict of checkout/promocodes.ts for the session's customer:
 * 404 unknown, 422 outside its validity window, a member code without a logged-in club member, a welcome code this
 * customer already used, a code used up — each with a Norwegian message the cart shows as it is).
 *
 * Member codes are listed only to logged-in club members (decision): they are a club benefit, a non-member could not
 * use one anyway, and listing them to everyone only invites trying them. Cart and welcome codes are listed to all.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, gt, lte, ne, or, isNull } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { RawPromocode } from '@shop/contracts/types';
import { promocodes } from '../../db/schema.js';
import { HttpError } from '../../server/errors.js';
import { sessionCustomer } from '../../accounts/services.js';
import { checkPromocode, type PromoShopper } from '../../checkout/promocodes.js';
import { assertSameShape, errorResponses, FlagSchema, flag, IsoDateTime, Nullable, type SameShape } from '../shared/schema.js';

export const RawPromocodeSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  valid_from: IsoDateTime,
  valid_to: Nullable(IsoDateTime),
  fixed: FlagSchema,
  amount: Type.Integer({ description: 'øre when fixed = 1, else a percentage' }),
  type: Type.String(),
});
assertSameShape<SameShape<Static<typeof RawPromocodeSchema>, RawPromocode>>();

type PromoRow = typeof promocodes.$inferSelect;

export function toRawPromocode(row: PromoRow): RawPromocode {
  return {
    id: row.id,
    name: row.name,
    valid_from: row.validFrom.toISOString(),
    valid_to: row.validTo ? row.validTo.toISOString() : null,
    fixed: flag(row.fixed),
    amount: row.amount,
    type: row.type,
  };
}

export const promocodesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/promocodes',
    { schema: { tags: ['checkout'], summary: 'Promo codes valid now', response: { 200: Type.Array(RawPromocodeSchema) } } },
    async (request, reply) => {
      const now = new Date();
      const customer = await sessionCustomer(app.database.db, request);
      const rows = await app.database.db
        .select()
        .from(promocodes)
        .where(
          and(
            lte(promocodes.validFrom, now),
            or(isNull(promocodes.validTo), gt(promocodes.validTo, now)),
            customer?.club ? undefined : ne(promocodes.type, 'member'),
          ),
        )
        .orderBy(asc(promocodes.id));
      // Private: a club member's list holds the member codes.
      return reply.header('cache-control', 'private, no-store').send(rows.map(toRawPromocode));
    },
  );

  app.get(
    '/promocodes/check/:code',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Check one promo code',
        params: Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: RawPromocodeSchema, ...errorResponses, 422: Type.Ref('ErrorBody') },
      },
    },
    async (request, reply) => {
      const db = app.database.db;
      const customer = await sessionCustomer(db, request);
      // The e-mail is not known before checkout: a welcome code is decided for the customer here, for the e-mail then.
      const shopper: PromoShopper = { customer: customer && { id: customer.id, club: customer.club, email: customer.email }, email: null };
      const { promo, verdict } = await checkPromocode(db, request.params.code, shopper);
      if (!verdict.ok) throw new HttpError(verdict.status, verdict.message);
      return reply.header('cache-control', 'private, no-store').send(toRawPromocode(promo!));
    },
  );
};
