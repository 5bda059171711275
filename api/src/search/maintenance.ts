/**
 * Keeping the search index whole. Triggers keep it in step with every ordinary write (migration
 * 0004_search_triggers); a bulk load with triggers off (the seed's `session_replication_role = replica`) does not,
 * so the app checks at start-up and rebuilds when the index and the articles differ in number.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.js';

/**
 * Re-indexes every article (≈1 s at 1 500 articles, ≈10 s at 20 000 on PGlite), then vacuums and analyzes the index.
 * PGlite runs no autovacuum (and PostgreSQL's comes later): without fresh statistics the planner keeps the empty-table
 * estimates of the migration, and without the visibility map a filtered total cannot be an index-only count over
 * article_search_facets_idx (it reads the table: 4.8 against 1.4 ms at 20 000 articles on PostgreSQL).
 */
export async function rebuildSearchIndex(db: Db): Promise<void> {
  await db.execute(sql`select search_index_refresh(null)`);
  await orderSearchIndex(db);
  await db.execute(sql`vacuum (analyze) search_words`);
}

/**
 * Rewrites the index rows in rank order (bestseller rank, Norwegian name, id: article_search_rank_idx) and vacuums
 * and analyzes them. A search with a common word walks that index until its page is full; with the rows in the same
 * order the walk reads neighbouring rows of a few pages instead of one page per row (at 200 000 articles, "staut":
 * 689 rows in 4.2 → 0.6 ms). Later writes put a changed row where there is room (fillfactor 90, migration 0011),
 * so the order wears slowly; the next rebuild restores it. CLUSTER locks the table while it runs (≈ 3 s at 200 000
 * articles), so only a rebuild, before the app serves, does it.
 */
export async function orderSearchIndex(db: Db): Promise<void> {
  await db.execute(sql`cluster article_search using article_search_rank_idx`);
  await db.execute(sql`vacuum (analyze) article_search`);
}

/** Rebuilds when the index has another number of rows than there are articles; says whether it did. */
export async function ensureSearchIndex(db: Db): Promise<boolean> {
  const { rows } = await db.execute<{ articles: number; indexed: number }>(sql`
    select (select count(*)::int from articles) as articles, (select count(*)::int from article_search) as indexed`);
  const counts = rows[0];
  if (!counts || counts.articles === counts.indexed) return false;
  await rebuildSearchIndex(db);
  return true;
}

/**
 * How often the app vacuums the search index. Every stock or article write rewrites index rows and clears their
 * pages' visibility bits; PGlite never vacuums by itself, so the filtered totals would drift from index-only counts
 * back to reading the table. A vacuum that finds nothing to do skips the all-visible pages: milliseconds.
 */
export const SEARCH_INDEX_VACUUM_EVERY_MS = 10 * 60_000;

/** Vacuums the search index (dead rows out, visibility map back); skips it when another process is vacuuming it. */
export async function vacuumSearchIndex(db: Db): Promise<void> {
  await db.execute(sql`vacuum (skip_locked) article_search`);
}
