/** GET /productlines: every product line (brand), in Norwegian alphabetical order. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import type { RawProductLine } from '@shop/contracts/types';
import { productLines } from '../../db/schema.js';
import { norwegianOrder } from '../../db/norwegian.js';
import { assertSameShape, type SameShape } from '../shared/schema.js';

export const RawProductLineSchema = Type.Object({ ProductLineID: Type.Integer(), Name: Type.String() });
assertSameShape<SameShape<Static<typeof RawProductLineSchema>, RawProductLine>>();

export const productLinesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/productlines',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'All product lines (brands)',
        response: { 200: Type.Array(RawProductLineSchema) },
      },
    },
    async (_request, reply) => {
      const rows = await app.database.db
        .select({ ProductLineID: productLines.id, Name: productLines.name })
        .from(productLines)
        .orderBy(...norwegianOrder(productLines.name));
      const body: RawProductLine[] = rows;
      return reply.send(body);
    },
  );
};
