/**
 * POST /articles/search and /articles/searchids: the shop's search (api/src/search), answered in Elasticsearch's
 * shape (`hits.total.value`, `hits.hits[]._source`) as the legacy front end expects. POST because the body carries
 * the filter string; it reads nothing but still needs the session's CSRF header like every POST.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static, type TSchema } from 'typebox';
import type { RawSearchIdsResponse, RawSearchResponse } from '@shop/contracts/types';
import { SEARCH_TAKE } from '@shop/contracts/constants';
import { HttpError, TEXTS } from '../../server/errors.js';
import { searchArticles, TOTAL_HITS_BOUND, type SearchInput } from '../../search/engine.js';
import { FILTER_GRAMMAR_DOC, SearchFilterError } from '../../search/filters.js';
import { searchResponseBytes } from '../../search/hits.js';
import { ensureSearchIndex, SEARCH_INDEX_VACUUM_EVERY_MS, vacuumSearchIndex } from '../../search/maintenance.js';
import { RawArticleSchema } from '../articles/schema.js';
import { assertSameShape, errorResponses, Nullable, type SameShape } from '../shared/schema.js';

const QUERY_DOC = [
  'Free text. Words are matched with Norwegian stemming ("vindjakker" finds "Vindjakke"), as prefixes while the',
  'shopper types ("vindj"), and with typo tolerance from five letters ("vinjdakke" finds "Vindjakke"). Name, brand,',
  'group names and description are searched; every word must match. Empty = every web-visible article that passes',
  'the filters. Hits are ranked by relevance (all words in the name, then anywhere, then through a typo), then by',
  'bestseller rank, then by Norwegian name order.',
].join(' ');

export const SearchBodySchema = Type.Object({
  query: Type.Optional(Type.String({ maxLength: 200, default: '', description: QUERY_DOC })),
  take: Type.Optional(
    Type.Integer({ minimum: 0, maximum: SEARCH_TAKE, default: SEARCH_TAKE, description: 'Page size (0 = count only)' }),
  ),
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000, default: 0, description: 'Zero-based page' })),
  filters: Type.Optional(Type.String({ maxLength: 4000, default: '', description: FILTER_GRAMMAR_DOC })),
});

/** ajv fills the defaults in; this only gives the optional fields their types. */
function searchInput(body: Static<typeof SearchBodySchema>): SearchInput {
  return { query: body.query ?? '', take: body.take ?? SEARCH_TAKE, page: body.page ?? 0, filters: body.filters ?? '' };
}

const total = Type.Object(
  { value: Type.Integer(), relation: Type.Union([Type.Literal('eq'), Type.Literal('gte')]) },
  {
    description: `Hits, counted exactly up to ${TOTAL_HITS_BOUND} (or the next multiple of it past the page asked for): relation "eq". Past that, value is the bound and relation "gte" (at least that many), as Elasticsearch's track_total_hits.`,
  },
);
const hitsOf = <S extends TSchema>(source: S) =>
  Type.Object({
    hits: Type.Object({
      total,
      hits: Type.Array(
        Type.Object({
          _id: Type.String(),
          _score: Nullable(Type.Number({ description: 'Relevance tier: 3 name, 2 anywhere, 1 typo; 0 without a query' })),
          _source: source,
        }),
      ),
    }),
  });
export const SearchResponseSchema = hitsOf(RawArticleSchema);
export const SearchIdsResponseSchema = hitsOf(Type.Object({ ArticleID: Type.Integer() }));
assertSameShape<SameShape<Static<typeof SearchResponseSchema>, RawSearchResponse>>();
assertSameShape<SameShape<Static<typeof SearchIdsResponseSchema>, RawSearchIdsResponse>>();

/** A malformed filter string is the client's mistake: 400 with the parser's reason per rule. */
function rethrowFilterError(error: unknown): never {
  if (error instanceof SearchFilterError) {
    throw new HttpError(400, `${TEXTS.badRequest}: filters ${error.problems[0]!.message}.`, error.problems);
  }
  throw error;
}

export const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The seed bulk-loads with triggers off; make the index whole before the first search is served.
  const vacuum = () =>
    vacuumSearchIndex(app.database.db).catch((error: unknown) => app.log.warn({ err: error }, 'search index vacuum failed'));
  app.addHook('onReady', async () => {
    if (await ensureSearchIndex(app.database.db)) app.log.info('search index rebuilt');
    // Otherwise vacuum once now, beside the first requests: a migration that rewrote the index (0010) or writes
    // before a restart leave pages without visibility bits, and filtered totals then read the table.
    else void vacuum();
  });
  const vacuuming = setInterval(vacuum, SEARCH_INDEX_VACUUM_EVERY_MS).unref();
  app.addHook('onClose', async () => clearInterval(vacuuming));

  const search = async (input: SearchInput, withSource: boolean) => {
    try {
      return await searchArticles(app.database.db, input, { withSource });
    } catch (error) {
      return rethrowFilterError(error);
    }
  };

  app.post(
    '/articles/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Full-text search with filters; Elasticsearch-shaped answer',
        description: `${QUERY_DOC}\n\n${FILTER_GRAMMAR_DOC}`,
        body: SearchBodySchema,
        response: { 200: SearchResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const outcome = await search(searchInput(request.body), true);
      // Bytes built from the stored documents (search/hits.ts), so the response schema documents the answer but does
      // not serialise it; the search tests parse it and compare it with the listings' shape.
      const body = searchResponseBytes(
        { value: outcome.total, relation: outcome.relation },
        outcome.sources.map((source, i) => ({ id: outcome.ids[i]!, score: outcome.scores[i]!, source, campaigns: outcome.campaigns[i]! })),
      );
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );

  app.post(
    '/articles/searchids',
    {
      schema: {
        tags: ['search'],
        summary: 'The same search answering article ids only',
        description: FILTER_GRAMMAR_DOC,
        body: SearchBodySchema,
        response: { 200: SearchIdsResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const outcome = await search(searchInput(request.body), false);
      const body: RawSearchIdsResponse = {
        hits: {
          total: { value: outcome.total, relation: outcome.relation },
          hits: outcome.ids.map((id, i) => ({ _id: String(id), _score: outcome.scores[i]!, _source: { ArticleID: id } })),
        },
      };
      return reply.send(body);
    },
  );
};
