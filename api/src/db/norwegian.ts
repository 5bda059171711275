/**
 * Norwegian alphabetical order without a Norwegian collation. PGlite ships no ICU/nb locale, and a PostgreSQL server's
 * default collation is whatever its initdb chose, so names are ordered by a sort key compared byte-wise (COLLATE "C"):
 * lower-cased, `aa` read as `å` (as nb-NO does), æ/ø/å mapped to the three ASCII characters right after `z`
 * (`{`, `|`, `}`), ä/ö/ü sorted with æ/ø/y, other accents folded. Same key in SQL and in JS, so tests can compare the
 * database's order with `Intl.Collator('nb-NO')`.
 */
import { sql, type SQL, type AnyColumn } from 'drizzle-orm';

const FOLD: Record<string, string> = {
  æ: '{', ø: '|', å: '}', ä: '{', ö: '|', ü: 'y',
  é: 'e', è: 'e', ê: 'e', ë: 'e', á: 'a', à: 'a', â: 'a', ó: 'o', ò: 'o', ô: 'o',
  í: 'i', ì: 'i', î: 'i', ï: 'i', ú: 'u', ù: 'u', û: 'u', ç: 'c', ñ: 'n',
};
// Upper-case letters are listed too: lower() leaves non-ASCII unchanged under the C locale (PGlite).
const PAIRS = Object.entries(FOLD).flatMap(([from, to]) => [[from, to], [from.toUpperCase(), to]] as const);
export const FOLD_FROM = PAIRS.map(([from]) => from).join('');
export const FOLD_TO = PAIRS.map(([, to]) => to).join('');

/** The sort key in JS (mirrors `norwegianSortKey`). */
export function norwegianSortKeyOf(name: string): string {
  const lowered = name.replace(/[A-Z]/g, (c) => c.toLowerCase()).replace(/aa/g, 'å');
  return Array.from(lowered, (c) => FOLD[c] ?? FOLD[c.toLowerCase()] ?? c).join('');
}

/** The sort key in SQL; order by it with `COLLATE "C"` (see norwegianOrder). */
export function norwegianSortKey(column: AnyColumn | SQL): SQL {
  return sql`translate(replace(lower(${column}), 'aa', 'å'), ${sql.raw(`'${FOLD_FROM}'`)}, ${sql.raw(`'${FOLD_TO}'`)})`;
}

/**
 * ORDER BY fragments: Norwegian name order, then the exact name, so equal keys stay stable. Pass `keyColumn` when the
 * table stores the key (articles.name_sort) instead of computing it per row.
 */
export function norwegianOrder(column: AnyColumn, direction: 'asc' | 'desc' = 'asc', keyColumn?: AnyColumn): SQL[] {
  const dir = sql.raw(direction);
  const key = keyColumn ?? norwegianSortKey(column);
  return [sql`${key} collate "C" ${dir}`, sql`${column} collate "C" ${dir}`];
}
