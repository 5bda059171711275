/**
 * GET /categories: main groups → article groups 2 → groups 3 with counts and price ranges over web-visible
 * articles, and the product lines each main group carries.
 * GET /categories/{id}/articles: one page of a main group's visible articles (SPEC §9 defaults: page 1, 20, Name asc).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { asc, eq, sql } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { RawArticle, RawCategory, RawPaginated } from '@shop/contracts/types';
import { articleGroups2, articleGroups3, articles, mainGroups, productLines } from '../../db/schema.js';
import { HttpError } from '../../server/errors.js';
import { loadArticles } from '../articles/load.js';
import { RawArticleSchema } from '../articles/schema.js';
import { RawProductLineSchema } from '../productlines/index.js';
import { assertSameShape, errorResponses, Nullable, PageMetaSchema, type SameShape } from '../shared/schema.js';
import { withCanonicalBannerLinks } from './links.js';
import { listCategoryArticleIds, ORDER_BY_VALUES, type PageRequest } from './listing.js';
import { buildCategoryTree } from './tree.js';

export const RawGroupSchema = Type.Object({
  ArticleGroup3ID: Type.Integer(),
  ArticleGroup2ID: Type.Integer(),
  Name: Type.String(),
  Count: Type.Integer(),
});
export const RawSubcategorySchema = Type.Object({
  ArticleGroup2ID: Type.Integer(),
  MainGroupID: Type.Integer(),
  Name: Type.String(),
  MinPrice: Type.Number(),
  MaxPrice: Type.Number(),
  Count: Type.Integer(),
  Groups: Type.Array(RawGroupSchema),
});
export const RawCategorySchema = Type.Object({
  MainGroupID: Type.Integer(),
  Name: Type.String(),
  Count: Type.Integer(),
  Banner: Nullable(Type.String()),
  BannerLink: Nullable(Type.String()),
  MinPrice: Type.Number(),
  MaxPrice: Type.Number(),
  Subcategories: Type.Array(RawSubcategorySchema),
  ProductLines: Type.Array(RawProductLineSchema),
});
assertSameShape<SameShape<Static<typeof RawCategorySchema>, RawCategory>>();

/** SPEC §9: category page size 20, page 1, ordered by Name ascending. */
export const LISTING_DEFAULTS = { page: 1, per_page: 20, orderBy: 'Name', order: 'asc' } as const;

export const CategoryArticlesQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: LISTING_DEFAULTS.page })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: LISTING_DEFAULTS.per_page })),
  orderBy: Type.Optional(
    Type.Enum([...ORDER_BY_VALUES], {
      default: LISTING_DEFAULTS.orderBy,
      description: 'Price = SuggestedFinalPrice, Bestseller = BestsellerQtyRank (aliases)',
    }),
  ),
  order: Type.Optional(Type.Enum(['asc', 'desc'], { default: LISTING_DEFAULTS.order })),
});
/** The listing query as a page request; ajv fills the defaults in, the fallbacks only satisfy the optional types. */
export function pageRequestOf(query: Static<typeof CategoryArticlesQuery>): PageRequest {
  return {
    page: query.page ?? LISTING_DEFAULTS.page,
    perPage: query.per_page ?? LISTING_DEFAULTS.per_page,
    orderBy: query.orderBy ?? LISTING_DEFAULTS.orderBy,
    order: query.order ?? LISTING_DEFAULTS.order,
  };
}
export const CategoryArticlesPage = Type.Object({ data: Type.Array(RawArticleSchema), meta: PageMetaSchema });
assertSameShape<SameShape<Static<typeof CategoryArticlesPage>, RawPaginated<RawArticle>>>();

const NB = new Intl.Collator('nb-NO');

export const CATEGORY_NOT_FOUND = 'Fant ikke kategorien.';

export const categoriesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/categories',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Main groups with subcategories, groups, counts, price ranges and product lines',
        response: { 200: Type.Array(RawCategorySchema) },
      },
    },
    async (_request, reply) => {
      const { db } = app.database;
      const [mains, groups2, groups3, stats, lines] = await Promise.all([
        db
          .select({ id: mainGroups.id, name: mainGroups.name, banner: mainGroups.banner, bannerLink: mainGroups.bannerLink })
          .from(mainGroups)
          .orderBy(asc(mainGroups.sort), asc(mainGroups.id)),
        db.select().from(articleGroups2).orderBy(asc(articleGroups2.id)),
        db.select().from(articleGroups3).orderBy(asc(articleGroups3.id)),
        db
          .select({
            mainGroupId: articles.mainGroupId,
            group2Id: articles.group2Id,
            group3Id: articles.group3Id,
            count: sql<number>`count(*)::int`,
            minPrice: sql<number>`min(${articles.price})::int`,
            maxPrice: sql<number>`max(${articles.price})::int`,
          })
          .from(articles)
          .where(eq(articles.visibleOnWeb, true))
          .groupBy(articles.mainGroupId, articles.group2Id, articles.group3Id),
        db
          .selectDistinct({ mainGroupId: articles.mainGroupId, ProductLineID: productLines.id, Name: productLines.name })
          .from(articles)
          .innerJoin(productLines, eq(productLines.id, articles.productLineId))
          .where(eq(articles.visibleOnWeb, true)),
      ]);
      // DISTINCT cannot order by the sort-key expression, and a few dozen rows sort faster here anyway.
      lines.sort((a, b) => a.mainGroupId - b.mainGroupId || NB.compare(a.Name, b.Name) || a.ProductLineID - b.ProductLineID);
      // A stored BannerLink may name the category by its stored name (/tekstil): answered in canonical form (ADR 0014).
      const body: RawCategory[] = withCanonicalBannerLinks(buildCategoryTree(mains, groups2, groups3, stats, lines));
      return reply.send(body);
    },
  );

  app.get(
    '/categories/:id/articles',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One page of the web-visible articles of a main group',
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
        querystring: CategoryArticlesQuery,
        response: { 200: CategoryArticlesPage, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { db } = app.database;
      const { id } = request.params;
      const pageRequest = pageRequestOf(request.query);
      const result = await listCategoryArticleIds(db, id, pageRequest);
      if (result.total === 0) {
        // Only an empty answer needs to know whether the category exists at all (saves a round trip otherwise).
        const [category] = await db.select({ id: mainGroups.id }).from(mainGroups).where(eq(mainGroups.id, id));
        if (!category) throw new HttpError(404, CATEGORY_NOT_FOUND);
      }
      const body: RawPaginated<RawArticle> = {
        data: await loadArticles(db, result.ids),
        meta: { current_page: pageRequest.page, last_page: result.lastPage, per_page: pageRequest.perPage, total: result.total },
      };
      return reply.send(body);
    },
  );
};
