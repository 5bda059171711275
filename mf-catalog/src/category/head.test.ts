import { describe, expect, it } from 'vitest';
import { mapCategory } from '@shop/contracts/mappers';
import { rawCategory } from '@shop/contracts/testing';
import { resolveGenderUrl, type CategoryPageProps } from '@shop/contracts/routes';
import { categoryHead } from './head.js';
import { searchHead } from '../search/head.js';
import { selectionHead } from '../selection/head.js';

const context = { origin: 'https://www.staut.no', brandName: 'Staut' };
const categories = [
  mapCategory(rawCategory({ Banner: '/api/v1/images/banner/klaer.jpg' })),
  mapCategory(
    rawCategory({
      MainGroupID: 3,
      Name: 'Vintersport',
      Banner: null,
      Subcategories: [
        { ArticleGroup2ID: 31, MainGroupID: 3, Name: 'Hjelmer & alpinbriller', MinPrice: 0, MaxPrice: 0, Count: 3, Groups: [{ ArticleGroup3ID: 311, ArticleGroup2ID: 31, Name: 'Alpinbriller', Count: 3 }] },
      ],
    }),
  ),
];
const listing = (mainGroup: string | null, subcategory: string | null = null, group: string | null = null): CategoryPageProps => ({ mainGroup, subcategory, group, gender: null });
const gender = (url: string): CategoryPageProps => ({ ...listing(null), gender: resolveGenderUrl(url) });

describe('categoryHead', () => {
  it.each([
    ['stored name', listing('tekstil'), 'Klær – Staut', 'https://www.staut.no/klaer'],
    ['display name', listing('klær', 'jakker'), 'Jakker – Staut', 'https://www.staut.no/klaer/jakker'],
    ['canonical, three levels', listing('klaer', 'jakker', 'skalljakker'), 'Skalljakker – Staut', 'https://www.staut.no/klaer/jakker/skalljakker'],
    ['"&" in a name', listing('vintersport', 'hjelmer-&-alpinbriller', 'alpinbriller'), 'Alpinbriller – Staut', 'https://www.staut.no/vintersport/hjelmer-&-alpinbriller/alpinbriller'],
    ['gender landing', gender('herre'), 'Herre – Staut', 'https://www.staut.no/herre'],
    ['barn-junior keeps its address', gender('barn-junior'), 'Barn og junior – Staut', 'https://www.staut.no/barn-junior'],
    ['voksen lists what uni lists', gender('voksen'), 'Voksen – Staut', 'https://www.staut.no/uni'],
  ])('%s', (_name, props, title, canonical) => {
    const head = categoryHead(context, { props, categories });
    expect(head.title).toBe(title);
    expect(head.canonical).toBe(canonical);
    expect(head.openGraph?.url).toBe(canonical);
    expect(head.description).toMatch(/Staut/);
    expect(head.robots).toBeUndefined();
    expect(head.jsonLd?.[0]?.['@type']).toBe('BreadcrumbList');
  });

  it('breadcrumbs name each level at its canonical address; the banner is the preview image', () => {
    const head = categoryHead(context, { props: listing('tekstil', 'jakker'), categories });
    expect(head.openGraph?.image).toBe('https://www.staut.no/api/v1/images/banner/klaer.jpg');
    expect(head.jsonLd?.[0]?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Forside', item: 'https://www.staut.no/' },
      { '@type': 'ListItem', position: 2, name: 'Klær', item: 'https://www.staut.no/klaer' },
      { '@type': 'ListItem', position: 3, name: 'Jakker', item: 'https://www.staut.no/klaer/jakker' },
    ]);
  });

  it.each([listing('finnes-ikke'), listing('klaer', 'finnes-ikke'), listing('klaer', 'jakker', 'finnes-ikke'), listing(null)])('%j is a 404 kept out of the index', (props) => {
    expect(categoryHead(context, { props, categories })).toMatchObject({ status: 404, robots: 'noindex, nofollow' });
  });
});

describe('search and selection heads', () => {
  it('search results are not indexed, their links followed', () => {
    expect(searchHead(context, { query: 'ull & dun' })).toMatchObject({
      title: 'Søk: ull & dun – Staut',
      canonical: 'https://www.staut.no/search/ull%20%26%20dun',
      robots: 'noindex, follow',
    });
  });
  it('a selection is not indexed; its first article is the preview', () => {
    expect(selectionHead(context, { ids: [3, 1], articles: [{ image: '/api/v1/images/a/3.jpg' }] })).toMatchObject({
      title: 'Utvalg – Staut',
      canonical: 'https://www.staut.no/utvalg/3+1',
      robots: 'noindex, follow',
      openGraph: { image: 'https://www.staut.no/api/v1/images/a/3.jpg' },
    });
  });
});
