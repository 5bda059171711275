/**
 * GET /articles/availability/{id}: fresh per-shop stock of a web-visible article's variants (the product page asks
 * again when the shopper picks a shop, without reloading reviews and texts). Hidden articles are not answered.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { RawArticleAvailability } from '@shop/contracts/types';
import { articles } from '../../db/schema.js';
import { HttpError } from '../../server/errors.js';
import { ARTICLE_NOT_FOUND } from '../articles/index.js';
import { loadVariants } from '../articles/load.js';
import { RawVariantSchema } from '../articles/schema.js';
import { assertSameShape, errorResponses, type SameShape } from '../shared/schema.js';

export const RawArticleAvailabilitySchema = Type.Object({ ArticleID: Type.Integer(), Variants: Type.Array(RawVariantSchema) });
assertSameShape<SameShape<Static<typeof RawArticleAvailabilitySchema>, RawArticleAvailability>>();

export const availabilityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/articles/availability/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: "Stock per shop of a web-visible article's variants",
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
        response: { 200: RawArticleAvailabilitySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { db } = app.database;
      const { id } = request.params;
      const [article] = await db
        .select({ group3Id: articles.group3Id })
        .from(articles)
        .where(and(eq(articles.id, id), eq(articles.visibleOnWeb, true)));
      if (!article) throw new HttpError(404, ARTICLE_NOT_FOUND);
      const body: RawArticleAvailability = { ArticleID: id, Variants: await loadVariants(db, id, article.group3Id) };
      // Stock moves with every reservation: never cached.
      return reply.header('cache-control', 'no-store').send(body);
    },
  );
};
