/** GET /bestsellers: the ranks of web-visible bestsellers, best first (quantity rank, or turnover rank on request). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { asc, eq } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { RawBestseller } from '@shop/contracts/types';
import { articles, bestsellers } from '../../db/schema.js';
import { assertSameShape, errorResponses, type SameShape } from '../shared/schema.js';

export const RawBestsellerSchema = Type.Object({
  article_id: Type.Integer(),
  qty_rank: Type.Integer(),
  turnover_rank: Type.Integer(),
});
assertSameShape<SameShape<Static<typeof RawBestsellerSchema>, RawBestseller>>();

export const bestsellersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/bestsellers',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Bestseller ranks of web-visible articles, best first',
        querystring: Type.Object({
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 50, description: 'How many' })),
          orderBy: Type.Optional(Type.Enum(['qty_rank', 'turnover_rank'], { default: 'qty_rank' })),
        }),
        response: { 200: Type.Array(RawBestsellerSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { limit = 50, orderBy = 'qty_rank' } = request.query;
      const rank = orderBy === 'turnover_rank' ? bestsellers.turnoverRank : bestsellers.qtyRank;
      const rows = await app.database.db
        .select({ article_id: bestsellers.articleId, qty_rank: bestsellers.qtyRank, turnover_rank: bestsellers.turnoverRank })
        .from(bestsellers)
        .innerJoin(articles, eq(articles.id, bestsellers.articleId))
        .where(eq(articles.visibleOnWeb, true))
        .orderBy(asc(rank), asc(bestsellers.articleId))
        .limit(limit);
      const body: RawBestseller[] = rows;
      return reply.send(body);
    },
  );
};
