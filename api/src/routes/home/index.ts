/**
 * GET /home and GET /home/{name}: home-page banner slots of a layout (RawSettings, like GET /settings).
 * Without a name: the published layout. By name: that layout when it is live, and to staff (editors, admins) also
 * when it is a draft, scheduled or taken down — /preview/{name} shows those to them; anyone else gets a 404, so a
 * campaign's layout is not out before its weekend.
 * Category links are answered in their canonical form (ADR 0014), whatever the layout stores.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, desc, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { homeLayouts } from '../../db/schema.js';
import { mayReadDrafts, PREVIEW_CACHE_CONTROL } from '../../content/preview.js';
import { liveHomeLayout, liveHomeLayoutOrder } from '../../content/publication.js';
import { HttpError } from '../../server/errors.js';
import { loadCategoryNames, withCanonicalSettingsLinks } from '../categories/links.js';
import { RawSettingsSchema, settingsFromSlots } from '../settings/index.js';
import { errorResponses } from '../shared/schema.js';

export const LAYOUT_NOT_FOUND = 'Fant ikke denne forsideversjonen.';
export const LayoutNameParams = Type.Object({ name: Type.String({ minLength: 1, maxLength: 60, pattern: '^[a-z0-9-]+$' }) });

export const homeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = () => app.database.db;
  app.get(
    '/home',
    { schema: { tags: ['content'], summary: 'Banner slots of the published home layout', response: { 200: RawSettingsSchema, ...errorResponses } } },
    async (_request, reply) => {
      const [row] = await db().select().from(homeLayouts).where(liveHomeLayout(new Date())).orderBy(...liveHomeLayoutOrder).limit(1);
      if (!row) throw new HttpError(404, LAYOUT_NOT_FOUND);
      return withCanonicalSettingsLinks(settingsFromSlots(row.slots), await loadCategoryNames(db()));
    },
  );
  app.get(
    '/home/:name',
    {
      schema: {
        tags: ['content'],
        summary: 'Banner slots of a home layout by name: a live one to anyone, a draft, scheduled or unpublished one to staff only (404 for others)',
        params: LayoutNameParams,
        response: { 200: RawSettingsSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      // The answer depends on who asks: never kept by a shared cache.
      reply.header('cache-control', PREVIEW_CACHE_CONTROL);
      const named = eq(homeLayouts.name, request.params.name);
      const [live] = await db().select().from(homeLayouts).where(and(named, liveHomeLayout(new Date())));
      const [row] = live ? [live] : (await mayReadDrafts(db(), request)) ? await db().select().from(homeLayouts).where(named) : [];
      if (!row) throw new HttpError(404, LAYOUT_NOT_FOUND);
      return withCanonicalSettingsLinks(settingsFromSlots(row.slots), await loadCategoryNames(db()));
    },
  );
};
