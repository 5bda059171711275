import { describe, expect, it } from 'vitest';
import { canonicalCategoryHref, canonicalCategoryPath, type CategoryNameTree } from './index.js';

/** As the API holds it (stored names) and as the front ends hold it (display names): both resolve alike. */
const stored: CategoryNameTree[] = [
  {
    name: 'Tekstil',
    subcategories: [
      { name: 'Barneklær', groups: [{ name: 'Regntøy' }, { name: 'Ullundertøy' }] },
      { name: 'Jakker', groups: [{ name: 'Skalljakker' }] },
    ],
  },
  { name: 'Vintersport', subcategories: [{ name: 'Hjelmer & alpinbriller', groups: [{ name: 'Alpinbriller' }] }] },
  { name: 'Mat og drikke', subcategories: [] },
];
const shown: CategoryNameTree[] = stored.map((c) => (c.name === 'Tekstil' ? { ...c, name: 'Klær' } : c));

describe.each([
  ['stored names', stored],
  ['display names', shown],
])('canonicalCategoryHref over a tree with %s', (_label, tree) => {
  it.each([
    // stored name, display name (raw and percent-encoded), ASCII, upper case: all to the one ASCII form
    ['/tekstil', '/klaer'],
    ['/klær', '/klaer'],
    ['/kl%C3%A6r', '/klaer'],
    ['/KLÆR', '/klaer'],
    ['/Tekstil/Barneklær', '/klaer/barneklaer'],
    ['/tekstil/barnekl%C3%A6r/regnt%C3%B8y', '/klaer/barneklaer/regntoy'],
    ['/klaer/barneklaer/ullundertøy', '/klaer/barneklaer/ullundertoy'],
    ['/tekstil/jakker/skalljakker?sort=price#top', '/klaer/jakker/skalljakker?sort=price#top'],
    ['/klaer/', '/klaer'],
    ['/mat og drikke', '/mat-og-drikke'],
    // already canonical ("&" kept as SPEC §2 spells it; its encoded form is the same address): unchanged
    ['/klaer', '/klaer'],
    ['/klaer/barneklaer/regntoy?x=1', '/klaer/barneklaer/regntoy?x=1'],
    ['/vintersport/hjelmer-&-alpinbriller/alpinbriller', '/vintersport/hjelmer-&-alpinbriller/alpinbriller'],
    ['/vintersport/hjelmer-%26-alpinbriller', '/vintersport/hjelmer-%26-alpinbriller'],
    // not a category, or a level that does not exist (the page's not-found, not a redirect): unchanged
    ['/', '/'],
    ['/herre', '/herre'],
    ['/product/asen-parkas', '/product/asen-parkas'],
    ['/blogg/nyheter', '/blogg/nyheter'],
    ['/tekstil/finnes-ikke', '/tekstil/finnes-ikke'],
    ['/tekstil/barneklær/finnes-ikke', '/tekstil/barneklær/finnes-ikke'],
    ['/tekstil/barneklær/regntøy/en-til', '/tekstil/barneklær/regntøy/en-til'],
    ['https://example.com/tekstil', 'https://example.com/tekstil'],
    ['//example.com/tekstil', '//example.com/tekstil'],
    ['/%E0%A4%A', '/%E0%A4%A'],
  ])('%s → %s', (href, expected) => {
    expect(canonicalCategoryHref(href, tree)).toBe(expected);
  });

  it('gives the canonical path of params, or null when a level is unknown', () => {
    expect(canonicalCategoryPath(tree, { categoryName: 'tekstil', subcategoryName: 'jakker' })).toBe('/klaer/jakker');
    expect(canonicalCategoryPath(tree, { categoryName: 'klaer', subcategoryName: 'sko' })).toBeNull();
    expect(canonicalCategoryPath(tree, { categoryName: 'sko' })).toBeNull();
    expect(canonicalCategoryPath(tree, {})).toBeNull();
  });
});
