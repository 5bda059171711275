import { describe, expect, it } from 'vitest';
import { addLine, canIncrement, cartCount, cartDeposit, cartTotal, decrementLine, removeLine } from './rules.js';
import { cartLine } from './fixtures.js';

const A = '7040000000017';
const B = '7040000000024';

describe('addLine (SPEC §4 cart add)', () => {
  it.each([
    { case: 'new EAN is appended with count 1', cart: [], add: cartLine({ ean: A, count: 4 }), expected: [[A, 1]] },
    {
      case: 'a second EAN is appended after the first',
      cart: [cartLine({ ean: A })],
      add: cartLine({ ean: B }),
      expected: [[A, 1], [B, 1]],
    },
    {
      case: 'existing EAN gains 1 under limit and stock',
      cart: [cartLine({ ean: A, count: 2 })],
      add: cartLine({ ean: A }),
      expected: [[A, 3]],
    },
    {
      case: 'no increase at the web purchase limit',
      cart: [cartLine({ ean: A, count: 2, webPurchaseLimit: 2 })],
      add: cartLine({ ean: A }),
      expected: [[A, 2]],
    },
    {
      case: 'no increase when count+1 exceeds first shop stock',
      cart: [cartLine({ ean: A, count: 3, stock: 3 })],
      add: cartLine({ ean: A }),
      expected: [[A, 3]],
    },
    {
      case: 'increase when count+1 equals first shop stock',
      cart: [cartLine({ ean: A, count: 2, stock: 3 })],
      add: cartLine({ ean: A }),
      expected: [[A, 3]],
    },
    {
      case: 'no increase when the variant lists no shop',
      cart: [{ ...cartLine({ ean: A }), variant: { ...cartLine().variant, shops: [] } }],
      add: cartLine({ ean: A }),
      expected: [[A, 1]],
    },
  ])('$case', ({ cart, add, expected }) => {
    const next = addLine(cart, add);
    expect(next.map((line) => [line.ean, line.count])).toEqual(expected);
  });

  it('only the first shop counts, not the sum of shops', () => {
    const line = cartLine({ ean: A, count: 1 });
    const limited = { ...line, variant: { ...line.variant, shops: [{ id: 1, qty: 1 }, { id: 2, qty: 50 }] } };
    expect(canIncrement(limited)).toBe(false);
  });

  it('returns the same array when nothing changes', () => {
    const cart = [cartLine({ ean: A, count: 5, webPurchaseLimit: 5 })];
    expect(addLine(cart, cartLine({ ean: A }))).toBe(cart);
  });
});

describe('decrementLine and removeLine', () => {
  it.each([
    { case: 'lowers the count by one', cart: [cartLine({ ean: A, count: 3 })], ean: A, expected: [[A, 2]] },
    { case: 'never below 1', cart: [cartLine({ ean: A, count: 1 })], ean: A, expected: [[A, 1]] },
    { case: 'unknown EAN changes nothing', cart: [cartLine({ ean: A, count: 2 })], ean: B, expected: [[A, 2]] },
  ])('decrement: $case', ({ cart, ean, expected }) => {
    expect(decrementLine(cart, ean).map((line) => [line.ean, line.count])).toEqual(expected);
  });

  it.each([
    { case: 'deletes the line with its whole count', cart: [cartLine({ ean: A, count: 3 }), cartLine({ ean: B })], ean: A, expected: [[B, 1]] },
    { case: 'last line leaves an empty cart', cart: [cartLine({ ean: A })], ean: A, expected: [] },
    { case: 'unknown EAN changes nothing', cart: [cartLine({ ean: A })], ean: B, expected: [[A, 1]] },
  ])('remove: $case', ({ cart, ean, expected }) => {
    expect(removeLine(cart, ean).map((line) => [line.ean, line.count])).toEqual(expected);
  });
});

describe('totals', () => {
  it.each([
    { case: 'empty cart', cart: [], count: 0, total: 0, deposit: 0 },
    { case: 'one line', cart: [cartLine({ ean: A, count: 2, price: 49900 })], count: 2, total: 99800, deposit: 0 },
    {
      case: 'several lines with deposit',
      cart: [cartLine({ ean: A, count: 2, price: 2990, pant: 200 }), cartLine({ ean: B, count: 1, price: 49900 })],
      count: 3,
      total: 2 * 2990 + 49900,
      deposit: 400,
    },
  ])('$case', ({ cart, count, total, deposit }) => {
    expect(cartCount(cart)).toBe(count);
    expect(cartTotal(cart)).toBe(total);
    expect(cartDeposit(cart)).toBe(deposit);
  });
});
