import { describe, expect, it } from 'vitest';
import type { Article } from '@shop/contracts/types';
import { appendPage, emptyPaged, hasMore, remaining } from './paging.js';
import { article } from '../product/fixtures.js';

const articles = (...ids: number[]): Article[] => ids.map((id) => article({ id, name: `Vare ${id}` }));

describe('"Vis flere" paging', () => {
  it('appends pages and counts what remains (total minus what the pages hold)', () => {
    const first = appendPage(emptyPaged(2), { articles: articles(1, 2), total: 5 });
    expect([first.pages, hasMore(first), remaining(first)]).toEqual([1, true, 3]);
    const second = appendPage(first, { articles: articles(3, 4), total: 5 });
    expect(second.articles.map((a) => a.id)).toEqual([1, 2, 3, 4]);
    expect([hasMore(second), remaining(second)]).toEqual([true, 1]);
    const last = appendPage(second, { articles: articles(5), total: 5 });
    expect([hasMore(last), remaining(last)]).toEqual([false, 0]);
  });

  it('keeps whether the total is a lower bound (a search counted to its bound)', () => {
    const first = appendPage(emptyPaged(24), { articles: articles(1, 2), total: 1000, totalIsExact: false });
    expect([first.totalIsExact, hasMore(first), remaining(first)]).toEqual([false, true, 976]);
    expect(appendPage(first, { articles: articles(3), total: 2000, totalIsExact: true }).totalIsExact).toBe(true);
    expect(appendPage(emptyPaged(2), { articles: [], total: 0 }).totalIsExact).toBe(true);
  });

  it('does not repeat an article the shifted list sends again', () => {
    const first = appendPage(emptyPaged(2), { articles: articles(1, 2), total: 4 });
    const second = appendPage(first, { articles: articles(2, 3), total: 4 });
    expect(second.articles.map((a) => a.id)).toEqual([1, 2, 3]);
  });

  it.each([
    ['nothing loaded yet', emptyPaged(20), false, 0],
    ['an empty listing', appendPage(emptyPaged(20), { articles: [], total: 0 }), false, 0],
    ['exactly one full page', appendPage(emptyPaged(2), { articles: articles(1, 2), total: 2 }), false, 0],
    ['a total that grew', appendPage(emptyPaged(2), { articles: articles(1, 2), total: 30 }), true, 28],
  ])('%s', (_case, state, more, left) => {
    expect(hasMore(state)).toBe(more);
    expect(remaining(state)).toBe(left);
  });
});
