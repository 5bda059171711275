/**
 * GET /home and GET /home/{name}: home-page banner slots of a layout (RawSettings, like GET /settings).
 * Without a name: the published layout. By name: that layout even unpublished — /preview/{name} shows drafts.
 * Category links are answered in their canonical form (ADR 0014), whatever the layout stores.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { desc, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { homeLayouts } from '../../db/schema.js';
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
      schema: { tags: ['content'], summary: 'Banner slots of a home layout by name (drafts too)', params: LayoutNameParams, response: { 200: RawSettingsSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const [row] = await db().select().from(homeLayouts).where(eq(homeLayouts.name, request.params.name));
      if (!row) throw new HttpError(404, LAYOUT_NOT_FOUND);
      reply.header('cache-control', 'no-store');
      return withCanonicalSettingsLinks(settingsFromSlots(row.slots), await loadCategoryNames(db()));
    },
  );
};
