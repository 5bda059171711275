/** GET /colorgroups: colour groups of the colour filter. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { asc } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { RawColorGroup } from '@shop/contracts/types';
import { colorGroups } from '../../db/schema.js';
import { assertSameShape, type SameShape } from '../shared/schema.js';

export const RawColorGroupSchema = Type.Object({
  ColorGroupID: Type.Integer(),
  Label: Type.String(),
  Name: Type.String(),
  Hex: Type.String(),
  ColorID: Type.Integer(),
});
assertSameShape<SameShape<Static<typeof RawColorGroupSchema>, RawColorGroup>>();

export const colorGroupsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/colorgroups',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'All colour groups',
        response: { 200: Type.Array(RawColorGroupSchema) },
      },
    },
    async (_request, reply) => {
      const rows = await app.database.db.select().from(colorGroups).orderBy(asc(colorGroups.id));
      const body: RawColorGroup[] = rows.map((g) => ({
        ColorGroupID: g.id,
        Label: g.label,
        Name: g.name,
        Hex: g.hex,
        // The contract has no "none": 0 is never a colour id.
        ColorID: g.colorId ?? 0,
      }));
      return reply.send(body);
    },
  );
};
