/** GET /shipping_methods: the ways an order can reach the shopper (home delivery, click-and-collect). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { asc } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { RawShippingMethod } from '@shop/contracts/types';
import { shippingMethods } from '../../db/schema.js';
import { assertSameShape, Nullable, type SameShape } from '../shared/schema.js';

export const RawShippingMethodSchema = Type.Object({
  ShippingMethodID: Type.String(),
  Name: Type.String(),
  Description: Nullable(Type.String()),
  Price: Type.Integer({ description: 'øre' }),
});
assertSameShape<SameShape<Static<typeof RawShippingMethodSchema>, RawShippingMethod>>();

export const shippingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/shipping_methods',
    { schema: { tags: ['checkout'], summary: 'Shipping methods', response: { 200: Type.Array(RawShippingMethodSchema) } } },
    async (_request, reply) => {
      const rows: RawShippingMethod[] = await app.database.db
        .select({
          ShippingMethodID: shippingMethods.id,
          Name: shippingMethods.name,
          Description: shippingMethods.description,
          Price: shippingMethods.price,
        })
        .from(shippingMethods)
        .orderBy(asc(shippingMethods.sort), asc(shippingMethods.id));
      return reply.send(rows);
    },
  );
};
