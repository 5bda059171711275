import { describe, expect, it } from 'vitest';
import type { Article, PageMeta } from '@shop/contracts/types';
import { appendPage, emptyListing, hasMore, nextPage } from './paging.js';
import { article } from '../product/fixtures.js';

const meta = (current_page: number, last_page: number, total = 45): PageMeta => ({ current_page, last_page, per_page: 20, total });
const articles = (...ids: number[]): Article[] => ids.map((id) => article({ id, name: `Vare ${id}` }));

describe('"Vis flere" paging', () => {
  it('appends the next page and moves the page pointer', () => {
    const first = appendPage(emptyListing, { data: articles(1, 2), meta: meta(1, 3) });
    expect(nextPage(first)).toBe(2);
    const second = appendPage(first, { data: articles(3, 4), meta: meta(2, 3) });
    expect(second.articles.map((a) => a.id)).toEqual([1, 2, 3, 4]);
    expect(hasMore(second)).toBe(true);
  });

  it('does not repeat an article the shifted list sends again', () => {
    const first = appendPage(emptyListing, { data: articles(1, 2), meta: meta(1, 2) });
    const second = appendPage(first, { data: articles(2, 3), meta: meta(2, 2) });
    expect(second.articles.map((a) => a.id)).toEqual([1, 2, 3]);
  });

  it.each([
    { listing: emptyListing, more: false },
    { listing: { articles: [], meta: meta(1, 1, 3) }, more: false },
    { listing: { articles: [], meta: meta(2, 3) }, more: true },
    { listing: { articles: [], meta: meta(3, 3) }, more: false },
  ])('hasMore $listing.meta → $more', ({ listing, more }) => {
    expect(hasMore(listing)).toBe(more);
  });
});
