import { describe, expect, it } from 'vitest';
import { parseListingState, parsePrice, toggleValue, writeListingState, type ListingState } from './urlState.js';

const parse = (query: string) => parseListingState(new URLSearchParams(query));

describe('parseListingState', () => {
  it.each<[string, ListingState]>([
    ['', { filters: {}, sort: 'navn' }],
    ['farge=2,5&kjonn=1', { filters: { colors: [2, 5], genders: [1] }, sort: 'navn' }],
    ['merke=Staut,%C3%85sgard&butikk=3', { filters: { brands: ['Staut', 'Åsgard'], shops: [3] }, sort: 'navn' }],
    ['gruppe=111&pris=200-800&sorter=pris-lav', { filters: { groups: [111], price: { min: 20000, max: 80000 } }, sort: 'pris-lav' }],
    ['farge=2,x,,2,-1&kjonn=&sorter=tilfeldig', { filters: { colors: [2] }, sort: 'navn' }],
    ['farge=abc&merke=,,', { filters: {}, sort: 'navn' }],
  ])('%j', (query, state) => {
    expect(parse(query)).toEqual(state);
  });
});

describe('parsePrice', () => {
  it.each([
    ['200-800', { min: 20000, max: 80000 }],
    ['800-200', { min: 20000, max: 80000 }],
    ['200-', { min: 20000, max: Number.MAX_SAFE_INTEGER }],
    ['-800', { min: 0, max: 80000 }],
    ['0-0', { min: 0, max: 0 }],
    ['-', undefined],
    ['abc', undefined],
    ['2.5-8', undefined],
    [null, undefined],
  ])('%j → %j', (value, price) => {
    expect(parsePrice(value)).toEqual(price);
  });
});

describe('writeListingState', () => {
  it('round-trips and keeps unrelated parameters', () => {
    const state: ListingState = {
      filters: { colors: [1, 2], brands: ['Åsgard'], price: { min: 20000, max: Number.MAX_SAFE_INTEGER } },
      sort: 'nyheter',
    };
    const written = writeListingState(new URLSearchParams('utm=x&farge=9'), state);
    expect(written.get('utm')).toBe('x');
    expect(written.get('farge')).toBe('1,2');
    expect(written.get('pris')).toBe('200-');
    expect(parseListingState(written)).toEqual(state);
  });

  it('leaves the default sort and empty filters out of the URL', () => {
    const written = writeListingState(new URLSearchParams('farge=1&sorter=pris-hoy'), { filters: { colors: [] }, sort: 'navn' });
    expect(written.toString()).toBe('');
  });
});

describe('toggleValue', () => {
  it.each([
    [undefined, 1, [1]],
    [[1, 2], 1, [2]],
    [[1], 3, [1, 3]],
  ])('%j ± %j → %j', (list, value, expected) => {
    expect(toggleValue(list as number[] | undefined, value)).toEqual(expected);
  });
});
