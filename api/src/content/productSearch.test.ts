import { describe, expect, it } from 'vitest';
import { MAX_WORDS, parseIdList, productSearchTerms } from './productSearch.js';

describe('productSearchTerms', () => {
  it.each([
    ['', null],
    ['   ', null],
    ['Vindjakke', { namePatterns: ['%vindjakke%'], articleNoPattern: null, articleNo: null, id: null }],
    ['ull  Genser', { namePatterns: ['%ull%', '%genser%'], articleNoPattern: null, articleNo: null, id: null }],
    ['100234', { namePatterns: ['%100234%'], articleNoPattern: '100234%', articleNo: '100234', id: 100234 }],
    ['100 234', { namePatterns: ['%100%', '%234%'], articleNoPattern: '100234%', articleNo: '100234', id: 100234 }],
    ['AB-12', { namePatterns: ['%ab-12%'], articleNoPattern: 'ab-12%', articleNo: 'ab-12', id: null }],
    ['9999999999', { namePatterns: ['%9999999999%'], articleNoPattern: '9999999999%', articleNo: '9999999999', id: null }],
    ['0', { namePatterns: ['%0%'], articleNoPattern: '0%', articleNo: '0', id: null }],
    // LIKE's wildcards are literal: "50%" finds "50%" in a name, not every name with "50".
    ['50% rabatt_x', { namePatterns: ['%50\\%%', '%rabatt\\_x%'], articleNoPattern: null, articleNo: null, id: null }],
    ['a\\b', { namePatterns: ['%a\\\\b%'], articleNoPattern: null, articleNo: null, id: null }],
  ])('%j', (query, expected) => {
    expect(productSearchTerms(query)).toEqual(expected);
  });

  it(`matches at most ${MAX_WORDS} words`, () => {
    expect(productSearchTerms('a b c d e f g h')!.namePatterns).toHaveLength(MAX_WORDS);
  });
});

describe('parseIdList', () => {
  it.each([
    ['1,2,3', [1, 2, 3]],
    ['3,1,3', [3, 1]],
    ['0,1,2147483648,2147483647', [1, 2147483647]],
    ['', []],
  ])('%s', (list, expected) => {
    expect(parseIdList(list)).toEqual(expected);
  });
});
