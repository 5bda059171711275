import { describe, expect, it } from 'vitest';
import { mapCategory } from '@shop/contracts/mappers';
import { rawCategory } from '@shop/contracts/testing';
import { brandShows, buildMenu, isMenuLinkActive, type CurrentRoute } from './entries.js';

const tenant = (brandName: string, lists: Partial<Record<'support' | 'maintenance' | 'about' | 'policy', string[]>>) => ({
  brandName,
  menuBrands: { support: [], maintenance: [], about: [], policy: [], ...lists },
});

describe('brand lists decide the info entries', () => {
  it.each([
    { brand: 'Staut', lists: { support: ['Staut'], maintenance: ['Staut'], about: ['Staut'], policy: ['Staut'] }, shown: ['Kundeservice', 'Vedlikehold', 'Om Oss', 'Informasjon'] },
    { brand: 'Staut', lists: { support: ['Staut', 'Heldre'], about: ['Heldre'] }, shown: ['Kundeservice'] },
    { brand: 'Heldre', lists: { support: ['Staut'], maintenance: ['heldre '], policy: ['Heldre'] }, shown: ['Vedlikehold', 'Informasjon'] },
    { brand: 'Staut', lists: {}, shown: [] },
  ])('$brand with $lists → $shown', ({ brand, lists, shown }) => {
    expect(buildMenu(tenant(brand, lists), []).info.map((link) => link.label)).toEqual(shown);
  });

  it('brandShows compares names case-insensitively', () => {
    expect(brandShows(tenant('STAUT', { about: ['staut'] }), 'about')).toBe(true);
  });

  it('info entries link to their routes', () => {
    const all = { support: ['S'], maintenance: ['S'], about: ['S'], policy: ['S'] };
    expect(buildMenu(tenant('S', all), []).info.map((link) => link.to)).toEqual([
      '/kundeservice',
      '/vedlikehold',
      '/om-oss',
      '/baerekraftig-forretningspraksis',
    ]);
  });
});

describe('category and fixed entries', () => {
  const categories = [
    mapCategory(
      rawCategory({
        MainGroupID: 3,
        Name: 'Vintersport',
        Subcategories: [{ ...rawCategory().Subcategories[0], ArticleGroup2ID: 31, Name: 'Hjelmer & alpinbriller' }],
      }),
    ),
  ];
  const menu = buildMenu(tenant('Staut', {}), categories);

  it('categories from the API, each with its subcategories', () => {
    expect(menu.categories.map((c) => [c.label, c.to, c.children.map((s) => s.to)])).toEqual([
      ['Vintersport', '/vintersport', ['/vintersport/hjelmer-&-alpinbriller']],
    ]);
  });

  it('fixed entries: Kosttilskudd and Tilbehør', () => {
    expect(menu.fixed.map((link) => [link.label, link.to])).toEqual([
      ['Kosttilskudd', '/mat-og-drikke'],
      ['Tilbehør', '/sportsutstyr/tilbehor-sportsutstyr'],
    ]);
  });
});

describe('highlight by route params', () => {
  const menu = buildMenu(tenant('S', { support: ['S'] }), []);
  const [supplements, accessories] = menu.fixed;
  const [support] = menu.info;
  const route = (name: string, params: Record<string, string> = {}): CurrentRoute => ({ name, params });

  it.each([
    { link: supplements, current: route('category', { categoryName: 'mat-og-drikke' }), active: true },
    { link: supplements, current: route('category', { categoryName: 'mat-og-drikke', subcategoryName: 'drikke' }), active: true },
    { link: supplements, current: route('category', { categoryName: 'sko' }), active: false },
    { link: accessories, current: route('category', { categoryName: 'sportsutstyr', subcategoryName: 'tilbehor-sportsutstyr' }), active: true },
    { link: accessories, current: route('category', { categoryName: 'Sportsutstyr', subcategoryName: 'tilbeh%C3%B8r-sportsutstyr', group: 'refleks' }), active: true },
    { link: accessories, current: route('category', { categoryName: 'sportsutstyr' }), active: false },
    { link: accessories, current: route('category', { categoryName: 'sportsutstyr', subcategoryName: 'sekker' }), active: false },
    { link: support, current: route('support'), active: true },
    { link: support, current: route('about'), active: false },
    { link: supplements, current: route('gender', {}), active: false },
    { link: supplements, current: null, active: false },
  ])('$link.label on $current.name $current.params → $active', ({ link, current, active }) => {
    expect(isMenuLinkActive(link, current)).toBe(active);
  });
});
