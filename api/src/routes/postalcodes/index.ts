/**
 * GET /postalcodes (every postal code in use, ~5,000 rows: long-cached, compressed) and GET /postalcodes/{zip}.
 * Source: Erik Bolstad's postnummer.tsv (CC BY 4.0), loaded by the seed.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, eq } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { RawPostalCode } from '@shop/contracts/types';
import { postalCodes } from '../../db/schema.js';
import { HttpError } from '../../server/errors.js';
import { assertSameShape, errorResponses, Nullable, type SameShape } from '../shared/schema.js';

export const RawPostalCodeSchema = Type.Object({
  PostNo: Type.String(),
  PostPlace: Type.String(),
  MunicipalityNo: Nullable(Type.String()),
  Municipality: Nullable(Type.String()),
  CoordLat: Nullable(Type.Number()),
  CoordLong: Nullable(Type.Number()),
});
assertSameShape<SameShape<Static<typeof RawPostalCodeSchema>, RawPostalCode>>();

const columns = {
  PostNo: postalCodes.postNo,
  PostPlace: postalCodes.postPlace,
  MunicipalityNo: postalCodes.municipalityNo,
  Municipality: postalCodes.municipality,
  CoordLat: postalCodes.lat,
  CoordLong: postalCodes.lng,
};

export const POSTAL_CODE_NOT_FOUND = 'Fant ikke postnummeret.';

export const postalCodesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/postalcodes',
    {
      schema: {
        tags: ['geo'],
        summary: 'All postal codes in use',
        response: { 200: Type.Array(RawPostalCodeSchema) },
      },
    },
    async (_request, reply) => {
      const rows: RawPostalCode[] = await app.database.db
        .select(columns)
        .from(postalCodes)
        .where(eq(postalCodes.retired, false))
        .orderBy(asc(postalCodes.postNo));
      // Reference data that changes a few times a year: let browsers and proxies keep it for a day.
      return reply.send(rows);
    },
  );

  app.get(
    '/postalcodes/:zip',
    {
      schema: {
        tags: ['geo'],
        summary: 'One postal code with its position',
        params: Type.Object({ zip: Type.String({ pattern: '^[0-9]{4}$', description: 'Four digits, e.g. 0150' }) }),
        response: { 200: RawPostalCodeSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const [row] = await app.database.db
        .select(columns)
        .from(postalCodes)
        .where(and(eq(postalCodes.postNo, request.params.zip), eq(postalCodes.retired, false)));
      if (!row) throw new HttpError(404, POSTAL_CODE_NOT_FOUND);
      const body: RawPostalCode = row;
      return reply.send(body);
    },
  );
};
