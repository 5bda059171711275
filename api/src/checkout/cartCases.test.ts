/**
 * The server's side of the shared cart table (docs/adr/0016): the reservation's money and line rules against
 * `@shop/contracts/testing` — the browser's cart is held to the same cases (mf-cart-checkout/src/cart/cartCases.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { cartCampaignCases, cartCeilingCases, cartTotalsCases } from '@shop/contracts/testing';
import { compareVariantShops, deliveryLineRefusal, linePricing, reservationAmounts } from './rules.js';

describe('shared cart cases: reservation amounts', () => {
  it.each(cartTotalsCases)('$case', (c) => {
    const home = reservationAmounts(c.lines, c.discount, { home: true, methodPrice: 19900 });
    expect(home).toEqual({
      goods: c.subtotal,
      deposit: c.deposit,
      discount: c.discounted,
      shipping: c.freight,
      total: c.total + c.freight,
    });
    // Click-and-collect charges the same goods and nothing for getting them.
    const collect = reservationAmounts(c.lines, c.discount, { home: false, methodPrice: 0 });
    expect([collect.shipping, collect.total]).toEqual([0, c.total]);
  });
});

describe('shared cart cases: a line’s ceiling', () => {
  it.each(cartCeilingCases)('$case', (c) => {
    // The table lists shops as the API does (its first shop is the cart's ceiling): a table in another order would
    // test the cart against a list the API never sends.
    expect([...c.shops].sort(compareVariantShops)).toEqual(c.shops);
    expect(deliveryLineRefusal(c) ?? 'ok').toBe(c.verdict);
  });
});

describe('shared cart cases: campaign prices', () => {
  it.each(cartCampaignCases)('$case', (c) => {
    // A line naming no campaign when the cart read it is priced as the cart's line shows it…
    expect(linePricing({ articleId: c.articleId, listPrice: c.listPrice, named: null }, c.atAdd)).toEqual({
      verdict: 'charged',
      price: c.line.price,
      campaignArticleId: c.line.campaignArticleId,
    });
    // …and the line the cart sends at checkout is charged, or refused with the price it costs now.
    expect(linePricing({ articleId: c.articleId, listPrice: c.listPrice, named: c.line.campaignArticleId }, c.atCheckout)).toEqual(c.checkout);
  });

  it('a line naming another article’s running campaign is refused (a client cannot pick a cheaper article’s price)', () => {
    const running = [{ campaignArticleId: 600, articleId: 103, price: 49900 }];
    expect(linePricing({ articleId: 101, listPrice: 249900, named: 600 }, running)).toEqual({ verdict: 'refused', price: 249900 });
  });
});
