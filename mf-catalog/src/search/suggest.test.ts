import { describe, expect, it } from 'vitest';
import { moveActive, suggestionQuery } from './suggest.js';

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
