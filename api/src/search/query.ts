/**
 * The text half of the search (pure, unit-tested): what the shopper typed → tokens → a PostgreSQL tsquery text for
 * the `norwegian` configuration. Tokens are letters and digits only, so the tsquery text never needs quoting and a
 * shopper cannot inject tsquery operators.
 */

/** More words than this add nothing to a product search and cost a GIN probe each. */
export const MAX_TOKENS = 8;
/** Longer "words" are pasted junk; PostgreSQL would ignore lexemes over 2 kB anyway. */
export const MAX_TOKEN_LENGTH = 40;
/** Typo tolerance starts at five letters (as Meilisearch does): shorter words get too many false friends. */
export const MIN_FUZZY_LENGTH = 5;
/** Similar vocabulary words tried per misspelt token. */
export const MAX_ALTERNATIVES = 3;

const WORD = /[\p{L}\p{N}]+/gu;
const ONLY_WORD = /^[\p{L}\p{N}]+$/u;

/** Lower-cased words of the query in order, each once; æøå and accents kept (the norwegian stemmer needs them). */
export function tokenize(query: string): string[] {
  const words = query.normalize('NFC').toLocaleLowerCase('nb-NO').match(WORD) ?? [];
  const seen = new Set<string>();
  for (const word of words) {
    if (word.length > MAX_TOKEN_LENGTH) continue;
    seen.add(word);
    if (seen.size === MAX_TOKENS) break;
  }
  return [...seen];
}

/** Tokens long enough to look up misspellings for. */
export function fuzzyCandidates(tokens: readonly string[]): string[] {
  return tokens.filter((token) => [...token].length >= MIN_FUZZY_LENGTH);
}

export interface TokenPlan {
  token: string;
  /** Vocabulary words close to the token (typo tolerance), most similar first. */
  alternatives: readonly string[];
}

export interface TsQueries {
  /** Every token as typed (the last one as a prefix): against the name alone it is relevance tier 3, anywhere tier 2. */
  strict: string;
  /** Every token as typed or as one of its alternatives: the match condition. */
  tolerant: string;
}

/**
 * tsquery texts for `to_tsquery('norwegian', …)`. The last word is matched as a prefix (the shopper may still be
 * typing it: `vindj` → `vindj:*`); earlier words are complete and match by stem, so `vindjakker` and `vindjakke` both
 * become `vindjakk` and find "Vindjakke" and "vindjakka" (a prefix on every word made "ull dame" match every
 * "ull…" word, a sixth of the catalogue). Alternatives match whole words: they come from the vocabulary.
 * `tolerant` equals `strict` when no token has an alternative (then no match is a typo match).
 */
export function tsQueries(plans: readonly TokenPlan[]): TsQueries | null {
  const usable = plans.filter((p) => ONLY_WORD.test(p.token));
  if (usable.length === 0) return null;
  const last = usable.length - 1;
  const term = (p: TokenPlan, i: number) => (i === last ? `${p.token}:*` : p.token);
  const and = (parts: string[]) => parts.join(' & ');
  return {
    strict: and(usable.map(term)),
    tolerant: and(
      usable.map((p, i) => {
        const alternatives = p.alternatives.filter((a) => ONLY_WORD.test(a) && a !== p.token);
        return alternatives.length === 0 ? term(p, i) : `(${[term(p, i), ...alternatives].join(' | ')})`;
      }),
    ),
  };
}
