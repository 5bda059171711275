/**
 * The browser's side of the shared cart table (docs/adr/0016): the cart's totals, freight, checkout shipping price and
 * add rule against `@shop/contracts/testing` — the server's reservation rules are held to the same cases
 * (api/src/checkout/cartCases.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { cartCeilingCases, cartTotalsCases, type CartCaseLine } from '@shop/contracts/testing';
import { CLICK_AND_COLLECT_METHOD_ID } from '@shop/contracts/constants';
import type { ShippingMethod } from '@shop/contracts/types';
import { shippingPrice } from '../checkout/rules.js';
import { cartLine } from './fixtures.js';
import { NO_DISCOUNT, activateDiscount, addOutcome, appliedDiscount, cartDeposit, cartSubtotal, cartTotal, freightPrice } from './rules.js';

// A stored line without its own frightPrice (an older build's) is how the browser meets the API's null.
const toLine = (c: CartCaseLine) =>
  cartLine({ ean: c.ean, price: c.price, pant: c.pant, count: c.count, frightPrice: c.frightPrice ?? (undefined as unknown as number) });

const delivery: ShippingMethod = { id: 'delivery', name: 'Hjemlevering', description: null, price: 19900, priceRule: 'cart-freight' };
const pickup: ShippingMethod = { id: CLICK_AND_COLLECT_METHOD_ID, name: 'Klikk og hent', description: null, price: 0, priceRule: 'free' };

describe('shared cart cases: cart totals and freight', () => {
  it.each(cartTotalsCases)('$case', (c) => {
    const orders = c.lines.map(toLine);
    const discount = c.discount ? activateDiscount(NO_DISCOUNT, c.discount, orders) : NO_DISCOUNT;
    expect({
      subtotal: cartSubtotal(orders),
      deposit: cartDeposit(orders),
      discounted: appliedDiscount(orders, discount),
      total: cartTotal(orders, discount),
      freight: freightPrice(orders),
    }).toEqual({ subtotal: c.subtotal, deposit: c.deposit, discounted: c.discounted, total: c.total, freight: c.freight });
    // The checkout charges home delivery what the cart shows; collecting is free.
    expect([shippingPrice(delivery, orders), shippingPrice(pickup, orders)]).toEqual([c.freight, 0]);
  });
});

describe('shared cart cases: a line’s ceiling', () => {
  it.each(cartCeilingCases)('$case', (c) => {
    const reading = cartLine({ ean: '7000000000011', webPurchaseLimit: c.limit });
    const fresh = { ...reading, variant: { ...reading.variant, shops: c.shops.map((shop) => ({ id: shop.shopId, qty: shop.qty })) } };
    const kind = addOutcome([{ ...fresh, count: c.count - 1 }], fresh).kind;
    expect(kind === 'increased' ? 'ok' : kind).toBe(c.verdict);
  });
});
