import { describe, expect, it } from 'vitest';
import { pathFor } from '@shop/contracts/routes';
import type { Article, Category } from '@shop/contracts/types';
import { categorySuggestions, moveActive, suggestionQuery, type CategorySuggestion } from './suggest.js';

describe('suggestionQuery', () => {
  it.each([
    ['', null],
    ['v', null],
    [' v ', null],
    ['vi', 'vi'],
    ['  vind   jakke ', 'vind jakke'],
    ['æø', 'æø'],
  ])('%j → %j', (text, query) => {
    expect(suggestionQuery(text)).toBe(query);
  });
});

describe('moveActive', () => {
  it.each([
    [-1, 1, 3, 0],
    [0, 1, 3, 1],
    [2, 1, 3, -1],
    [-1, -1, 3, 2],
    [0, -1, 3, -1],
    [-1, 1, 0, -1],
  ] as const)('from %i by %i over %i → %i', (active, delta, count, expected) => {
    expect(moveActive(active, delta, count)).toBe(expected);
  });
});

describe('categorySuggestions', () => {
  const group = (id: number, name: string) => ({ name, articleGroup2ID: Math.floor(id / 10), articleGroup3ID: id, count: 1 });
  const tree = [
    {
      id: 1, name: 'Klær', count: 9, banner: null, bannerLink: null, current_page: 1, last_page: 1, minPrice: 0, maxPrice: 0, availableProductlines: [],
      subcategories: [
        { id: 11, parent: 1, name: 'Jakker', minPrice: 0, maxPrice: 0, count: 5, groups: [group(111, 'Skalljakker'), group(112, 'Vindjakker')] },
        { id: 12, parent: 1, name: 'Ullundertøy', minPrice: 0, maxPrice: 0, count: 4, groups: [group(121, 'Trøyer')] },
      ],
    },
    {
      id: 2, name: 'Vintersport', count: 3, banner: null, bannerLink: null, current_page: 1, last_page: 1, minPrice: 0, maxPrice: 0, availableProductlines: [],
      subcategories: [{ id: 21, parent: 2, name: 'Ski', minPrice: 0, maxPrice: 0, count: 3, groups: [group(211, 'Langrennsski')] }],
    },
  ] as Category[];
  const hit = (group3: number) => ({ category: { id: Math.floor(group3 / 100) }, articleGroup2ID: Math.floor(group3 / 10), articleGroup3ID: group3 }) as Article;
  const names = (list: CategorySuggestion[]) => list.map((c) => [c.name, c.parents, c.path]);

  it.each([
    // No category named: the groups holding the most hits, most first.
    ['vinjdakke', [112, 112, 111, 112, 211], [['Vindjakker', 'Klær › Jakker', '/klær/jakker/vindjakker'], ['Langrennsski', 'Vintersport › Ski', '/vintersport/ski/langrennsski'], ['Skalljakker', 'Klær › Jakker', '/klær/jakker/skalljakker']]],
    // A category the shopper is typing comes first, at its own level ("jakker" → Jakker, then its groups).
    ['jakker', [111, 112, 112], [['Jakker', 'Klær', '/klær/jakker'], ['Vindjakker', 'Klær › Jakker', '/klær/jakker/vindjakker'], ['Skalljakker', 'Klær › Jakker', '/klær/jakker/skalljakker']]],
    // Without accents and as a prefix: "ullundert" and "vinter".
    ['ullundert', [121, 111], [['Ullundertøy', 'Klær', '/klær/ullundertøy'], ['Skalljakker', 'Klær › Jakker', '/klær/jakker/skalljakker'], ['Trøyer', 'Klær › Ullundertøy', '/klær/ullundertøy/trøyer']]],
    ['vinter ski', [211], [['Vintersport', '', '/vintersport'], ['Ski', 'Vintersport', '/vintersport/ski'], ['Langrennsski', 'Vintersport › Ski', '/vintersport/ski/langrennsski']]],
    // Hits outside the tree (a category not on the web) suggest nothing.
    ['lue', [999], []],
  ])('%s', (query, hits, expected) => {
    const got = names(categorySuggestions(hits.map(hit), tree, query));
    expect(got.map(([name, parents]) => [name, parents])).toEqual(expected.map(([name, parents]) => [name, parents]));
    // Links are the category pages' own (pathFor, as the menu and the category page link them).
    expect(got.map(([, , path]) => path)).toEqual(expected.map(([, , path]) => pathFor('category', pathParams(path!))));
  });

  it('keeps to the maximum', () => {
    expect(categorySuggestions([111, 112, 121, 211].map(hit), tree, 'x', 2)).toHaveLength(2);
  });
});

/** "/klær/jakker/vindjakker" → the category params pathFor builds that path from. */
function pathParams(path: string) {
  const [categoryName, subcategoryName, group] = path.split('/').filter(Boolean);
  return { categoryName: categoryName!, subcategoryName, group };
}
