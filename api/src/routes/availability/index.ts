/**
 * GET /articles/availability/{id}: fresh per-shop stock of a web-visible article's variants (the product page asks
 * again when the shopper picks a shop, without reloading reviews and texts). Hidden articles are not answered.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq, inArray } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { RawArticleAvailability, RawPickupAvailability } from '@shop/contracts/types';
import { articles, shops, stock, variants } from '../../db/schema.js';
import { HttpError } from '../../server/errors.js';
import { ARTICLE_NOT_FOUND } from '../articles/index.js';
import { loadVariants } from '../articles/load.js';
import { RawVariantSchema } from '../articles/schema.js';
import { assertSameShape, errorResponses, type SameShape } from '../shared/schema.js';

export const RawArticleAvailabilitySchema = Type.Object({ ArticleID: Type.Integer(), Variants: Type.Array(RawVariantSchema) });
assertSameShape<SameShape<Static<typeof RawArticleAvailabilitySchema>, RawArticleAvailability>>();

/** At most this many lines in one pickup question (a cart is far smaller; the query string stays short). */
export const MAX_PICKUP_ITEMS = 100;

const RawPickupAvailabilitySchema = Type.Object({
  ShopID: Type.Integer(),
  Complete: Type.Union([Type.Literal(0), Type.Literal(1)]),
  Lines: Type.Array(Type.Object({ EanNo: Type.String(), Count: Type.Integer(), Qty: Type.Integer() })),
});
assertSameShape<SameShape<Static<typeof RawPickupAvailabilitySchema>, RawPickupAvailability>>();

/** "EAN:count,EAN:count" → lines with repeated EANs merged (as the reservation merges them). */
export function parsePickupItems(text: string): Array<{ ean: string; count: number }> {
  const counts = new Map<string, number>();
  for (const part of text.split(',')) {
    const [ean, count] = part.split(':');
    counts.set(ean!, (counts.get(ean!) ?? 0) + Number(count));
  }
  return [...counts].map(([ean, count]) => ({ ean, count }));
}

/**
 * Per pickup shop, whether it holds every line in its count. Shops that do come first, then by id; the client orders
 * each group by distance. A line the shop has no stock row for counts as 0; an unknown EAN makes no shop complete.
 */
export function pickupAvailability(
  items: ReadonlyArray<{ ean: string; count: number }>,
  pickupShopIds: readonly number[],
  stockRows: ReadonlyArray<{ ean: string; shopId: number; qty: number }>,
): RawPickupAvailability[] {
  const qtyOf = new Map(stockRows.map((r) => [`${r.ean}@${r.shopId}`, Math.max(0, r.qty)]));
  return pickupShopIds
    .map((shopId): RawPickupAvailability => {
      const Lines = items.map((item) => ({ EanNo: item.ean, Count: item.count, Qty: qtyOf.get(`${item.ean}@${shopId}`) ?? 0 }));
      return { ShopID: shopId, Complete: Lines.every((l) => l.Qty >= l.Count) ? 1 : 0, Lines };
    })
    .sort((a, b) => b.Complete - a.Complete || a.ShopID - b.ShopID);
}

export const availabilityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/articles/availability/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: "Stock per shop of a web-visible article's variants",
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
        response: { 200: RawArticleAvailabilitySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { db } = app.database;
      const { id } = request.params;
      const [article] = await db
        .select({ group3Id: articles.group3Id })
        .from(articles)
        .where(and(eq(articles.id, id), eq(articles.visibleOnWeb, true)));
      if (!article) throw new HttpError(404, ARTICLE_NOT_FOUND);
      const body: RawArticleAvailability = { ArticleID: id, Variants: await loadVariants(db, id, article.group3Id) };
      // Stock moves with every reservation: never cached.
      return reply.header('cache-control', 'no-store').send(body);
    },
  );

  app.get(
    '/availability/pickup',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Which click-and-collect shops hold every line of a cart',
        querystring: Type.Object({
          items: Type.String({
            pattern: `^[0-9]{8,14}:[1-9][0-9]{0,2}(,[0-9]{8,14}:[1-9][0-9]{0,2}){0,${MAX_PICKUP_ITEMS - 1}}$`,
            description: `EAN:count pairs, comma-separated, at most ${MAX_PICKUP_ITEMS}`,
          }),
        }),
        response: { 200: Type.Array(RawPickupAvailabilitySchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { db } = app.database;
      const items = parsePickupItems(request.query.items);
      const [pickup, rows] = await Promise.all([
        db.select({ id: shops.id }).from(shops).where(eq(shops.isWebStock, false)),
        db
          .select({ ean: variants.ean, shopId: stock.shopId, qty: stock.qty })
          .from(stock)
          .innerJoin(variants, eq(variants.id, stock.variantId))
          .innerJoin(articles, eq(articles.id, variants.articleId))
          // Hidden articles are not for sale: their stock is nobody's business.
          .where(and(inArray(variants.ean, items.map((i) => i.ean)), eq(articles.visibleOnWeb, true))),
      ]);
      const body = pickupAvailability(items, pickup.map((s) => s.id), rows);
      return reply.header('cache-control', 'no-store').send(body);
    },
  );
};
