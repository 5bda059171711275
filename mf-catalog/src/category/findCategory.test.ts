import { describe, expect, it } from 'vitest';
import type { Category } from '@shop/contracts/types';
import { findCategory, listingSource } from './findCategory.js';

const group = (name: string, articleGroup3ID: number) => ({ name, articleGroup2ID: 20, articleGroup3ID, count: 3 });
const categories = [
  {
    id: 1,
    name: 'Klær',
    count: 10,
    subcategories: [],
  },
  {
    id: 3,
    name: 'Vintersport',
    count: 40,
    subcategories: [
      { id: 20, parent: 3, name: 'Hjelmer & alpinbriller', minPrice: 0, maxPrice: 0, count: 5, groups: [group('Alpinbriller', 201), group('Alpinhjelm', 202)] },
      { id: 21, parent: 3, name: 'Staver', minPrice: 0, maxPrice: 0, count: 5, groups: [group('Alpinstaver', 211)] },
    ],
  },
  { id: 5, name: 'Mat og drikke', count: 8, subcategories: [] },
] as unknown as Category[];

describe('findCategory', () => {
  it.each([
    { params: { categoryName: 'klær' }, expected: ['Klær', null, null] },
    { params: { categoryName: 'mat-og-drikke' }, expected: ['Mat og drikke', null, null] },
    { params: { categoryName: 'vintersport', subcategoryName: 'hjelmer-&-alpinbriller' }, expected: ['Vintersport', 'Hjelmer & alpinbriller', null] },
    {
      params: { categoryName: 'vintersport', subcategoryName: 'hjelmer-%26-alpinbriller', group: 'alpinbriller' },
      expected: ['Vintersport', 'Hjelmer & alpinbriller', 'Alpinbriller'],
    },
  ])('$params', ({ params, expected }) => {
    const match = findCategory(categories, params);
    expect([match?.category.name, match?.subcategory?.name ?? null, match?.group?.name ?? null]).toEqual(expected);
  });

  it.each([{ categoryName: 'finnes-ikke' }, {}, { categoryName: 'vintersport', subcategoryName: 'ukjent' }, { categoryName: 'vintersport', subcategoryName: 'hjelmer-&-alpinbriller', group: 'ukjent' }])('a segment naming nothing %o → null', (params) => {
    expect(findCategory(categories, params)).toBeNull();
  });

  it('lists the subcategory when one is chosen and keeps the group as a client-side filter', () => {
    const match = findCategory(categories, { categoryName: 'vintersport', subcategoryName: 'staver', group: 'alpinstaver' })!;
    expect(listingSource(match)).toEqual({ kind: 'subcategory', id: 21, groupId: 211 });
    expect(listingSource(findCategory(categories, { categoryName: 'klær' })!)).toEqual({ kind: 'category', id: 1, groupId: null });
  });
});
