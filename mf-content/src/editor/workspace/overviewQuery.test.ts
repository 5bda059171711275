import { describe, expect, it } from 'vitest';
import type { ContentQuery } from '@shop/contracts/types';
import { isFiltered, overviewQueryFrom, overviewSearchFor, withFilter } from './overviewQuery.js';

describe('overviewQueryFrom (the address → the API query)', () => {
  it.each<[string, string, ContentQuery]>([
    ['nothing', '', {}],
    ['every parameter', '?type=poll&status=scheduled&q=vinter&side=3', { type: 'poll', status: 'scheduled', q: 'vinter', page: 3 }],
    ['an unknown type is dropped', '?type=product&status=draft', { status: 'draft' }],
    ['an unknown status is dropped', '?status=deleted', {}],
    ['the search is trimmed', '?q=%20%20ull%20', { q: 'ull' }],
    ['a blank search is no search', '?q=%20%20', {}],
    ['a search is cut at 100 characters', `?q=${'a'.repeat(120)}`, { q: 'a'.repeat(100) }],
    ['Norwegian letters and percent signs', '?q=bl%C3%A5%20100%25', { q: 'blå 100%' }],
    ['page 1 is the default', '?side=1', {}],
    ['page 0 is dropped', '?side=0', {}],
    ['a negative page is dropped', '?side=-2', {}],
    ['a page that is not a number is dropped', '?side=to', {}],
    ['a page with a fraction is dropped', '?side=2.5', {}],
    ['a page over the API limit is dropped', '?side=10001', {}],
    ['the highest page', '?side=10000', { page: 10000 }],
    ['unknown parameters are ignored', '?sort=title&type=page', { type: 'page' }],
  ])('%s: %s', (_name, search, query) => {
    expect(overviewQueryFrom(new URLSearchParams(search))).toEqual(query);
  });
});

describe('overviewSearchFor (the query → the address)', () => {
  it.each<[string, ContentQuery, string]>([
    ['the unfiltered first page', {}, ''],
    ['every field, in a fixed order', { page: 2, q: 'vinter', status: 'published', type: 'blog-post' }, '?type=blog-post&status=published&q=vinter&side=2'],
    ['page 1 is left out', { type: 'home-layout', page: 1 }, '?type=home-layout'],
    ['a blank search is left out', { q: '   ' }, ''],
    ['a search is encoded', { q: 'blå & grønn' }, '?q=bl%C3%A5+%26+gr%C3%B8nn'],
  ])('%s', (_name, query, search) => {
    expect(overviewSearchFor(query)).toBe(search);
  });

  it.each<[ContentQuery]>([[{}], [{ type: 'poll' }], [{ type: 'page', status: 'draft', q: 'om oss', page: 4 }], [{ q: 'a&b=c?d' }]])('round trip of %j', (query) => {
    expect(overviewQueryFrom(new URLSearchParams(overviewSearchFor(query)))).toEqual(query);
  });
});

describe('withFilter and isFiltered', () => {
  it.each<[string, ContentQuery, Parameters<typeof withFilter>[1], ContentQuery]>([
    ['a new type starts on page 1', { q: 'ull', page: 3 }, { type: 'blog-post' }, { q: 'ull', type: 'blog-post' }],
    ['clearing the status keeps the rest', { type: 'poll', status: 'draft', page: 2 }, { status: undefined }, { type: 'poll', status: undefined }],
  ])('%s', (_name, query, change, expected) => {
    expect(withFilter(query, change)).toEqual(expected);
  });

  it.each<[ContentQuery, boolean]>([[{}, false], [{ page: 3 }, false], [{ q: 'x' }, true], [{ status: 'draft' }, true], [{ type: 'page' }, true]])('%j filtered: %s', (query, filtered) => {
    expect(isFiltered(query)).toBe(filtered);
  });
});
