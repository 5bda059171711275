import { describe, expect, it } from 'vitest';
import type { Article } from '@shop/contracts/types';
import { article } from '../product/fixtures.js';
import {
  applyFilters,
  byBrands,
  byColors,
  byGenders,
  byGroups,
  byPrice,
  byShops,
  hasActiveFilters,
  type ListingFilters,
} from './clientFilters.js';

const parka = article({ id: 1, price: 199900, articleGroup3ID: 112, colorGroups: [1, 2], gender: { id: 1, name: 'Herre' }, genders: [1], brand: 'Staut', available: [1, 55] });
const genser = article({ id: 2, price: 49900, articleGroup3ID: 121, colorGroups: [3], gender: { id: 2, name: 'Dame' }, genders: [2], brand: 'Åsgard', available: [] });
const lue = article({ id: 3, price: 29900, articleGroup3ID: 161, colorGroups: [], gender: { id: 10, name: 'Uni' }, genders: [10, 4], brand: 'Norrøn', available: [2] });
const all: Article[] = [parka, genser, lue];
const idsOf = (list: Article[]) => list.map((a) => a.id);

describe('single predicates', () => {
  it.each([
    ['price inside', byPrice(29900, 49900), [2, 3]],
    ['price includes the lower bound', byPrice(49900, 100000), [2]],
    ['price includes the upper bound', byPrice(0, 29900), [3]],
    ['price with equal bounds', byPrice(199900, 199900), [1]],
    ['price with nothing in range', byPrice(1, 2), []],
    ['group by id', byGroups([121, 161]), [2, 3]],
    ['colour: any shared colour group', byColors([2, 3]), [1, 2]],
    ['colour: an article without colours never matches', byColors([1, 2, 3]), [1, 2]],
    ['gender by gender id', byGenders([2]), [2]],
    ['gender: extra genders count too', byGenders([4]), [3]],
    ['brand by text, case-insensitive', byBrands(['staut', 'ÅSGARD']), [1, 2]],
    ['brand with surrounding spaces', byBrands([' Norrøn ']), [3]],
    ['shop: stocked in one of them', byShops([2, 55]), [1, 3]],
    ['shop nobody stocks', byShops([99]), []],
  ])('%s', (_case, predicate, expected) => {
    expect(idsOf(all.filter(predicate))).toEqual(expected);
  });
});

describe('applyFilters', () => {
  it.each<[string, ListingFilters, number[]]>([
    ['no filters keeps everything', {}, [1, 2, 3]],
    ['empty lists are no filter', { colors: [], brands: [], shops: [] }, [1, 2, 3]],
    ['filters combine with AND', { price: { min: 0, max: 60000 }, colors: [3] }, [2]],
    ['AND that nothing passes', { genders: [1], shops: [2] }, []],
    ['all six at once', { price: { min: 100000, max: 300000 }, groups: [112], colors: [1], genders: [1], brands: ['Staut'], shops: [55] }, [1]],
  ])('%s', (_case, filters, expected) => {
    expect(idsOf(applyFilters(all, filters))).toEqual(expected);
  });

  it('does not change the list it is given', () => {
    const list = [...all];
    applyFilters(list, { colors: [3] });
    expect(idsOf(list)).toEqual([1, 2, 3]);
  });

  it.each<[ListingFilters, boolean]>([
    [{}, false],
    [{ colors: [] }, false],
    [{ colors: [1] }, true],
    [{ price: { min: 0, max: 1 } }, true],
    [{ brands: ['Staut'] }, true],
  ])('hasActiveFilters(%j) = %s', (filters, active) => {
    expect(hasActiveFilters(filters)).toBe(active);
  });
});

describe('numeric filters accept numbers only (a developer error, not a shopper one)', () => {
  it.each([
    ['price', () => byPrice('100' as unknown as number, 200), 'Only numbers supported as value'],
    ['price NaN', () => byPrice(0, Number.NaN), 'Only numbers supported as value'],
    ['groups', () => byGroups(['1'] as unknown as number[]), 'Only numbers supported as values'],
    ['colours', () => byColors([1, Number.POSITIVE_INFINITY]), 'Only numbers supported as values'],
    ['genders', () => byGenders([null] as unknown as number[]), 'Only numbers supported as values'],
    ['shops', () => byShops('1,2' as unknown as number[]), 'Only numbers supported as values'],
  ])('%s', (_case, make, message) => {
    expect(make).toThrow(message);
  });
});
