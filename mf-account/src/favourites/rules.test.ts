import { describe, expect, it } from 'vitest';
import { isFavouriteList, toggleFavourite } from './rules.js';

describe('toggleFavourite', () => {
  it.each([
    { case: 'adds an absent id at the end', list: [3, 1], id: 7, expected: [3, 1, 7] },
    { case: 'removes a present id', list: [3, 7, 1], id: 7, expected: [3, 1] },
    { case: 'adds to an empty list', list: [], id: 2, expected: [2] },
  ])('$case', ({ list, id, expected }) => {
    expect(toggleFavourite(list, id)).toEqual(expected);
  });
});

describe('isFavouriteList (stored value check)', () => {
  it.each([
    { raw: [1, 2, 3], ok: true },
    { raw: [], ok: true },
    { raw: ['1'], ok: false },
    { raw: [0], ok: false },
    { raw: { 0: 1 }, ok: false },
    { raw: null, ok: false },
  ])('$raw → $ok', ({ raw, ok }) => {
    expect(isFavouriteList(raw)).toBe(ok);
  });
});
