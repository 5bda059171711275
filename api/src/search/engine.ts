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
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import type { RawArticle, RawArticleCampaign } from '@shop/contracts/types';
import type { Db } from '../db/index.js';
import { compileFilters } from './filters.js';
import { fuzzyCandidates, tokenize, tsQueries, type TokenPlan } from './query.js';
import { PreparedSearches, sqlStringLiteral } from './statements.js';
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
  /** Matches, counted exactly up to totalBound(take, page); `gte` = at least this many (Elasticsearch's relation). */
  total: number;
  relation: 'eq' | 'gte';
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
    // Each candidate with its `norwegian` stem (and the token's own), so alternatives that add no lexeme are dropped.
    const { rows } = await db.execute<{ tok: string; stem: string; words: string[]; stems: string[] }>(sql`
      select t.tok, strip(to_tsvector('norwegian', t.tok))::text as stem,
        coalesce(c.words, '{}') as words, coalesce(c.stems, '{}') as stems
      from unnest(${sql.param(fuzzy)}::text[]) as t(tok)
      cross join lateral (
        select array_agg(n.word order by n.similarity desc, n.word) as words,
          array_agg(n.stem order by n.similarity desc, n.word) as stems
        from (select w.word, similarity(w.word, t.tok) as similarity,
                strip(to_tsvector('norwegian', w.word))::text as stem
              from search_words w where w.word % t.tok order by similarity desc, w.word limit ${CANDIDATES_PER_TOKEN}) n
      ) c`);
    if (cache.size + rows.length > ALTERNATIVES_MAX) cache.clear();
    for (const row of rows) {
      const stems = new Map([[row.tok, row.stem], ...row.words.map((word, i): [string, string] => [word, row.stems[i]!])]);
      cache.set(row.tok, { words: pickAlternatives(row.tok, row.words, stems), at: now });
    }
  }
  return tokens.map((token) => ({ token, alternatives: known(token) ?? [] }));
}

const dialect = new PgDialect();

const preparedSearches = new WeakMap<Pool, PreparedSearches>();

/**
 * Runs a search statement: named once its text repeats (statements.ts), so a repeated search is not parsed and
 * planned again. Only integers, text and jsonb come back, so pg's default parsers read the row as drizzle's would.
 */
async function executeSearch<Row extends Record<string, unknown>>(db: Db, query: SQL): Promise<Row[]> {
  // A handle made by drizzle() carries its pool; anything else (a transaction) runs the statement unnamed.
  const pool = (db as { $client?: Pool }).$client;
  if (!pool) return (await db.execute<Row>(query)).rows as Row[];
  let statements = preparedSearches.get(pool);
  if (!statements) preparedSearches.set(pool, (statements = new PreparedSearches(pool)));
  const { sql: text, params } = dialect.sqlToQuery(query);
  return statements.query<Row>(text, params);
}

/** A value the plan depends on, written into the statement's text (statements.ts); never shopper text unescaped. */
const planLiteral = (value: number | string) =>
  sql.raw(typeof value === 'number' ? String(Math.trunc(value)) : sqlStringLiteral(value));

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

/**
 * Hits are counted exactly up to this many, Elasticsearch's `track_total_hits`: past it the total is a lower bound
 * (`relation: "gte"`) and the shop shows "1000+ treff". Counting every match reads every match's row, ten times the
 * rows at ten times the catalogue (ADR 0011); counting to a bound reads at most this many.
 */
export const TOTAL_HITS_BOUND = 1000;

/** The bound a page is counted to: TOTAL_HITS_BOUND, or the next multiple of it past the page, so "more" is known. */
export function totalBound(take: number, page: number, bound = TOTAL_HITS_BOUND): number {
  const through = (page + 1) * take;
  return bound * Math.max(1, Math.ceil((through + 1) / bound));
}

/**
 * tsquery texts → PostgreSQL's normalised tsquery (stemmed lexemes), kept per database: a search writes them into
 * its statement as tsquery literals, so the planner sees the words (their frequency decides between walking the rank
 * index and a GIN probe, see searchArticles) and no row calls to_tsquery. The stemmer is fixed: an entry never goes
 * stale.
 */
const NORMALISED_MAX = 2000;
const normalisedCache = new WeakMap<Db, Map<string, string>>();

async function normaliseTsQueries(db: Db, texts: readonly string[]): Promise<string[]> {
  let cache = normalisedCache.get(db);
  if (!cache) normalisedCache.set(db, (cache = new Map()));
  const missing = [...new Set(texts.filter((text) => !cache.has(text)))];
  if (missing.length > 0) {
    const { rows } = await db.execute<{ text: string; normalised: string }>(sql`
      select t.text, to_tsquery('norwegian', t.text)::text as normalised from unnest(${sql.param(missing)}::text[]) as t(text)`);
    if (cache.size + rows.length > NORMALISED_MAX) cache.clear();
    for (const row of rows) cache.set(row.text, row.normalised);
  }
  return texts.map((text) => cache.get(text)!);
}

export async function searchArticles(
  db: Db,
  input: SearchInput,
  options: { withSource: boolean; now?: Date; totalHitsBound?: number } = { withSource: false },
): Promise<SearchOutcome> {
  const now = options.now ?? new Date();
  const filters = compileFilters(input.filters, now);
  const texts = tsQueries(await planTokens(db, tokenize(input.query)));
  const queries = texts && (await normaliseTsQueries(db, [texts.strict, texts.tolerant]));
  // The words are part of the statement's text: its plan depends on them (see executeSearch).
  const strict = queries && sql`${planLiteral(queries[0]!)}::tsquery`;
  const tolerant = queries && (texts.tolerant === texts.strict ? null : sql`${planLiteral(queries[1]!)}::tsquery`);

  const visible = filters.where ? sql`s.visible and ${filters.where}` : sql`s.visible`;

  // The total, counted to a bound. With words it is counted over the GIN probe's matches, never by walking the
  // table: a walk tests the words on bound ÷ density rows (~0.7 µs each: "ull", 13 000 rows, 15 ms at 200 000
  // articles) where the probe costs ~0.1 µs a match, but the planner prices that test as one operator and cannot see
  // how many rows a filter rule's bit test keeps (it walked 50 000 rows, 24 ms, to count 1 000 of a filtered word).
  // So the count hides the words from the planner (a sub-select, run once): it then expects few matches, for which a
  // walk would read the whole table, and probes the index.
  const bound = totalBound(input.take, input.page, options.totalHitsBound);
  const counted = strict ? sql`${visible} and s.document @@ (select ${planLiteral(queries[1]!)}::tsquery)` : visible;
  const totalQuery = sql`select count(*)::int as total from (select 1 from article_search s where ${counted} limit ${planLiteral(bound)}) c`;
  const relationOf = (total: number) => (total >= bound ? ('gte' as const) : ('eq' as const));
  if (input.take === 0) {
    const total = (await db.execute<{ total: number }>(totalQuery)).rows[0]?.total ?? 0;
    return { ids: [], sources: [], campaigns: [], scores: [], total, relation: relationOf(total) };
  }

  // The page, one branch per relevance tier, each in rank order (bestseller rank, Norwegian name, id) and limited to
  // the rows through this page: tier 3 every word in the name as typed, 2 every word somewhere as typed, 1 only
  // through a typo alternative. The union's limit stops after the branches that fill the page (an Append runs its
  // branches in order), and each branch is planned with its words: a common word walks article_search_rank_idx and
  // stops after the page (the rows lie in that order), a rare one probes its GIN index and sorts its few matches.
  // Without words the page is read in rank-index order and stops after it.
  const through = input.take * (input.page + 1);
  const rank = sql`order by s.qty_rank, s.name_sort collate "C", s.article_id`;
  const branch = (tier: number, condition: SQL) =>
    sql`(select s.article_id, ${sql.raw(String(tier))} as tier, s.qty_rank, s.name_sort from article_search s
      where ${visible} and ${condition} ${rank} limit ${planLiteral(through)})`;
  const ranked = strict
    ? sql`select * from (${sql.join(
        [
          branch(3, sql`s.name_document @@ ${strict}`),
          branch(2, sql`s.document @@ ${strict} and not (s.name_document @@ ${strict})`),
          ...(tolerant ? [branch(1, sql`s.document @@ ${tolerant} and not (s.document @@ ${strict})`)] : []),
        ],
        sql` union all `,
      )} limit ${planLiteral(input.take)} offset ${planLiteral(input.take * input.page)}) u`
    : sql`select s.article_id, 0 as tier, s.qty_rank, s.name_sort from article_search s where ${visible}
      ${rank} limit ${planLiteral(input.take)} offset ${planLiteral(input.take * input.page)}`;
  // Campaign prices ride along (same rule as the listings' `campaigns` in routes/articles/load.ts: running at `now`,
  // cheapest first); the search test compares the whole hit with the listings' shape.
  const at = sql`${now.toISOString()}::timestamptz`;
  const campaigns = sql`(select coalesce(jsonb_agg(jsonb_build_object(
      'CampaignArticleID', ca.id, 'CampaignID', ca.campaign_id, 'ArticleID', ca.article_id, 'Price', ca.price,
      'LabelType', c.label_type, 'LabelData', c.label_data) order by ca.price, ca.id), '[]'::jsonb)
    from campaign_articles ca join campaigns c on c.id = ca.campaign_id
    where ca.article_id = page.article_id and c.starts_at <= ${at} and c.ends_at > ${at})`;
  // One statement: the total, then the page beside it (a page past the end is one row without an article).
  const pageQuery = sql`
    with page as (${ranked})
    select t.total, page.article_id as id, page.tier
      ${options.withSource
        ? sql`, d.source::text as source, (d.source->>'ArticleGroup3ID')::int as group3_id,
            d.source#>>'{Colors,0,Hex}' as first_hex, ${campaigns} as campaigns`
        : sql``}
    from (${totalQuery}) t left join page on true
      ${options.withSource ? sql`left join article_search_sources d on d.article_id = page.article_id` : sql``}
    order by page.tier desc, page.qty_rank, page.name_sort collate "C", page.article_id`;
  type PageRow = {
    total: number;
    id: number | null;
    tier: number;
    source?: string;
    group3_id?: number;
    first_hex?: string | null;
    campaigns?: StoredCampaign[];
  };
  const all = await executeSearch<PageRow>(db, pageQuery);
  const total = all[0]?.total ?? 0;
  const rows = all.filter((r) => r.id !== null);
  return {
    ids: rows.map((r) => r.id!),
    sources: options.withSource ? rows.map((r) => ({ json: r.source!, group3Id: r.group3_id!, firstHex: r.first_hex ?? null })) : [],
    campaigns: options.withSource ? rows.map((r) => r.campaigns ?? []) : [],
    scores: rows.map((r) => r.tier),
    total,
    relation: relationOf(total),
  };
}
