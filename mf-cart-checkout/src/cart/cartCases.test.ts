/**
 * The browser's side of the shared cart table (docs/adr/0016): the cart's totals, freight, checkout shipping price and
 * add rule against `@shop/contracts/testing` — the server's reservation rules are held to the same cases
 * (api/src/checkout/cartCases.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { cartCampaignCases, cartCeilingCases, cartTotalsCases, rawArticle, rawVariant, type CartCaseLine } from '@shop/contracts/testing';
import { CLICK_AND_COLLECT_METHOD_ID, type CampaignPriceRow } from '@shop/contracts/constants';
import { mapCartVariant } from '@shop/contracts/mappers';
import type { CartVariant, ShippingMethod } from '@shop/contracts/types';
import { reservationPayload, shippingPrice } from '../checkout/rules.js';
import { cartLine } from './fixtures.js';
import {
  NO_DISCOUNT,
  activateDiscount,
  addOutcome,
  appliedDiscount,
  cartDeposit,
  cartLineFor,
  cartSubtotal,
  cartTotal,
  freightPrice,
  isCartValid,
  repricedVariants,
  rereadLines,
} from './rules.js';

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

describe('shared cart cases: campaign prices', () => {
  // What GET /variants/{id} answers for the variant when `running` campaigns run: the API's raw shape, through the
  // same mapper the cart's reading uses (the listing sends every running campaign of the article, cheapest first).
  const reading = (c: (typeof cartCampaignCases)[number], running: CampaignPriceRow[]): CartVariant =>
    mapCartVariant({
      Article: rawArticle({
        ArticleID: c.articleId,
        SuggestedFinalPrice: c.listPrice,
        Campaigns: running.map((r) => ({ CampaignArticleID: r.campaignArticleId, CampaignID: 1, ArticleID: r.articleId, Price: r.price, LabelType: null, LabelData: null })),
      }),
      Variant: rawVariant(),
    });
  const draft = { name: 'Kari', phone: '91234567', email: 'kari@example.no', delivery: false, address: '', city: '', postalCode: '', shippingMethodId: CLICK_AND_COLLECT_METHOD_ID, shopId: 1 };

  it.each(cartCampaignCases)('$case', (c) => {
    const line = cartLineFor(reading(c, c.atAdd));
    expect({ price: line.price, campaignArticleId: line.campaignArticleId }).toEqual(c.line);
    // The checkout names the line's campaign to the server.
    expect(reservationPayload(draft, [line]).items).toEqual([{ EanNo: line.ean, Count: 1, CampaignArticleID: c.line.campaignArticleId }]);
    // Read at checkout time, the cart shows what the server charges or names in its refusal.
    const now = cartLineFor(reading(c, c.atCheckout));
    expect(now.price).toBe(c.checkout.price);
    if (c.checkout.verdict === 'charged') {
      expect(now.campaignArticleId).toBe(c.checkout.campaignArticleId);
      return;
    }
    // Refused: the line is re-read and then shows the price the server named, which lets the shopper order it.
    const errors = [{ eanNo: line.ean, message: 'Kampanjeprisen gjelder ikke lenger.', price: c.checkout.price }];
    expect(isCartValid([line], errors)).toBe(false);
    expect(repricedVariants([line], errors)).toEqual([line.id]);
    const reread = rereadLines([{ ...line, count: 2 }], [reading(c, c.atCheckout)]);
    expect(reread).toEqual([{ ...now, count: 2 }]);
    expect(isCartValid(reread, errors)).toBe(true);
  });
});
