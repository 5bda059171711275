import { describe, expect, it } from 'vitest';
import type { EditorProduct } from '@shop/contracts/types';
import { addProduct, leftTheShop, moveProduct, nextActive, removeProduct, unresolved, type ListKey, type Resolved } from './picker.js';

describe('addProduct', () => {
  it.each([
    ['to an empty list', [], 5, undefined, { ids: [5], result: 'added' }],
    ['last, keeping the order', [3, 1], 2, undefined, { ids: [3, 1, 2], result: 'added' }],
    ['not twice', [3, 1], 3, undefined, { ids: [3, 1], result: 'already' }],
    ['under the limit', [1, 2], 3, 3, { ids: [1, 2, 3], result: 'added' }],
    ['not past the limit', [1, 2, 3], 4, 3, { ids: [1, 2, 3], result: 'full' }],
    ['as the one featured product', [], 7, 1, { ids: [7], result: 'added' }],
    ['replacing the featured product', [7], 8, 1, { ids: [8], result: 'replaced' }],
    ['the same featured product again', [7], 7, 1, { ids: [7], result: 'already' }],
  ] as const)('%s', (_name, ids, id, max, expected) => {
    expect(addProduct(ids, id, max)).toEqual(expected);
  });
});

describe('removeProduct and moveProduct', () => {
  it.each([
    [[1, 2, 3], 2, [1, 3]],
    [[1, 2, 3], 9, [1, 2, 3]],
  ])('remove from %j: %s', (ids, id, expected) => {
    expect(removeProduct(ids, id)).toEqual(expected);
  });

  it.each([
    [[1, 2, 3], 2, -1, [2, 1, 3]],
    [[1, 2, 3], 2, 1, [1, 3, 2]],
    [[1, 2, 3], 1, -1, [1, 2, 3]],
    [[1, 2, 3], 3, 1, [1, 2, 3]],
    [[1, 2, 3], 9, 1, [1, 2, 3]],
  ] as const)('move in %j: %s by %s', (ids, id, by, expected) => {
    expect(moveProduct(ids, id, by)).toEqual(expected);
  });
});

describe('nextActive (the option the keys reach)', () => {
  it.each<[number, number, ListKey, number]>([
    [-1, 3, 'ArrowDown', 0],
    [0, 3, 'ArrowDown', 1],
    [2, 3, 'ArrowDown', 0],
    [-1, 3, 'ArrowUp', 2],
    [0, 3, 'ArrowUp', 2],
    [2, 3, 'ArrowUp', 1],
    [1, 3, 'Home', 0],
    [1, 3, 'End', 2],
    [-1, 0, 'ArrowDown', -1],
    [-1, 0, 'End', -1],
  ])('from %s of %s, %s → %s', (active, count, key, expected) => {
    expect(nextActive(active, count, key)).toBe(expected);
  });
});

describe('leftTheShop (flagged in the editor)', () => {
  const product = (inShop: boolean): EditorProduct => ({ id: 1, article_no: '1', name: 'Jakke', price: 100, image: '/a.svg', in_web_shop: inShop });
  it.each<[string, Resolved, boolean]>([
    ['shown in the web shop', product(true), false],
    ['hidden from the web shop', product(false), true],
    ['gone from the catalogue', 'missing', true],
    ['not yet looked up', undefined, false],
  ])('%s', (_name, resolved, expected) => {
    expect(leftTheShop(resolved)).toBe(expected);
  });

  it('looks up only what is not known', () => {
    expect(unresolved([1, 2, 3], new Map<number, Resolved>([[2, 'missing']]))).toEqual([1, 3]);
  });
});
