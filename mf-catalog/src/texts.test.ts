import { describe, expect, it } from 'vitest';
import { texts } from './texts.js';

describe('count texts', () => {
  it.each([
    [texts.searchHits(1), '1 treff'],
    [texts.searchHits(257), '257 treff'],
    // A search counts its hits up to a bound: past it the count is "at least".
    [texts.searchHits(1000, false), '1000+ treff'],
    [texts.articleCount(1), '1 vare'],
    [texts.articleCount(42), '42 varer'],
    [texts.articleCount(1000, false), '1000+ varer'],
    [texts.showMore(null), 'Vis flere'],
    [texts.showMore(3), 'Vis flere (3)'],
    [texts.showMore(976, true), 'Vis flere (976+)'],
  ])('%j', (text, expected) => {
    expect(text).toBe(expected);
  });
});
