/**
 * GET /subcategories/{id}/groups: the article groups 3 of an article group 2 with their counts of web-visible articles.
 * GET /subcategories/{id}/articles: one page of the subcategory's visible articles, exactly as the category listing
 * (same query parameters, defaults, order and answer shape).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, count, eq } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { RawArticle, RawGroup, RawPaginated } from '@shop/contracts/types';
import { articleGroups2, articleGroups3, articles } from '../../db/schema.js';
import { HttpError } from '../../server/errors.js';
import { loadArticles } from '../articles/load.js';
import { CategoryArticlesPage, CategoryArticlesQuery, pageRequestOf, RawGroupSchema } from '../categories/index.js';
import { listArticleIds } from '../categories/listing.js';
import { assertSameShape, errorResponses, type SameShape } from '../shared/schema.js';

assertSameShape<SameShape<Static<typeof RawGroupSchema>, RawGroup>>();

export const SUBCATEGORY_NOT_FOUND = 'Fant ikke underkategorien.';

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

export const subcategoriesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const exists = async (id: number) => {
    const [row] = await app.database.db.select({ id: articleGroups2.id }).from(articleGroups2).where(eq(articleGroups2.id, id));
    return row !== undefined;
  };

  app.get(
    '/subcategories/:id/groups',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The groups (article group 3) of a subcategory with their counts of web-visible articles',
        params: IdParams,
        response: { 200: Type.Array(RawGroupSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { db } = app.database;
      const { id } = request.params;
      const rows = await db
        .select({
          ArticleGroup3ID: articleGroups3.id,
          ArticleGroup2ID: articleGroups3.group2Id,
          Name: articleGroups3.name,
          Count: count(articles.id),
        })
        .from(articleGroups3)
        .leftJoin(articles, and(eq(articles.group3Id, articleGroups3.id), eq(articles.visibleOnWeb, true)))
        .where(eq(articleGroups3.group2Id, id))
        .groupBy(articleGroups3.id)
        .orderBy(asc(articleGroups3.id));
      if (rows.length === 0 && !(await exists(id))) throw new HttpError(404, SUBCATEGORY_NOT_FOUND);
      // count() is bigint on PostgreSQL and may arrive as a string; the contract says number.
      const body: RawGroup[] = rows.map((r) => ({ ...r, Count: Number(r.Count) }));
      return reply.send(body);
    },
  );

  app.get(
    '/subcategories/:id/articles',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One page of the web-visible articles of a subcategory (article group 2)',
        params: IdParams,
        querystring: CategoryArticlesQuery,
        response: { 200: CategoryArticlesPage, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { db } = app.database;
      const { id } = request.params;
      const pageRequest = pageRequestOf(request.query);
      const result = await listArticleIds(db, { group2Id: id }, pageRequest);
      if (result.total === 0 && !(await exists(id))) throw new HttpError(404, SUBCATEGORY_NOT_FOUND);
      const body: RawPaginated<RawArticle> = {
        data: await loadArticles(db, result.ids),
        meta: { current_page: pageRequest.page, last_page: result.lastPage, per_page: pageRequest.perPage, total: result.total },
      };
      return reply.send(body);
    },
  );
};
