/**
 * GET /articles/brand: the house brand's web-visible articles (the shop front fetches them at start-up), bestsellers
 * first. The house brand is the product line flagged `house_brand` (the chain's own label).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, eq, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { RawArticle } from '@shop/contracts/types';
import { norwegianOrder } from '../../db/norwegian.js';
import { articles, bestsellers, productLines } from '../../db/schema.js';
import { loadArticles } from '../articles/load.js';
import { RawArticleSchema } from '../articles/schema.js';
import { errorResponses } from '../shared/schema.js';

export const brandRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/articles/brand',
    {
      schema: {
        tags: ['catalogue'],
        summary: "The house brand's web-visible articles, bestsellers first",
        querystring: Type.Object({
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 24, description: 'How many' })),
        }),
        response: { 200: Type.Array(RawArticleSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { db } = app.database;
      const rows = await db
        .select({ id: articles.id })
        .from(articles)
        .innerJoin(productLines, eq(productLines.id, articles.productLineId))
        .leftJoin(bestsellers, eq(bestsellers.articleId, articles.id))
        .where(and(eq(productLines.houseBrand, true), eq(articles.visibleOnWeb, true)))
        .orderBy(sql`coalesce(${bestsellers.qtyRank}, 9999)`, ...norwegianOrder(articles.name, 'asc', articles.nameSort), asc(articles.id))
        .limit(request.query.limit ?? 24);
      const body: RawArticle[] = await loadArticles(db, rows.map((r) => r.id));
      return reply.send(body);
    },
  );
};
