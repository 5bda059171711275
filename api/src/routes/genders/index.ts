/** GET /genders: the genders articles are sold for (1 Herre, 2 Dame, 4 Barn, 10 Uni, 11 Junior). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { asc } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { RawGender } from '@shop/contracts/types';
import { genders } from '../../db/schema.js';
import { assertSameShape, type SameShape } from '../shared/schema.js';

export const RawGenderSchema = Type.Object({ GenderID: Type.Integer(), Name: Type.String() });
assertSameShape<SameShape<Static<typeof RawGenderSchema>, RawGender>>();

export const gendersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/genders',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'All genders',
        response: { 200: Type.Array(RawGenderSchema) },
      },
    },
    async (_request, reply) => {
      const rows = await app.database.db.select().from(genders).orderBy(asc(genders.id));
      const body: RawGender[] = rows.map((g) => ({ GenderID: g.id, Name: g.name }));
      return reply.send(body);
    },
  );
};
