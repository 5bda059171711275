import { describe, expect, it } from 'vitest';
import type { RawBanner, RawSettings } from '@shop/contracts/types';
import { layoutLinks, linkTarget } from './homeLinks.js';

const banner = (Link: string | null): RawBanner => ({ Image: '/b.svg', ImageMobile: null, Link, Title: null, Text: null });

describe('linkTarget', () => {
  it.each([
    ['/klaer', { kind: 'path', path: '/klaer', content: null }],
    ['/', { kind: 'path', path: '/', content: null }],
    ['/#about', { kind: 'path', path: '/', content: null }],
    ['/butikker?postnummer=0150', { kind: 'path', path: '/butikker', content: null }],
    ['/finnes-ikke', { kind: 'path', path: '/finnes-ikke', content: null }],
    ['/blogg', { kind: 'path', path: '/blogg', content: null }],
    ['/blogg/vinterklar', { kind: 'path', path: '/blogg/vinterklar', content: { type: 'blog-post', slug: 'vinterklar' } }],
    ['/blogg/kategori/tips', { kind: 'path', path: '/blogg/kategori/tips', content: { type: 'blog-category', slug: 'tips' } }],
    ['/avstemning', { kind: 'path', path: '/avstemning', content: null }],
    ['/avstemning/7', { kind: 'path', path: '/avstemning/7', content: { type: 'poll', id: 7 } }],
    ['/avstemning/sju', { kind: 'path', path: '/avstemning/sju', content: { type: 'poll', id: 0 } }],
    ['/avstemning/99999999999', { kind: 'path', path: '/avstemning/99999999999', content: { type: 'poll', id: 0 } }],
    ['https://example.com/klaer', { kind: 'outside' }],
    ['//example.com/klaer', { kind: 'outside' }],
    ['/\\example.com', { kind: 'outside' }],
    ['mailto:kundeservice@staut.no', { kind: 'outside' }],
    ['#about', { kind: 'outside' }],
  ])('%s', (href, expected) => {
    expect(linkTarget(href)).toEqual(expected);
  });
});

describe('layoutLinks', () => {
  it('names every slot that has a link, numbered from 1 as the editor shows them', () => {
    const settings: RawSettings = {
      TopBanner: banner('/klaer'),
      SubBanners: [banner(null), null, banner('/sko')],
      StoreSearch: banner('/butikker'),
      PopularCategories: [{ Name: 'Sko', Image: '/s.svg', Link: '/sko' }],
      Grid3x3: [null, banner('/blogg'), banner(null)],
    };
    expect(layoutLinks(settings)).toEqual([
      { field: 'TopBanner.Link', href: '/klaer' },
      { field: 'SubBanners.3.Link', href: '/sko' },
      { field: 'StoreSearch.Link', href: '/butikker' },
      { field: 'PopularCategories.1.Link', href: '/sko' },
      { field: 'Grid3x3.2.Link', href: '/blogg' },
    ]);
  });

  it('an empty layout has none', () => {
    expect(layoutLinks({ TopBanner: null, SubBanners: [], StoreSearch: null, PopularCategories: [], Grid3x3: [] })).toEqual([]);
  });
});
