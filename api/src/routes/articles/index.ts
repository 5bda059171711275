/**
 * GET /articles/{idOrSlug}: the product page's article. Numeric → by id, else by the unique slug.
 * Invisible articles are answered too, with VisibleOnWeb 0, so the client can send the shopper back (SPEC §5).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { RawArticleDetail } from '@shop/contracts/types';
import { HttpError } from '../../server/errors.js';
import { errorResponses } from '../shared/schema.js';
import { findArticleId, loadArticleDetail } from './load.js';
import { RawArticleDetailSchema } from './schema.js';

export const ARTICLE_NOT_FOUND = 'Fant ikke produktet.';

export const articlesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/articles/:idOrSlug',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One article with variants, stock per shop, approved reviews and active campaign prices',
        params: Type.Object({
          idOrSlug: Type.String({ minLength: 1, maxLength: 200, description: 'Article id, or its slug' }),
        }),
        response: { 200: RawArticleDetailSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { db } = app.database;
      const id = await findArticleId(db, request.params.idOrSlug);
      const detail: RawArticleDetail | null = id === null ? null : await loadArticleDetail(db, id);
      if (!detail) throw new HttpError(404, ARTICLE_NOT_FOUND);
      return reply.send(detail);
    },
  );
};
