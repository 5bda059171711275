import { describe, expect, it } from 'vitest';
import type { Shop } from '@shop/contracts/types';
import { shopStock, withFreshStock } from './availability.js';
import { variant } from './fixtures.js';

const shop = (id: number, name: string) => ({ id, name }) as Shop;
const shops = [shop(3, 'Staut Bergen'), shop(55, 'Nettbutikk'), shop(7, 'Staut Ålesund'), shop(8, 'Staut Oslo')];

describe('shopStock', () => {
  it('puts shops with stock first, then Norwegian name order, with names from GET /shops', () => {
    const v = variant({ shops: [{ id: 7, qty: 2 }, { id: 8, qty: 0 }, { id: 3, qty: 0 }, { id: 55, qty: 9 }, { id: 99, qty: 1 }] });
    expect(shopStock(v, shops)).toEqual([
      { id: 99, name: 'Butikk 99', qty: 1 },
      { id: 55, name: 'Nettbutikk', qty: 9 },
      { id: 7, name: 'Staut Ålesund', qty: 2 },
      { id: 3, name: 'Staut Bergen', qty: 0 },
      { id: 8, name: 'Staut Oslo', qty: 0 },
    ]);
  });
});

describe('withFreshStock', () => {
  it('replaces the shops and recounts availability; unmentioned variants stay', () => {
    const a = variant({ sizeId: 2 });
    const b = variant({ sizeId: 3 });
    const fresh = { ...a, shops: [{ id: 3, qty: 0 }, { id: 55, qty: 0 }] };
    const [first, second] = withFreshStock([a, b], [fresh]);
    expect(first).toMatchObject({ id: a.id, availability: 0, shops: fresh.shops });
    expect(second).toBe(b);
  });
});
