/**
 * What an editor's product search asks of the catalogue (the picker in the workspace): every word of the query in the
 * name, or the query as the start of an article number, or exactly an id. Editors know products by their article
 * number ("100234") as often as by name, and the shoppers' search does not index article numbers.
 */
import { INT4_MAX } from '../routes/shared/schema.js';

export interface ProductSearchTerms {
  /** Lower-case words, each of which must occur in the name (as ILIKE patterns, `%` and `_` literal). */
  namePatterns: string[];
  /** The query without spaces as an article-number prefix pattern; null when it cannot be one. */
  articleNoPattern: string | null;
  /** The query without spaces, for ranking an exact article number first. */
  articleNo: string | null;
  /** The query as an article id (digits only, within int4); null otherwise. */
  id: number | null;
}

/** At most this many words are matched (a pasted paragraph must not become a huge query). */
export const MAX_WORDS = 6;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The terms of a query; null for a query with nothing to search by (blank). Pure. */
export function productSearchTerms(query: string): ProductSearchTerms | null {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  const compact = words.join('');
  const looksLikeNumber = /^[0-9a-z][0-9a-z./-]*$/.test(compact) && /[0-9]/.test(compact);
  const id = /^[0-9]{1,10}$/.test(compact) && Number(compact) >= 1 && Number(compact) <= INT4_MAX ? Number(compact) : null;
  return {
    namePatterns: words.map((w) => `%${escapeLike(w)}%`),
    articleNoPattern: looksLikeNumber ? `${escapeLike(compact)}%` : null,
    articleNo: looksLikeNumber ? compact : null,
    id,
  };
}

/** Ids named in a lookup (`1,2,3`), unique, in their order. Pure. */
export function parseIdList(list: string): number[] {
  return [...new Set(list.split(',').map(Number))].filter((n) => Number.isInteger(n) && n >= 1 && n <= INT4_MAX);
}
