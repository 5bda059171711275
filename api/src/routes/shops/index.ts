/**
 * GET /shops: every shop with coordinates, including the web-shop stock location (id 55, SPEC §9), which the
 * contract identifies by its id; its opening hours are empty because nobody visits it.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { asc } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { RawShop } from '@shop/contracts/types';
import { shops } from '../../db/schema.js';
import { assertSameShape, Nullable, type SameShape } from '../shared/schema.js';

export const RawShopSchema = Type.Object({
  ShopID: Type.Integer(),
  ShopNo: Type.String(),
  Name: Type.String(),
  FullName: Type.String(),
  OrgNo: Type.String(),
  Description: Nullable(Type.String()),
  OpeningHours: Type.String({ description: 'days-from-to:hhmm-hhmm entries joined by commas; 0 = søndag' }),
  MapLink: Nullable(Type.String()),
  PostNo: Type.String(),
  PostPlace: Type.String(),
  Address: Type.String(),
  Email: Nullable(Type.String()),
  Phone: Nullable(Type.String()),
  Messenger: Nullable(Type.String()),
  ChainID: Type.Integer(),
  Latitude: Type.Number(),
  Longitude: Type.Number(),
});
assertSameShape<SameShape<Static<typeof RawShopSchema>, RawShop>>();

type ShopRow = typeof shops.$inferSelect;

export function toRawShop(s: ShopRow): RawShop {
  return {
    ShopID: s.id,
    ShopNo: s.no,
    Name: s.name,
    FullName: s.fullName,
    OrgNo: s.orgNo ?? '',
    Description: s.description,
    OpeningHours: s.openingHours,
    MapLink: s.mapLink,
    PostNo: s.postNo,
    PostPlace: s.postPlace,
    Address: s.address,
    Email: s.email,
    Phone: s.phone,
    Messenger: s.messenger,
    ChainID: s.chainId,
    Latitude: s.lat ?? 0,
    Longitude: s.lng ?? 0,
  };
}

export const shopsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/shops',
    {
      schema: {
        tags: ['shops'],
        summary: 'All shops with coordinates (shop 55 is the web-shop stock location)',
        response: { 200: Type.Array(RawShopSchema) },
      },
    },
    async (_request, reply) => {
      const rows = await app.database.db.select().from(shops).orderBy(asc(shops.id));
      return reply.send(rows.map(toRawShop));
    },
  );
};
