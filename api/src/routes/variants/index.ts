/**
 * GET /variants/{id}: one web-visible variant with its article — what the cart reads when it is asked to add "this
 * variant, this many" (docs/adr/0016): the price the catalogue shows (running campaigns applied), pant, freight, the
 * web purchase limit, click-and-collect only, and the variant's stock per shop in the order whose first shop is the
 * line's ceiling (SPEC §4, `compareVariantShops`). Hidden articles and unknown variants answer 404.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { RawCartVariant } from '@shop/contracts/types';
import { articles, variants } from '../../db/schema.js';
import { HttpError } from '../../server/errors.js';
import { loadArticles, loadVariants } from '../articles/load.js';
import { RawArticleSchema, RawVariantSchema } from '../articles/schema.js';
import { assertSameShape, errorResponses, type SameShape } from '../shared/schema.js';

export const VARIANT_NOT_FOUND = 'Fant ikke varen.';

export const RawCartVariantSchema = Type.Object({ Article: RawArticleSchema, Variant: RawVariantSchema });
assertSameShape<SameShape<Static<typeof RawCartVariantSchema>, RawCartVariant>>();

export const variantsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/variants/:id',
    {
      schema: {
        tags: ['checkout'],
        summary: 'One web-visible variant with its article and stock per shop: what the cart prices and limits a line from',
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'Variant id' }) }),
        response: { 200: RawCartVariantSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { db } = app.database;
      const [row] = await db
        .select({ articleId: variants.articleId, group3Id: articles.group3Id })
        .from(variants)
        .innerJoin(articles, eq(articles.id, variants.articleId))
        .where(and(eq(variants.id, request.params.id), eq(articles.visibleOnWeb, true)));
      if (!row) throw new HttpError(404, VARIANT_NOT_FOUND);
      const [[article], all] = await Promise.all([loadArticles(db, [row.articleId]), loadVariants(db, row.articleId, row.group3Id)]);
      const variant = all.find((v) => v.VariantID === request.params.id);
      if (!article || !variant) throw new HttpError(404, VARIANT_NOT_FOUND);
      const body: RawCartVariant = { Article: article, Variant: variant };
      // Stock and campaign prices move: the cart must read them as they are now.
      return reply.header('cache-control', 'no-store').send(body);
    },
  );
};
