/**
 * The search engine: PostgreSQL full text with the `norwegian` configuration (stemming, prefix matching as you type)
 * plus pg_trgm typo tolerance, with the same SQL on embedded PGlite and PostgreSQL. It reads only the search index
 * (`article_search`, one document per article kept by triggers; see db/schema.ts), so a page of hits with their
 * listing shape is one query.
 *
 * Typo tolerance works on words, not rows: `search_words` holds every word of the article, brand and group names; a
 * token of five letters or more is looked up there by trigram similarity (a few thousand short strings, one GIN
 * probe), the candidates within its typo budget (typos.ts) are OR-ed into its tsquery, and the row search stays one
 * GIN probe on the document — trigram matching against 20 000 names was several times slower, and pg_trgm's word
 * similarity of a swapped pair ("vinjdakke") is too low to separate from noise at row level.
 *
 * Ranking — relevance, then bestseller rank: tier 3 = every word found in the name as typed (stem or prefix),
 * tier 2 = every word found as typed in the name, brand, group names or description, tier 1 = found only through a
 * typo alternative. Within a tier: bestseller quantity rank (none = 9999, SPEC §9), then Norwegian name order, then
 * id. An empty query lists every web-visible article that passes the filters, bestsellers first.
 */
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import type { RawArticle, RawArticleCampaign } from '@shop/contracts/types';
import type { Db } from '../db/index.js';
import { campaignPrices, compileFilters } from './filters.js';
import { fuzzyCandidates, tokenize, tsQueries, type TokenPlan } from './query.js';
import { pickAlternatives } from './typos.js';

export interface SearchInput {
  query: string;
  /** Page size; 0 = count only. */
  take: number;
  /** Zero-based. */
  page: number;
  filters: string;
}

export interface SearchOutcome {
  ids: number[];
  /** The stored listing shape per id (RawArticle without Image and Campaigns), when asked for. */
  sources: StoredSource[];
  /** The campaigns running at `now` per id (cheapest first), when sources are asked for. */
  campaigns: StoredCampaign[][];
  /** Relevance tier per id (0 for an empty query). */
  scores: number[];
  total: number;
}

/** Trigram neighbours fetched per token before the edit-distance check. */
const CANDIDATES_PER_TOKEN = 12;

/**
 * Typo alternatives per database and token, kept for a minute: shoppers repeat words, and the vocabulary changes
 * only when article names do (a new word is found at most a minute late).
 */
const ALTERNATIVES_TTL_MS = 60_000;
const ALTERNATIVES_MAX = 2000;
const alternativesCache = new WeakMap<Db, Map<string, { words: string[]; at: number }>>();

async function planTokens(db: Db, tokens: string[]): Promise<TokenPlan[]> {
  const now = Date.now();
  let cache = alternativesCache.get(db);
  if (!cache) alternativesCache.set(db, (cache = new Map()));
  const known = (token: string) => {
    const hit = cache.get(token);
    return hit && now - hit.at < ALTERNATIVES_TTL_MS ? hit.words : undefined;
  };
  const fuzzy = fuzzyCandidates(tokens).filter((token) => known(token) === undefined);
  if (fuzzy.length > 0) {
    const { rows } = await db.execute<{ tok: string; words: string[] }>(sql`
      select t.tok, array(
        select w.word from search_words w
        where w.word % t.tok
        order by similarity(w.word, t.tok) desc, w.word
        limit ${CANDIDATES_PER_TOKEN}
      ) as words
      from unnest(${sql.param(fuzzy)}::text[]) as t(tok)`);
    if (cache.size + rows.length > ALTERNATIVES_MAX) cache.clear();
    for (const row of rows) cache.set(row.tok, { words: pickAlternatives(row.tok, row.words), at: now });
  }
  return tokens.map((token) => ({ token, alternatives: known(token) ?? [] }));
}

const dialect = new PgDialect();

/**
 * Distinct statement shapes run prepared, per process. A shape is the SQL text (words or not, typo tiers, which
 * filter rules); the values are parameters. The grammar allows many shapes and a prepared statement lives as long as
 * its connection, so shapes past this bound run unnamed.
 */
const MAX_PREPARED_SHAPES = 64;
const preparedNames = new Map<string, string>();

function preparedName(text: string): string | undefined {
  const known = preparedNames.get(text);
  if (known !== undefined || preparedNames.size >= MAX_PREPARED_SHAPES) return known;
  const name = `search_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  preparedNames.set(text, name);
  return name;
}

/**
 * Runs the search statement as a named prepared statement: PostgreSQL (and PGlite) parse it once per connection and
 * plan it from the values of each call until a generic plan is as good, instead of parsing and planning every search.
 * Only integers, text and jsonb come back, so pg's default parsers read the row as drizzle's would.
 */
async function executePrepared<Row extends Record<string, unknown>>(db: Db, query: SQL): Promise<Row[]> {
  // A handle made by drizzle() carries its pool; anything else (a transaction) runs the statement unnamed.
  const client = (db as { $client?: Pool }).$client;
  if (!client) return (await db.execute<Row>(query)).rows as Row[];
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (await client.query<Row>({ name: preparedName(text), text, values: params })).rows;
}

/**
 * A tsquery from its text, as a sub-select: PostgreSQL runs it once per statement (an InitPlan). Written inline,
 * a prepared statement's generic plan called to_tsquery for every row it tested (≈ 1.7× the time for a broad word).
 */
const tsquery = (text: string) => sql`(select to_tsquery('norwegian', ${text}))`;

/** RawArticle as the search index stores it: everything but the image URL and the campaigns running now. */
export type StoredArticle = Omit<RawArticle, 'Image' | 'Campaigns'>;
/**
 * A stored listing document as the database writes it: its JSON text (a StoredArticle), and the two fields the image
 * URL is made from. The text goes into the answer as it is: parsing 24 documents and serialising them again cost
 * ~0.33 ms of the event loop per search page, a sixth of its work per search.
 */
export interface StoredSource {
  json: string;
  group3Id: number;
  /** The first variant's colour, null without variants. */
  firstHex: string | null;
}
/** A running campaign price as the query reads it; LabelData still parsed (hits.ts makes it the legacy string). */
export type StoredCampaign = Omit<RawArticleCampaign, 'LabelData'> & { LabelData: unknown };

export async function searchArticles(
  db: Db,
  input: SearchInput,
  options: { withSource: boolean; now?: Date } = { withSource: false },
): Promise<SearchOutcome> {
  const now = options.now ?? new Date();
  const filters = compileFilters(input.filters);
  const queries = tsQueries(await planTokens(db, tokenize(input.query)));

  const conditions: SQL[] = [sql`s.visible`];
  if (queries) conditions.push(sql`s.document @@ ${tsquery(queries.tolerant)}`);
  if (filters.where) conditions.push(filters.where);
  const where = sql.join(conditions, sql` and `);
  const from = filters.needsCampaignPrices
    ? sql`article_search s left join ${campaignPrices(now)} cp on cp.article_id = s.article_id`
    : sql`article_search s`;

  const count = async () => {
    const { rows } = await db.execute<{ total: number }>(sql`select count(*)::int as total from ${from} where ${where}`);
    return rows[0]?.total ?? 0;
  };
  if (input.take === 0) return { ids: [], sources: [], campaigns: [], scores: [], total: await count() };

  // Tier 3: every word in the name (its own small vector); else tier 2, unless typo alternatives widened the match,
  // when only the matches of the words as typed are tier 2 (without alternatives that second test is always true).
  const tier = queries
    ? sql`case when s.name_document @@ ${tsquery(queries.strict)} then 3 ${
        queries.tolerant === queries.strict
          ? sql`else 2`
          : sql`when s.document @@ ${tsquery(queries.strict)} then 2 else 1`
      } end`
    : sql`0`;
  const limit = sql`limit ${input.take} offset ${input.take * input.page}`;
  // Two plans, each the cheaper for its kind (measured at 20 000 articles on PostgreSQL):
  // - words: the matches come from the GIN probe, so the page is ranked on them with the total as a window count
  //   (a separate count(*) would probe and read every match a second time). `offset 0` keeps the tier computed below
  //   the window: flattened, the window carried every match's row.
  // - no words (filters only, or nothing): the order is the rank index's, so the page is read in index order and
  //   stops after it, and the total is a count(*) beside it (a filter rule is an integer AND per row, see filters.ts);
  //   sorting every match under a window took ~10 ms for 7 500 matches, this ~4 ms.
  const ranked = queries
    ? sql`select m.article_id, m.tier, m.qty_rank, m.name_sort, count(*) over () as total
      from (select s.article_id, ${tier} as tier, s.qty_rank, s.name_sort from ${from} where ${where} offset 0) m
      order by m.tier desc, m.qty_rank, m.name_sort collate "C", m.article_id
      ${limit}`
    : sql`select p.article_id, 0 as tier, p.qty_rank, p.name_sort, c.total
      from (select count(*) as total from ${from} where ${where}) c
      cross join lateral (
        select s.article_id, s.qty_rank, s.name_sort from ${from} where ${where}
        order by s.qty_rank, s.name_sort collate "C", s.article_id
        ${limit}) p`;
  // Campaign prices ride along (same rule as the listings' `campaigns` in routes/articles/load.ts: running at `now`,
  // cheapest first); the search test compares the whole hit with the listings' shape.
  const at = sql`${now.toISOString()}::timestamptz`;
  const campaigns = sql`(select coalesce(jsonb_agg(jsonb_build_object(
      'CampaignArticleID', ca.id, 'CampaignID', ca.campaign_id, 'ArticleID', ca.article_id, 'Price', ca.price,
      'LabelType', c.label_type, 'LabelData', c.label_data) order by ca.price, ca.id), '[]'::jsonb)
    from campaign_articles ca join campaigns c on c.id = ca.campaign_id
    where ca.article_id = page.article_id and c.starts_at <= ${at} and c.ends_at > ${at})`;
  const rows = await executePrepared<{
    id: number;
    tier: number;
    total: number;
    source?: string;
    group3_id?: number;
    first_hex?: string | null;
    campaigns?: StoredCampaign[];
  }>(db, sql`
    with page as (${ranked})
    select page.article_id as id, page.tier, page.total::int as total
      ${options.withSource
        ? sql`, d.source::text as source, (d.source->>'ArticleGroup3ID')::int as group3_id,
            d.source#>>'{Colors,0,Hex}' as first_hex, ${campaigns} as campaigns`
        : sql``}
    from page${options.withSource ? sql` join article_search_sources d on d.article_id = page.article_id` : sql``}
    order by page.tier desc, page.qty_rank, page.name_sort collate "C", page.article_id`);
  // A page past the end has no row to carry the total.
  const total = rows[0]?.total ?? (await count());
  return {
    ids: rows.map((r) => r.id),
    sources: options.withSource ? rows.map((r) => ({ json: r.source!, group3Id: r.group3_id!, firstHex: r.first_hex ?? null })) : [],
    campaigns: options.withSource ? rows.map((r) => r.campaigns ?? []) : [],
    scores: rows.map((r) => r.tier),
    total,
  };
}
