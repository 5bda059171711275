/**
 * Geo (geo/): GET /osrm/table/v1/car/{lon,lat;…} (up to MAX_COORDINATES points; proxy to OSRM_URL, else the great-circle estimate in OSRM's shape)
 * and GET /geo/addresses?sok=… (Kartverket address search at KARTVERKET_URL, else the offline street list).
 * Both read their base URL from the environment per request, so configuration needs no restart of tests.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import type { RawAddressSearch } from '@shop/contracts/types';
import { isAddressError, parseAddress } from '@shop/contracts/validation';
import { estimatedTable, MAX_COORDINATES, MAX_COORDINATES_TEXT, OsrmQueryError, parseAnnotations, parseCoordinates, parseIndexes } from '../../geo/osrm.js';
import { searchKartverket, searchOffline } from '../../geo/addresses.js';
import { assertSameShape, Nullable, type SameShape } from '../shared/schema.js';

export const OSRM_TIMEOUT_MS = 5000;

const RawAddressSearchSchema = Type.Object({
  adresser: Type.Array(
    Type.Object({
      adressetekst: Type.String(),
      adressenavn: Type.String(),
      nummer: Nullable(Type.Integer()),
      bokstav: Type.String(),
      postnummer: Type.String(),
      poststed: Type.String(),
      representasjonspunkt: Nullable(Type.Object({ lat: Type.Number(), lon: Type.Number() })),
    }),
  ),
});
assertSameShape<SameShape<Static<typeof RawAddressSearchSchema>, RawAddressSearch>>();

const OsrmError = Type.Object({ code: Type.String(), message: Type.String() });

export const geoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // A wildcard, not a ":coordinates" parameter: the router refuses (404) a parameter longer than Fastify's
  // maxParamLength (100 characters, about 6 points), and checkout asks for the shopper and every shop at once. The
  // wildcard has no such limit; the schema's maxLength and the MAX_COORDINATES cap bound it instead.
  app.get(
    '/osrm/table/v1/car/*',
    {
      schema: {
        tags: ['geo'],
        summary: `OSRM table (durations in s, distances in m); great-circle estimate without OSRM_URL; at most ${MAX_COORDINATES} coordinates`,
        params: Type.Object({ '*': Type.String({ maxLength: MAX_COORDINATES_TEXT, description: 'lon,lat;lon,lat…' }) }),
        querystring: Type.Object({
          sources: Type.Optional(Type.String({ maxLength: 1000 })),
          destinations: Type.Optional(Type.String({ maxLength: 1000 })),
          annotations: Type.Optional(Type.String({ maxLength: 40 })),
        }),
        // The answer is OSRM's own shape (passed through from a real server), documented loosely.
        // 400 is OSRM's own error for a bad table query, or the API's ErrorBody when the input fails the schema (too
        // long, NUL…): both must serialize (a schema failure answered 500 before, found by test/security).
        response: { 200: Type.Object({ code: Type.String() }, { additionalProperties: true }), 400: Type.Union([OsrmError, Type.Ref('ErrorBody')]) },
      },
    },
    async (request, reply) => {
      const { sources, destinations, annotations } = request.query;
      let table;
      let coords;
      try {
        coords = parseCoordinates(request.params['*']);
        const src = parseIndexes(sources, coords.length, 'sources');
        const dst = parseIndexes(destinations, coords.length, 'destinations');
        const ann = parseAnnotations(annotations);
        table = estimatedTable(coords, src, dst, ann);
      } catch (error) {
        if (error instanceof OsrmQueryError) return reply.status(400).send({ code: error.code, message: error.message });
        throw error;
      }
      const osrmUrl = process.env.OSRM_URL?.replace(/\/+$/, '');
      if (osrmUrl) {
        const query = new URLSearchParams();
        if (sources) query.set('sources', sources);
        if (destinations) query.set('destinations', destinations);
        if (annotations) query.set('annotations', annotations);
        try {
          // The checked numbers, not the caller's text: nothing but "lon,lat;…" reaches the OSRM server.
          const path = coords.map(([lon, lat]) => `${lon},${lat}`).join(';');
          const res = await fetch(`${osrmUrl}/table/v1/car/${path}?${query}`, { signal: AbortSignal.timeout(OSRM_TIMEOUT_MS) });
          const body = (await res.json()) as { code?: string };
          if (res.ok && body.code === 'Ok') return reply.send(body as { code: string });
          if (res.status === 400) return reply.status(400).send({ code: body.code ?? 'InvalidQuery', message: (body as { message?: string }).message ?? '' });
          request.log.warn({ status: res.status }, 'OSRM answered an error; using the estimate');
        } catch (error) {
          request.log.warn({ err: error }, 'OSRM unreachable; using the estimate');
        }
      }
      return reply.send(table);
    },
  );

  app.get(
    '/geo/addresses',
    {
      schema: {
        tags: ['geo'],
        summary: 'Address search (Kartverket adresser/v1/sok shape; offline street list when unreachable)',
        querystring: Type.Object({
          sok: Type.String({ minLength: 1, maxLength: 200 }),
          postnummer: Type.Optional(Type.String({ pattern: '^[0-9]{4}$' })),
        }),
        response: {
          200: RawAddressSearchSchema,
          400: Type.Ref('ErrorBody'),
          422: Type.Object({ status: Type.Literal('ADDRESS_NOT_FOUND'), message: Type.String() }),
        },
      },
    },
    async (request, reply) => {
      const { sok, postnummer } = request.query;
      const parsed = parseAddress(sok);
      // SPEC §5/§8: no house number → ADDRESS_NOT_FOUND with the catalogue text. An empty list = "Ingen addresser funnet".
      if (isAddressError(parsed)) return reply.status(422).send({ status: parsed.status, message: parsed.message });
      const base = process.env.KARTVERKET_URL;
      const remote = base ? await searchKartverket(base, `${parsed.street} ${parsed.houseNumber}`, postnummer) : null;
      if (base && remote === null) request.log.warn('Kartverket unreachable; using the offline street list');
      const adresser = remote ?? (await searchOffline(app.database.db, { ...parsed, postcode: postnummer }));
      return reply.header('cache-control', 'no-store').send({ adresser });
    },
  );
};
