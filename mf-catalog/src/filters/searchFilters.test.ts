import { describe, expect, it } from 'vitest';
import { parseSearchFilters } from '@shop/contracts/validation';
import type { ArticleFilters } from '@shop/contracts/types';
import type { ListingFilters } from './clientFilters.js';
import { searchFilterString, toArticleFilters } from './searchFilters.js';

const brands = [
  { ProductLineID: 1, Name: 'Staut' },
  { ProductLineID: 2, Name: 'Åsgard' },
];

describe('toArticleFilters', () => {
  it.each<[string, ListingFilters, ArticleFilters, ArticleFilters]>([
    ['nothing', {}, {}, {}],
    ['brand names become product line ids', { brands: ['åsgard', 'Staut'] }, {}, { brands: [1, 2] }],
    ['an unknown brand matches nothing, not everything', { brands: ['Ukjent'] }, {}, { brands: [0] }],
    ['lists and price pass through', { colors: [3], shops: [5], groups: [111], price: { min: 100, max: 200 } }, {}, { colors: [3], shops: [5], groups: [111], price: { min: 100, max: 200 } }],
    ['a landing keeps its genders', {}, { genders: [4, 11] }, { genders: [4, 11] }],
    ['a chosen gender narrows the landing', { genders: [4] }, { genders: [4, 11] }, { genders: [4] }],
    ['a gender outside the landing matches nothing', { genders: [1] }, { genders: [4, 11] }, { genders: [0] }],
  ])('%s', (_case, filters, fixed, expected) => {
    expect(toArticleFilters(filters, brands, fixed)).toEqual(expected);
  });
});

describe('searchFilterString', () => {
  it.each<[ArticleFilters, string]>([
    [{}, ''],
    [{ colors: [1, 2], genders: [4] }, 'ColorGroupID IN [1,2] AND GenderID IN [4]'],
    [{ price: { min: 20000, max: 80000 } }, 'GrossPrice 20000 TO 80000'],
    [{ price: { min: 20000, max: Number.MAX_SAFE_INTEGER }, brands: [1] }, 'ProductLineID IN [1] AND GrossPrice > 19999'],
    [{ exclude: [7] }, ''],
    [{ exclude: [7, 8] }, 'ArticleID NOT IN [7,8]'],
  ])('%j → %j', (filters, text) => {
    expect(searchFilterString(filters)).toBe(text);
  });

  it('always produces a string the API parser accepts', () => {
    const text = searchFilterString({ colors: [1], genders: [2], brands: [3], shops: [4], groups: [5], price: { min: 0, max: 9 }, exclude: [6, 7] });
    expect(parseSearchFilters(text)).toHaveLength(7);
  });
});
