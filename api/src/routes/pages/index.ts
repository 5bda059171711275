/** GET /pages/{slug}: a static copy page from `static_pages` (editors change it through PUT /editor/pages/{slug}). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq } from 'drizzle-orm';
import { publishedBy } from '../../content/publication.js';
import { Type, type Static } from 'typebox';
import { productCardIds } from '@shop/contracts/format';
import type { RawStaticPage } from '@shop/contracts/types';
import type { Db } from '../../db/index.js';
import { staticPages } from '../../db/schema.js';
import { loadArticles } from '../articles/load.js';
import { RawArticleSchema } from '../articles/schema.js';
import { HttpError } from '../../server/errors.js';
import { assertSameShape, ContentPreviewSchema, errorResponses, PreviewQuery, type SameShape } from '../shared/schema.js';
import { markPreviewAnswer, mayPreview, previewOf } from '../../content/preview.js';
import { PREVIEW_PARAM } from '@shop/contracts/routes';
import { withPendingPage } from '../../content/pendingChanges.js';

export const PAGE_NOT_FOUND = 'Fant ikke siden.';

export const RawStaticPageSchema = Type.Object({
  slug: Type.String(),
  title: Type.String(),
  body: Type.String({ description: 'Sanitised HTML (product cards as <div data-product-card="{articleId}"></div> at the top level)' }),
  updated_at: Type.String(),
  body_articles: Type.Array(RawArticleSchema, { description: "The body's product cards' articles that are in the web shop, each once" }),
  preview: Type.Optional(ContentPreviewSchema),
});
assertSameShape<SameShape<Static<typeof RawStaticPageSchema>, RawStaticPage>>();

export const PageSlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 120, pattern: '^[a-z0-9-]+$' }) });

/** A page row in the RAW shape, with its product cards' articles (only those a shopper may see). */
export async function toRawStaticPage(db: Db, row: typeof staticPages.$inferSelect, now = new Date()): Promise<RawStaticPage> {
  const articles = await loadArticles(db, productCardIds(row.body), now);
  return {
    slug: row.slug,
    title: row.title,
    body: row.body,
    updated_at: row.updatedAt.toISOString(),
    body_articles: articles.filter((a) => a.VisibleOnWeb === 1),
  };
}

export const pagesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/pages/:slug',
    {
      schema: {
        tags: ['content'],
        summary: `A static copy page (?${PREVIEW_PARAM}=1 from an editor: the page as saved, any status)`,
        params: PageSlugParams,
        querystring: PreviewQuery,
        response: { 200: RawStaticPageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      markPreviewAnswer(request, reply);
      const db = app.database.db;
      const now = new Date();
      // The preview shows a page that is not live (taken off, scheduled) as saved, and a live one with its pending
      // changes (docs/adr/0023).
      if (await mayPreview(db, request)) {
        const [row] = await db.select().from(staticPages).where(eq(staticPages.slug, request.params.slug));
        if (!row) throw new HttpError(404, PAGE_NOT_FOUND);
        // Saved changes to a live page that shoppers do not see yet are what the editor previews (pendingChanges.ts).
        const { row: shown, pending } = withPendingPage(row);
        return { ...(await toRawStaticPage(db, shown, now)), preview: previewOf(row, now, pending) };
      }
      // An unpublished page answers 404 at once; a scheduled one from its instant (content/publication.ts).
      const [row] = await db.select().from(staticPages).where(and(eq(staticPages.slug, request.params.slug), publishedBy(staticPages.publishedAt, now)));
      if (!row) throw new HttpError(404, PAGE_NOT_FOUND);
      return toRawStaticPage(db, row, now);
    },
  );
};
