/** GET /pages/{slug}: a static copy page from `static_pages` (editors change it through PUT /editor/pages/{slug}). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq } from 'drizzle-orm';
import { publishedBy } from '../../content/publication.js';
import { Type, type Static } from 'typebox';
import type { RawStaticPage } from '@shop/contracts/types';
import { staticPages } from '../../db/schema.js';
import { HttpError } from '../../server/errors.js';
import { assertSameShape, errorResponses, type SameShape } from '../shared/schema.js';

export const PAGE_NOT_FOUND = 'Fant ikke siden.';

export const RawStaticPageSchema = Type.Object({
  slug: Type.String(),
  title: Type.String(),
  body: Type.String({ description: 'Sanitised HTML' }),
  updated_at: Type.String(),
});
assertSameShape<SameShape<Static<typeof RawStaticPageSchema>, RawStaticPage>>();

export const PageSlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 120, pattern: '^[a-z0-9-]+$' }) });

export const toRawStaticPage = (row: typeof staticPages.$inferSelect): RawStaticPage => ({
  slug: row.slug,
  title: row.title,
  body: row.body,
  updated_at: row.updatedAt.toISOString(),
});

export const pagesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/pages/:slug',
    { schema: { tags: ['content'], summary: 'A static copy page', params: PageSlugParams, response: { 200: RawStaticPageSchema, ...errorResponses } } },
    async (request) => {
      // An unpublished page answers 404 at once; a scheduled one from its instant (content/publication.ts).
      const [row] = await app.database.db.select().from(staticPages).where(and(eq(staticPages.slug, request.params.slug), publishedBy(staticPages.publishedAt, new Date())));
      if (!row) throw new HttpError(404, PAGE_NOT_FOUND);
      return toRawStaticPage(row);
    },
  );
};
