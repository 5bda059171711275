/**
 * Typo tolerance, the pure half: which of the vocabulary words pg_trgm found similar to a token are close enough to
 * count as the same word misspelt. Trigram similarity finds candidates fast (GIN index); the edit distance decides,
 * with Meilisearch's budget: one typo from 5 letters, two from 9. A swap of two neighbours is one typo.
 */
import { MAX_ALTERNATIVES, MIN_FUZZY_LENGTH } from './query.js';

export const TWO_TYPOS_FROM = 9;

export function typoBudget(token: string): number {
  const length = [...token].length;
  if (length < MIN_FUZZY_LENGTH) return 0;
  return length < TWO_TYPOS_FROM ? 1 : 2;
}

/** Optimal-string-alignment distance (Levenshtein plus adjacent transpositions), by code point. */
export function editDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  const rows = s.length + 1;
  const cols = t.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[rows - 1]![cols - 1]!;
}

/**
 * Candidates (most trigram-similar first) within the token's typo budget, closest first, at most MAX_ALTERNATIVES.
 * A candidate that merely continues the token ("vindj" → "vindjakke") is left out: the prefix match finds it already.
 * With `stems` (word → its `norwegian` stem, the token's too), a candidate whose stem the token or a closer candidate
 * already has is left out: "vindjakke" and "vindjakka" both match `vindjakk`, and a repeated word in the tsquery
 * doubles the planner's estimate of its matches (it then walked 50 000 rows to count 1 000 at 200 000 articles).
 */
export function pickAlternatives(
  token: string,
  candidates: readonly string[],
  stems?: ReadonlyMap<string, string>,
): string[] {
  const budget = typoBudget(token);
  if (budget === 0) return [];
  const seen = new Set(stems?.has(token) ? [stems.get(token)] : []);
  return candidates
    .filter((word) => word !== token && !word.startsWith(token))
    .map((word, order) => ({ word, order, distance: editDistance(token, word) }))
    .filter((c) => c.distance <= budget)
    .sort((x, y) => x.distance - y.distance || x.order - y.order)
    .filter(({ word }) => {
      const stem = stems?.get(word);
      if (stem === undefined) return true;
      if (seen.has(stem)) return false;
      seen.add(stem);
      return true;
    })
    .slice(0, MAX_ALTERNATIVES)
    .map((c) => c.word);
}
