/**
 * GET /settings: the home page's banner slots (SPEC §2: top banner, three sub-banners, store search, popular
 * categories, 3×3 grid). Source: the published row of `home_layouts` (its `slots` JSON); without one, the
 * `tenant_settings` row `settings`. Keys may be PascalCase or camelCase (the seed writes `topBanner`, `grid`, …).
 * Slots nobody configured are null / empty; the client pads and cuts the arrays.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { desc, eq, inArray } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { RawBanner, RawPopularCategory, RawSettings } from '@shop/contracts/types';
import { homeLayouts, tenantSettings } from '../../db/schema.js';
import { liveHomeLayout, liveHomeLayoutOrder } from '../../content/publication.js';
import { assertSameShape, Nullable, type SameShape } from '../shared/schema.js';
import { isObject, pick, pickAny, pickString, type JsonObject } from '../shared/loose.js';
import { loadCategoryNames, withCanonicalSettingsLinks } from '../categories/links.js';

export const RawBannerSchema = Type.Object({
  Image: Type.String(),
  ImageMobile: Nullable(Type.String()),
  Link: Nullable(Type.String()),
  Title: Nullable(Type.String()),
  Text: Nullable(Type.String()),
});
export const RawPopularCategorySchema = Type.Object({ Name: Type.String(), Image: Type.String(), Link: Type.String() });
export const RawSettingsSchema = Type.Object({
  TopBanner: Nullable(RawBannerSchema),
  SubBanners: Type.Array(Nullable(RawBannerSchema)),
  StoreSearch: Nullable(RawBannerSchema),
  PopularCategories: Type.Array(RawPopularCategorySchema),
  Grid3x3: Type.Array(Nullable(RawBannerSchema)),
});
assertSameShape<SameShape<Static<typeof RawBannerSchema>, RawBanner>>();
assertSameShape<SameShape<Static<typeof RawSettingsSchema>, RawSettings>>();

function toBanner(value: unknown): RawBanner | null {
  if (!isObject(value)) return null;
  const Image = pickString(value, 'Image');
  if (!Image) return null;
  return {
    Image,
    ImageMobile: pickString(value, 'ImageMobile'),
    Link: pickString(value, 'Link'),
    Title: pickString(value, 'Title'),
    Text: pickString(value, 'Text'),
  };
}

function toPopular(value: unknown): RawPopularCategory | null {
  if (!isObject(value)) return null;
  const Name = pickString(value, 'Name');
  const Image = pickString(value, 'Image');
  const Link = pickString(value, 'Link');
  return Name && Image && Link ? { Name, Image, Link } : null;
}

const list = (obj: JsonObject, ...fields: string[]): unknown[] => {
  const v = pickAny(obj, ...fields);
  return Array.isArray(v) ? v : [];
};

/** Normalises stored slots into RawSettings (pure: unit-tested). */
export function settingsFromSlots(slots: unknown): RawSettings {
  const s = isObject(slots) ? slots : {};
  return {
    TopBanner: toBanner(pick(s, 'TopBanner')),
    SubBanners: list(s, 'SubBanners').map(toBanner),
    StoreSearch: toBanner(pick(s, 'StoreSearch')),
    PopularCategories: list(s, 'PopularCategories')
      .map(toPopular)
      .filter((p): p is RawPopularCategory => p !== null),
    // The seed's layouts call the 3×3 grid `grid`.
    Grid3x3: list(s, 'Grid3x3', 'grid').map(toBanner),
  };
}

export const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/settings',
    {
      schema: {
        tags: ['settings'],
        summary: 'Home page banner slots',
        response: { 200: RawSettingsSchema },
      },
    },
    async (_request, reply) => {
      const { db } = app.database;
      const [layout] = await db
        .select({ slots: homeLayouts.slots })
        .from(homeLayouts)
        .where(liveHomeLayout(new Date()))
        .orderBy(...liveHomeLayoutOrder)
        .limit(1);
      let slots: unknown = layout?.slots;
      if (slots === undefined) {
        const [row] = await db
          .select({ value: tenantSettings.value })
          .from(tenantSettings)
          .where(inArray(tenantSettings.key, ['settings', 'Settings', 'home']));
        slots = row?.value;
      }
      // Category links in canonical form (ADR 0014), whatever the layout stores.
      return reply.send(withCanonicalSettingsLinks(settingsFromSlots(slots), await loadCategoryNames(db)));
    },
  );
};
