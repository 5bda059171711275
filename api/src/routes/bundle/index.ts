/**
 * GET /articles/bundle?articles=1,2,3: the web-visible articles of a selection (/utvalg/1+2+3 pages, campaign links,
 * the bestseller widget), in the order asked for; unknown and hidden ids are left out.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq, inArray } from 'drizzle-orm';
import { Type } from 'typebox';
import type { RawArticle } from '@shop/contracts/types';
import { articles } from '../../db/schema.js';
import { loadArticles } from '../articles/load.js';
import { RawArticleSchema } from '../articles/schema.js';
import { errorResponses } from '../shared/schema.js';

export const MAX_BUNDLE = 100;
const INT4_MAX = 2_147_483_647;

/** "1,2,3" → [1, 2, 3], each id once, in order; ids beyond int4 cannot exist and are dropped. */
export function parseBundleIds(text: string): number[] {
  const ids = text.split(',').map(Number).filter((id) => id >= 1 && id <= INT4_MAX);
  return [...new Set(ids)];
}

export const bundleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/articles/bundle',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Web-visible articles by id, in the order given',
        querystring: Type.Object({
          articles: Type.String({
            pattern: `^[0-9]{1,10}(,[0-9]{1,10}){0,${MAX_BUNDLE - 1}}$`,
            description: `Article ids joined by commas (at most ${MAX_BUNDLE}), e.g. 12,13,14`,
          }),
        }),
        response: { 200: Type.Array(RawArticleSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { db } = app.database;
      const ids = parseBundleIds(request.query.articles);
      const visible =
        ids.length === 0
          ? []
          : await db
              .select({ id: articles.id })
              .from(articles)
              .where(and(inArray(articles.id, ids), eq(articles.visibleOnWeb, true)));
      const keep = new Set(visible.map((row) => row.id));
      const body: RawArticle[] = await loadArticles(db, ids.filter((id) => keep.has(id)));
      return reply.send(body);
    },
  );
};
