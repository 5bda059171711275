import { describe, expect, it } from 'vitest';
import { compareVariantShops, discountFor, promoState, shippingPrice, vatOf } from './rules.js';

const d = (s: string) => new Date(s);

describe('promoState', () => {
  it.each([
    ['before the window', '2026-01-01T00:00:00Z', 'not-yet-valid'],
    ['at valid_from', '2026-02-01T00:00:00Z', 'valid'],
    ['inside', '2026-02-15T00:00:00Z', 'valid'],
    ['at valid_to (exclusive)', '2026-03-01T00:00:00Z', 'expired'],
    ['after', '2026-04-01T00:00:00Z', 'expired'],
  ] as const)('%s → %s', (_name, now, expected) => {
    expect(promoState({ validFrom: d('2026-02-01T00:00:00Z'), validTo: d('2026-03-01T00:00:00Z') }, d(now))).toBe(expected);
  });
  it('no end date never expires', () => {
    expect(promoState({ validFrom: d('2020-01-01T00:00:00Z'), validTo: null }, d('2099-01-01T00:00:00Z'))).toBe('valid');
  });
});

describe('discountFor', () => {
  it.each([
    ['fixed', { fixed: true, amount: 10000 }, 50000, 0, 10000],
    ['fixed larger than goods stops at the deposit', { fixed: true, amount: 100000 }, 50000, 400, 49600],
    ['percentage', { fixed: false, amount: 15 }, 49900, 0, 7485],
    ['percentage rounds to whole øre', { fixed: false, amount: 15 }, 2990, 0, 449],
    ['percentage above 100 is capped', { fixed: false, amount: 150 }, 1000, 0, 1000],
    ['negative never adds', { fixed: true, amount: -500 }, 1000, 0, 0],
  ] as const)('%s', (_n, rule, goods, deposit, expected) => {
    expect(discountFor(rule, goods, deposit)).toBe(expected);
  });
});

describe('vatOf', () => {
  it.each([
    [12500, 2500, 10000],
    [49900, 9980, 39920],
    [1, 0, 1],
    [0, 0, 0],
  ])('%i øre → VAT %i, net %i', (total, vat, net) => {
    expect(vatOf(total)).toEqual({ vat, net });
  });
});

describe('shippingPrice: home delivery costs the cart\'s freight, click-and-collect is free', () => {
  it.each([
    ['click-and-collect is free, whatever the lines', false, 0, [14900, null], 0],
    ['click-and-collect with a priced method is still free', false, 4900, [9900], 0],
    ['one line without fright_price → the default 9900, not the method price', true, 19900, [null], 9900],
    ['one line with its own fright_price', true, 19900, [14900], 14900],
    ['the highest of several lines, not the sum', true, 19900, [9900, 14900, null], 14900],
    ['a default line outranks a cheaper explicit one', true, 19900, [4900, null], 9900],
    ['free-freight articles only → free home delivery', true, 19900, [0, 0], 0],
    ['a line dearer than the method is charged in full', true, 19900, [29900, null], 29900],
    ['no line carries a freight price → the method price', true, 19900, [], 19900],
  ] as const)('%s', (_n, home, methodPrice, lineFreights, expected) => {
    expect(shippingPrice({ home, methodPrice, lineFreights })).toBe(expected);
  });
});

describe('compareVariantShops: the first shop listed is the one that can serve the largest line', () => {
  const order = (rows: Array<[number, number]>) =>
    rows.map(([shopId, qty]) => ({ shopId, qty })).sort(compareVariantShops).map((r) => [r.shopId, r.qty]);
  it.each([
    ['most units first', [[1, 2], [2, 7], [55, 4]], [[2, 7], [55, 4], [1, 2]]],
    ['the web stock first among equals', [[1, 4], [55, 4]], [[55, 4], [1, 4]]],
    ['then by shop id', [[9, 3], [2, 3], [5, 3]], [[2, 3], [5, 3], [9, 3]]],
    ['a sold-out web stock goes last', [[55, 0], [3, 1]], [[3, 1], [55, 0]]],
    ['no shops', [], []],
  ] as Array<[string, Array<[number, number]>, Array<[number, number]>]>)('%s', (_n, rows, expected) => {
    expect(order(rows)).toEqual(expected);
  });
});
