/**
 * The product picker's routes (issue 23): GET /editor/products?q= searches every article — hidden ones too, so the
 * picker can show and flag them — by name, article number or id (content/productSearch.ts); GET
 * /editor/products/lookup?ids= resolves the ids a post or page already names. Prices and images come from the
 * catalogue's own listing loader and mapper, so the picker shows what a shopper would pay.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import { mapArticle } from '@shop/contracts/mappers';
import { EDITOR_PRODUCT_LOOKUP_MAX, EDITOR_PRODUCT_SEARCH_MAX, type EditorProduct, type RawArticle } from '@shop/contracts/types';
import type { Db } from '../../db/index.js';
import { articles } from '../../db/schema.js';
import { parseIdList, productSearchTerms } from '../../content/productSearch.js';
import { loadArticles } from '../articles/load.js';
import { assertSameShape, type SameShape } from '../shared/schema.js';
import type { GuardedResponses } from './index.js';

const EditorProductSchema = Type.Object({
  id: Type.Integer(),
  article_no: Type.String(),
  name: Type.String(),
  price: Type.Integer({ description: 'What a shopper pays now, øre' }),
  image: Type.String(),
  in_web_shop: Type.Boolean({ description: 'False when the article is hidden from the web shop' }),
});
assertSameShape<SameShape<Static<typeof EditorProductSchema>, EditorProduct>>();

const SearchQuery = Type.Object(
  { q: Type.String({ maxLength: 100, description: 'Name (every word), article number (prefix) or id' }) },
  { additionalProperties: false },
);
const ID = '[1-9][0-9]{0,9}';
const LookupQuery = Type.Object(
  {
    ids: Type.String({
      pattern: `^${ID}(,${ID}){0,${EDITOR_PRODUCT_LOOKUP_MAX - 1}}$`,
      description: `Up to ${EDITOR_PRODUCT_LOOKUP_MAX} article ids, comma-separated; unknown ones are left out of the answer`,
    }),
  },
  { additionalProperties: false },
);

function toEditorProduct(raw: RawArticle): EditorProduct {
  const article = mapArticle(raw);
  return { id: raw.ArticleID, article_no: raw.ArticleNo, name: raw.Name, price: article.price, image: raw.Image, in_web_shop: raw.VisibleOnWeb === 1 };
}

/** The ids of up to EDITOR_PRODUCT_SEARCH_MAX articles matching `query`, best first: exact id or number, then by name. */
async function searchIds(db: Db, query: string): Promise<number[]> {
  const terms = productSearchTerms(query);
  if (!terms) return [];
  const byName = and(...terms.namePatterns.map((pattern) => ilike(articles.name, pattern)))!;
  const matches: SQL[] = [byName];
  if (terms.articleNoPattern) matches.push(ilike(articles.articleNo, terms.articleNoPattern));
  if (terms.id !== null) matches.push(eq(articles.id, terms.id));
  const exact = sql<boolean>`(${terms.id !== null ? sql`${articles.id} = ${terms.id}` : sql`false`} or lower(${articles.articleNo}) = ${terms.articleNo ?? ''})`;
  const rows = await db
    .select({ id: articles.id })
    .from(articles)
    .where(or(...matches))
    .orderBy(desc(exact), desc(articles.visibleOnWeb), sql`${articles.nameSort} collate "C"`, asc(articles.id))
    .limit(EDITOR_PRODUCT_SEARCH_MAX);
  return rows.map((r) => r.id);
}

export const editorProductRoutes =
  ({ guardedResponses }: { guardedResponses: GuardedResponses }): FastifyPluginAsyncTypebox =>
  async (app) => {
    const db = () => app.database.db;
    const load = async (ids: number[]) => (await loadArticles(db(), ids)).map(toEditorProduct);

    app.get(
      '/editor/products',
      {
        schema: {
          tags: ['editor'],
          summary: `The product picker's search: up to ${EDITOR_PRODUCT_SEARCH_MAX} articles by name, article number or id, hidden ones included (flagged)`,
          querystring: SearchQuery,
          response: { 200: Type.Array(EditorProductSchema), ...guardedResponses },
        },
      },
      async (request) => load(await searchIds(db(), request.query.q)),
    );

    app.get(
      '/editor/products/lookup',
      {
        schema: {
          tags: ['editor'],
          summary: 'The products of these ids, in their order (hidden ones flagged, missing ones left out)',
          querystring: LookupQuery,
          response: { 200: Type.Array(EditorProductSchema), ...guardedResponses },
        },
      },
      async (request) => load(parseIdList(request.query.ids)),
    );
  };
