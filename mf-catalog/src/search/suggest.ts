/** As-you-type suggestions of the search box: when to ask, and moving through the list with the keyboard. Pure. */
import { SEARCH_SUGGESTIONS } from '@shop/contracts/constants';
import { pathFor } from '@shop/contracts/routes';
import type { Article, Category } from '@shop/contracts/types';

/** Fewer letters than this match too much to be useful. */
export const SUGGEST_MIN_CHARS = 2;
/** Wait this long after the last keystroke before asking (each keystroke would otherwise be a request). */
export const SUGGEST_DELAY_MS = 200;
/** One fact for the box and the server's first-view answers (api/src/server/firstViewAnswers.ts). */
export const SUGGESTIONS = SEARCH_SUGGESTIONS;

export function suggestionQuery(text: string): string | null {
  const query = text.trim().replace(/\s+/g, ' ');
  return [...query].length >= SUGGEST_MIN_CHARS ? query : null;
}

/** Arrow keys over `count` options plus "none" (-1): down from the last goes back to none, up from none to the last. */
export function moveActive(active: number, delta: 1 | -1, count: number): number {
  if (count === 0) return -1;
  const next = active + delta;
  if (next >= count) return -1;
  if (next < -1) return count - 1;
  return next;
}

/** At most this many category suggestions beside the products. */
export const CATEGORY_SUGGESTIONS = 3;
/** Hits asked for per suggestion request: the first SUGGESTIONS are shown, all of them vote for categories. */
export const SUGGESTION_SAMPLE = 12;

export interface CategorySuggestion {
  key: string;
  /** The category's own name ("Skalljakker"). */
  name: string;
  /** Where it sits, for telling namesakes apart ("Klær › Jakker"); empty for a main category. */
  parents: string;
  path: string;
}

interface Node {
  key: string;
  name: string;
  parents: string[];
  params: { categoryName: string; subcategoryName?: string; group?: string };
}

/** Lower case without accents, so "Klær" and "klaer" or "Undertøy" and "undertoy" compare as the shopper means. */
const fold = (text: string) =>
  text.toLowerCase().replace(/æ/g, 'ae').replace(/ø/g, 'o').replace(/å/g, 'a').normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** Whether a typed word starts a word of the name, or a word of the name starts the typed word ("jakker" → "Jakke"). */
function namesMatch(name: string, words: readonly string[]): boolean {
  const nameWords = fold(name).split(/[^a-z0-9]+/).filter(Boolean);
  return words.some((word) => word.length >= 2 && nameWords.some((n) => n.startsWith(word) || (n.length >= 4 && word.startsWith(n))));
}

/**
 * The categories to suggest for the hits of a suggestion search (so they follow the search's own stemming and typo
 * tolerance: "skaljakker" finds the Skalljakker articles, and with them their category). A category whose name the
 * shopper is typing comes first, at whatever level it is (main category, subcategory, group); otherwise the groups
 * (the most specific level) holding the most hits. Each path is the category page's, from the shop's category tree.
 */
export function categorySuggestions(hits: readonly Article[], tree: readonly Category[], query: string, max = CATEGORY_SUGGESTIONS): CategorySuggestion[] {
  const words = fold(query).split(/[^a-z0-9]+/).filter(Boolean);
  const votes = new Map<string, { node: Node; count: number; level: number }>();
  const vote = (node: Node, level: number) => {
    const entry = votes.get(node.key);
    if (entry) entry.count += 1;
    else votes.set(node.key, { node, count: 1, level });
  };
  for (const hit of hits) {
    const main = tree.find((c) => c.id === hit.category.id);
    if (!main) continue;
    vote({ key: `c${main.id}`, name: main.name, parents: [], params: { categoryName: main.name } }, 1);
    const sub = main.subcategories.find((s) => s.id === hit.articleGroup2ID);
    if (!sub) continue;
    vote({ key: `s${sub.id}`, name: sub.name, parents: [main.name], params: { categoryName: main.name, subcategoryName: sub.name } }, 2);
    const group = sub.groups.find((g) => g.articleGroup3ID === hit.articleGroup3ID);
    if (!group) continue;
    vote(
      { key: `g${group.articleGroup3ID}`, name: group.name, parents: [main.name, sub.name], params: { categoryName: main.name, subcategoryName: sub.name, group: group.name } },
      3,
    );
  }
  const ranked = [...votes.values()]
    .map((entry) => ({ ...entry, named: namesMatch(entry.node.name, words) }))
    // A main category or subcategory only when the shopper is typing its name: otherwise it holds every hit below it.
    .filter((entry) => entry.named || entry.level === 3)
    .sort((a, b) => Number(b.named) - Number(a.named) || b.count - a.count || a.level - b.level || a.node.name.localeCompare(b.node.name, 'nb'));
  return ranked.slice(0, max).map(({ node }) => ({
    key: node.key,
    name: node.name,
    parents: node.parents.join(' › '),
    path: pathFor('category', node.params),
  }));
}
