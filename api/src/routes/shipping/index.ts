/**
 * GET /shipping_methods: the ways an order can reach the shopper (home delivery, click-and-collect), each with the rule
 * its price follows (`PriceRule`) and its price. With `?articles=1,2,3` (the cart's article ids) the price is what
 * this cart pays — the same figure the reservation charges (checkout/rules.ts `shippingPrice`); without, it is the
 * price of an empty cart (the method's stored price). ADR 0002 and its follow-up.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import { shippingPriceFor, shippingPriceRule } from '@shop/contracts/constants';
import type { RawShippingMethod } from '@shop/contracts/types';
import { articles, shippingMethods } from '../../db/schema.js';
import { assertSameShape, errorResponses, Nullable, type SameShape } from '../shared/schema.js';

/** At most this many article ids in one question (a cart is far smaller). */
export const MAX_SHIPPING_ARTICLES = 100;

export const RawShippingMethodSchema = Type.Object({
  ShippingMethodID: Type.String(),
  Name: Type.String(),
  Description: Nullable(Type.String()),
  Price: Type.Integer({ description: 'øre: for the articles asked about, else for an empty cart' }),
  PriceRule: Type.Union([Type.Literal('free'), Type.Literal('cart-freight')], {
    description: 'free, or cart-freight: the highest frightPrice among the cart’s articles',
  }),
});
assertSameShape<SameShape<Static<typeof RawShippingMethodSchema>, RawShippingMethod>>();

export const shippingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/shipping_methods',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Shipping methods, priced for the cart’s articles when given',
        querystring: Type.Object({
          articles: Type.Optional(
            Type.String({
              pattern: `^[0-9]{1,10}(,[0-9]{1,10}){0,${MAX_SHIPPING_ARTICLES - 1}}$`,
              description: `the cart's article ids, comma-separated, at most ${MAX_SHIPPING_ARTICLES}`,
            }),
          ),
        }),
        response: { 200: Type.Array(RawShippingMethodSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { db } = app.database;
      const ids = [...new Set((request.query.articles ?? '').split(',').filter(Boolean).map(Number))].filter((id) => id <= 2_147_483_647);
      const [methods, freights] = await Promise.all([
        db.select().from(shippingMethods).orderBy(asc(shippingMethods.sort), asc(shippingMethods.id)),
        ids.length === 0
          ? Promise.resolve([])
          : // Only what can be ordered counts: a hidden or unknown article is refused by the reservation anyway.
            db
              .select({ frightPrice: articles.frightPrice })
              .from(articles)
              .where(and(inArray(articles.id, ids), eq(articles.visibleOnWeb, true))),
      ]);
      const rows: RawShippingMethod[] = methods.map((method) => {
        const rule = shippingPriceRule(method.id);
        return {
          ShippingMethodID: method.id,
          Name: method.name,
          Description: method.description,
          Price: shippingPriceFor(rule, method.price, freights.map((f) => f.frightPrice)),
          PriceRule: rule,
        };
      });
      return reply.send(rows);
    },
  );
};
