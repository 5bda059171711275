import { describe, expect, it } from 'vitest';
import {
  NO_DISCOUNT,
  activateDiscount,
  addLine,
  addOutcome,
  addUnits,
  cartLineFor,
  appliedDiscount,
  canIncrement,
  cartCount,
  cartDeposit,
  cartSubtotal,
  cartTotal,
  decrementLine,
  discountValue,
  errorsForLine,
  followLines,
  freightPrice,
  isCartValid,
  removeLine,
  trackKlarnaOrder,
  trackQliroOrder,
} from './rules.js';
import { mapCartVariant } from '@shop/contracts/mappers';
import { rawArticle, rawVariant } from '@shop/contracts/testing';
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
      add: cartLine({ ean: A, webPurchaseLimit: 2 }),
      expected: [[A, 2]],
    },
    {
      case: 'no increase when count+1 exceeds first shop stock',
      cart: [cartLine({ ean: A, count: 3, stock: 3 })],
      add: cartLine({ ean: A, stock: 3 }),
      expected: [[A, 3]],
    },
    {
      case: 'increase when count+1 equals first shop stock',
      cart: [cartLine({ ean: A, count: 2, stock: 3 })],
      add: cartLine({ ean: A, stock: 3 }),
      expected: [[A, 3]],
    },
    {
      case: 'no increase when the variant lists no shop',
      cart: [{ ...cartLine({ ean: A }), variant: { ...cartLine().variant, shops: [] } }],
      add: { ...cartLine({ ean: A }), variant: { ...cartLine().variant, shops: [] } },
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
    expect(addLine(cart, cartLine({ ean: A, webPurchaseLimit: 5 }))).toBe(cart);
  });
});

/** A line whose variant lists these shops (first = the shop the API lists first). */
const withShops = (line: ReturnType<typeof cartLine>, shops: Array<{ id: number; qty: number }>) => ({
  ...line,
  variant: { ...line.variant, shops },
});

describe('addOutcome (SPEC §4 cart add: why an add is refused)', () => {
  it.each([
    { case: 'new EAN', cart: [], add: cartLine({ ean: A }), expected: { kind: 'added', count: 1 } },
    { case: 'new EAN even when its first shop holds 0 (the spec appends)', cart: [], add: cartLine({ ean: A, stock: 0 }), expected: { kind: 'added', count: 1 } },
    { case: 'under limit and stock', cart: [cartLine({ ean: A, count: 1, stock: 2 })], add: cartLine({ ean: A, stock: 2 }), expected: { kind: 'increased', count: 2 } },
    { case: 'first shop holds 2, third add', cart: [cartLine({ ean: A, count: 2, stock: 2 })], add: cartLine({ ean: A, stock: 2 }), expected: { kind: 'stock', count: 2, stock: 2 } },
    { case: 'first shop holds 0, second add', cart: [cartLine({ ean: A, count: 1, stock: 0 })], add: cartLine({ ean: A, stock: 0 }), expected: { kind: 'stock', count: 1, stock: 0 } },
    { case: 'at the web purchase limit', cart: [cartLine({ ean: A, count: 3, webPurchaseLimit: 3 })], add: cartLine({ ean: A, webPurchaseLimit: 3 }), expected: { kind: 'limit', count: 3, limit: 3 } },
    { case: 'limit is told before stock when both stop it', cart: [cartLine({ ean: A, count: 2, webPurchaseLimit: 2, stock: 2 })], add: cartLine({ ean: A, webPurchaseLimit: 2, stock: 2 }), expected: { kind: 'limit', count: 2, limit: 2 } },
    { case: 'a negative stock counts as 0', cart: [cartLine({ ean: A, count: 1, stock: -3 })], add: cartLine({ ean: A, stock: -3 }), expected: { kind: 'stock', count: 1, stock: 0 } },
    { case: 'the add brings fresher stock: it decides', cart: [cartLine({ ean: A, count: 2, stock: 10 })], add: cartLine({ ean: A, stock: 2 }), expected: { kind: 'stock', count: 2, stock: 2 } },
    { case: 'the add brings a lowered limit: it decides', cart: [cartLine({ ean: A, count: 2, webPurchaseLimit: 5 })], add: cartLine({ ean: A, webPurchaseLimit: 2 }), expected: { kind: 'limit', count: 2, limit: 2 } },
    { case: 'fresher stock can also allow it', cart: [cartLine({ ean: A, count: 2, stock: 2 })], add: cartLine({ ean: A, stock: 5 }), expected: { kind: 'increased', count: 3 } },
    {
      case: 'only the first shop counts, not the sum',
      cart: [withShops(cartLine({ ean: A, count: 1 }), [{ id: 55, qty: 1 }, { id: 3, qty: 1 }])],
      add: withShops(cartLine({ ean: A }), [{ id: 55, qty: 1 }, { id: 3, qty: 1 }]),
      expected: { kind: 'stock', count: 1, stock: 1 },
    },
  ])('$case', ({ cart, add, expected }) => {
    expect(addOutcome(cart, add)).toEqual(expected);
  });

  it('a refused add leaves the lines as they were; an increase keeps the fresh reading (stock, price, freight)', () => {
    const cart = [cartLine({ ean: A, count: 2, stock: 2 })];
    expect(addLine(cart, cartLine({ ean: A, stock: 2 }))).toBe(cart);
    const grown = addLine(cart, cartLine({ ean: A, stock: 7, price: 39900, frightPrice: 14900 }));
    expect(grown[0]).toMatchObject({ count: 3, price: 39900, frightPrice: 14900 });
    expect(grown[0]!.variant.shops[0]!.qty).toBe(7);
  });
});

describe('addUnits (an add of several units: each decided in turn)', () => {
  it.each([
    { case: 'one unit of a new line', cart: [], units: 1, add: cartLine({ ean: A }), count: 1, outcome: 'added' },
    { case: 'three units of a new line', cart: [], units: 3, add: cartLine({ ean: A }), count: 3, outcome: 'increased' },
    { case: 'stops at the first shop’s stock', cart: [cartLine({ ean: A, count: 1, stock: 3 })], units: 5, add: cartLine({ ean: A, stock: 3 }), count: 3, outcome: 'stock' },
    { case: 'stops at the limit', cart: [], units: 4, add: cartLine({ ean: A, webPurchaseLimit: 2 }), count: 2, outcome: 'limit' },
  ])('$case', ({ cart, units, add, count, outcome }) => {
    const next = addUnits(cart, add, units);
    expect(next.orders.find((line) => line.ean === A)?.count).toBe(count);
    expect(next.outcome.kind).toBe(outcome);
  });
});

describe('cartLineFor (the stored line from the cart’s reading of the variant)', () => {
  const read = mapCartVariant({
    Article: rawArticle({ ArticleID: 7, Name: 'Ullgenser Fjellvind', Pant: 200, OnlyCC: 1, WebPurchaseLimit: 2, FrightPrice: null }),
    Variant: rawVariant({ VariantID: 71 }),
  });

  it('builds the SPEC §3 line: price, pant, freight, limit and stock from the API, count 1', () => {
    expect(cartLineFor(read)).toEqual({
      count: 1,
      id: 71,
      ean: read.variant.ean,
      name: 'Ullgenser Fjellvind',
      gender: read.article.gender.name,
      size: read.variant.size.name,
      color: read.variant.color.name,
      price: read.article.price,
      pant: 200,
      frightPrice: 9900,
      image: read.variant.color.image,
      canPurchase: read.article.canPurchase,
      variant: read.variant,
      articleId: 7,
      webPurchaseLimit: 2,
      onlyCC: true,
      // No running campaign: the list price, and no campaign for the checkout to name.
      campaignArticleId: null,
    });
  });

  it('names the campaign whose price the line takes (the checkout sends it as CampaignArticleID)', () => {
    const inCampaign = mapCartVariant({
      Article: rawArticle({
        ArticleID: 7,
        SuggestedFinalPrice: 59900,
        Campaigns: [{ CampaignArticleID: 31, CampaignID: 3, ArticleID: 7, Price: 44900, LabelType: 'percent', LabelData: null }],
      }),
      Variant: rawVariant({ VariantID: 71 }),
    });
    expect(cartLineFor(inCampaign)).toMatchObject({ price: 44900, campaignArticleId: 31 });
  });

  it('falls back to the article image when the colour has none', () => {
    const noImage = { ...read, variant: { ...read.variant, color: { ...read.variant.color, image: '' } } };
    expect(cartLineFor(noImage).image).toBe(read.article.image);
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

describe('cartTotal with discount and deposit floor (SPEC §4 totals)', () => {
  const on = (fixed: boolean, amount: number) => ({ activated: true, fixed, amount, originalTotal: 0 });
  it.each([
    { case: 'no discount', cart: [cartLine({ ean: A, count: 2, price: 10000 })], discount: NO_DISCOUNT, total: 20000 },
    { case: 'fixed øre off', cart: [cartLine({ ean: A, count: 2, price: 10000 })], discount: on(true, 5000), total: 15000 },
    { case: 'percentage off', cart: [cartLine({ ean: A, count: 2, price: 10000 })], discount: on(false, 15), total: 17000 },
    { case: 'percentage rounds to whole øre', cart: [cartLine({ ean: A, price: 999 })], discount: on(false, 10), total: 899 },
    { case: 'inactive discount is ignored', cart: [cartLine({ ean: A, price: 10000 })], discount: { ...on(true, 5000), activated: false }, total: 10000 },
    { case: 'fixed larger than total stops at 0 without deposit', cart: [cartLine({ ean: A, price: 10000 })], discount: on(true, 50000), total: 0 },
    {
      case: 'never below the total deposit',
      cart: [cartLine({ ean: A, count: 3, price: 3000, pant: 300 })],
      discount: on(true, 8900),
      total: 900,
    },
    { case: '100 % leaves the deposit', cart: [cartLine({ ean: A, count: 2, price: 2500, pant: 200 })], discount: on(false, 100), total: 400 },
    { case: 'empty cart totals 0 even with a discount', cart: [], discount: on(true, 5000), total: 0 },
  ])('$case', ({ cart, discount, total }) => {
    expect(cartTotal(cart, discount)).toBe(total);
    expect(appliedDiscount(cart, discount)).toBe(cartSubtotal(cart) - total);
  });

  it.each([
    { case: 'fixed', discount: on(true, 2500), subtotal: 10000, value: 2500 },
    { case: 'fraction', discount: on(false, 25), subtotal: 10000, value: 2500 },
    { case: 'capped at subtotal', discount: on(true, 99999), subtotal: 10000, value: 10000 },
    { case: 'inactive', discount: NO_DISCOUNT, subtotal: 10000, value: 0 },
  ])('discountValue: $case', ({ discount, subtotal, value }) => {
    expect(discountValue(subtotal, discount)).toBe(value);
  });
});

describe('discount activation (once until removed) and following the lines', () => {
  const cart = [cartLine({ ean: A, count: 2, price: 10000 })];
  it.each([
    { case: 'activates on a cart with lines', current: NO_DISCOUNT, cart, expected: { activated: true, fixed: true, amount: 1000, originalTotal: 20000 } },
    { case: 'not on an empty cart', current: NO_DISCOUNT, cart: [], expected: NO_DISCOUNT },
    {
      case: 'a second activation keeps the first',
      current: { activated: true, fixed: false, amount: 10, originalTotal: 20000 },
      cart,
      expected: { activated: true, fixed: false, amount: 10, originalTotal: 20000 },
    },
  ])('$case', ({ current, cart: lines, expected }) => {
    expect(activateDiscount(current, { fixed: true, amount: 1000 }, lines)).toEqual(expected);
  });

  it.each([
    { case: 'empty cart deactivates', current: { activated: true, fixed: true, amount: 1000, originalTotal: 5 }, cart: [], expected: NO_DISCOUNT },
    { case: 'original total follows the lines', current: { activated: true, fixed: true, amount: 1000, originalTotal: 5 }, cart, expected: { activated: true, fixed: true, amount: 1000, originalTotal: 20000 } },
    { case: 'inactive stays as is', current: NO_DISCOUNT, cart, expected: NO_DISCOUNT },
  ])('followLines: $case', ({ current, cart: lines, expected }) => {
    expect(followLines(current, lines)).toEqual(expected);
  });
});

describe('freight, validity and provider orders', () => {
  it.each([
    { case: 'empty cart', cart: [], freight: 0 },
    { case: 'one line', cart: [cartLine({ ean: A, frightPrice: 9900 })], freight: 9900 },
    { case: 'highest of several, not the sum', cart: [cartLine({ ean: A, frightPrice: 9900 }), cartLine({ ean: B, frightPrice: 14900, count: 3 })], freight: 14900 },
    { case: 'free-freight lines only', cart: [cartLine({ ean: A, frightPrice: 0 })], freight: 0 },
    // A line stored by an older build may lack frightPrice: it counts as the default, as the API reads a null.
    { case: 'a stored line without frightPrice counts as 9900', cart: [cartLine({ ean: A, frightPrice: 4900 }), { ...cartLine({ ean: B }), frightPrice: undefined as unknown as number }], freight: 9900 },
  ])('freight: $case', ({ cart, freight }) => {
    expect(freightPrice(cart)).toBe(freight);
  });

  it.each([
    { case: 'empty cart is invalid', cart: [], errors: [], valid: false },
    { case: 'lines without errors are valid', cart: [cartLine({ ean: A })], errors: [], valid: true },
    { case: 'an error on a line makes it invalid', cart: [cartLine({ ean: A }), cartLine({ ean: B })], errors: [{ eanNo: B }], valid: false },
    { case: 'an error on a removed line does not count', cart: [cartLine({ ean: A })], errors: [{ eanNo: B }], valid: true },
  ])('isCartValid: $case', ({ cart, errors, valid }) => {
    expect(isCartValid(cart, errors)).toBe(valid);
  });

  it('errorsForLine picks the line by eanNo', () => {
    expect(errorsForLine([{ eanNo: A, message: 'x' }, { eanNo: B }], A)).toEqual([{ eanNo: A, message: 'x' }]);
  });

  it.each([
    { case: 'first order of a shop is added', list: [], add: { shopId: 1, orderId: 'q1' }, expected: [{ shopId: 1, orderId: 'q1' }] },
    { case: 'a new order replaces the shop’s previous one', list: [{ shopId: 1, orderId: 'q1' }, { shopId: 2, orderId: 'q2' }], add: { shopId: 1, orderId: 'q3' }, expected: [{ shopId: 2, orderId: 'q2' }, { shopId: 1, orderId: 'q3' }] },
    { case: 'another shop keeps its own', list: [{ shopId: 1, orderId: 'q1' }], add: { shopId: 2, orderId: 'q2' }, expected: [{ shopId: 1, orderId: 'q1' }, { shopId: 2, orderId: 'q2' }] },
  ])('trackQliroOrder: $case', ({ list, add, expected }) => {
    expect(trackQliroOrder(list, add)).toEqual(expected);
  });

  it.each([
    { case: 'new id is tracked', list: [], add: { orderId: 'k1' }, expected: [{ orderId: 'k1' }] },
    { case: 'same id is kept once', list: [{ orderId: 'k1' }], add: { orderId: 'k1' }, expected: [{ orderId: 'k1' }] },
    { case: 'several ids are all kept', list: [{ orderId: 'k1' }], add: { orderId: 'k2' }, expected: [{ orderId: 'k1' }, { orderId: 'k2' }] },
  ])('trackKlarnaOrder: $case', ({ list, add, expected }) => {
    expect(trackKlarnaOrder(list, add)).toEqual(expected);
  });
});
