/**
 * GET /promocodes (codes valid now, public fields) and GET /promocodes/check/{code} (case-insensitive; 404 unknown,
 * 422 outside its validity window, both with a Norwegian message the promo-code modal shows as it is).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, eq, gt, lte, or, isNull, sql } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { RawPromocode } from '@shop/contracts/types';
import { promocodes } from '../../db/schema.js';
import { HttpError } from '../../server/errors.js';
import { promoState, promoTexts } from '../../checkout/rules.js';
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

/** The code row by its name (case-insensitive), or null. */
export async function findPromocode(db: import('../../db/index.js').Db, code: string): Promise<PromoRow | null> {
  const [row] = await db.select().from(promocodes).where(eq(sql`lower(${promocodes.name})`, code.trim().toLowerCase()));
  return row ?? null;
}

/** The code when it can be used now; HttpError 404/422 with the shopper's text otherwise. */
export async function usablePromocode(db: import('../../db/index.js').Db, code: string, now = new Date()): Promise<PromoRow> {
  const row = await findPromocode(db, code);
  if (!row) throw new HttpError(404, promoTexts.unknown);
  const state = promoState(row, now);
  if (state === 'expired') throw new HttpError(422, promoTexts.expired);
  if (state === 'not-yet-valid') throw new HttpError(422, promoTexts.notYetValid);
  return row;
}

export const promocodesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/promocodes',
    { schema: { tags: ['checkout'], summary: 'Promo codes valid now', response: { 200: Type.Array(RawPromocodeSchema) } } },
    async (_request, reply) => {
      const now = new Date();
      const rows = await app.database.db
        .select()
        .from(promocodes)
        .where(and(lte(promocodes.validFrom, now), or(isNull(promocodes.validTo), gt(promocodes.validTo, now))))
        .orderBy(asc(promocodes.id));
      return reply.header('cache-control', 'no-store').send(rows.map(toRawPromocode));
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
      const row = await usablePromocode(app.database.db, request.params.code);
      return reply.header('cache-control', 'no-store').send(toRawPromocode(row));
    },
  );
};
