/**
 * Pure checkout rules (promo-code validity window — who may use a code is checkout/promocodes.ts —, discount, shipping price, VAT). Money is integer øre; VAT is derived from
 * the total, never stored twice (docs/architecture.md, "API conventions").
 */
import { priceSettingCampaign, shippingPriceFor, WEB_SHOP_ID, type CampaignPriceRow } from '@shop/contracts/constants';

export const VAT_PERCENTAGE = 25;

export interface PromoWindow {
  validFrom: Date;
  validTo: Date | null;
}

export type PromoState = 'valid' | 'expired' | 'not-yet-valid';

/** A code is valid from valid_from (inclusive) until valid_to (exclusive). */
export function promoState(promo: PromoWindow, now: Date): PromoState {
  if (now.getTime() < promo.validFrom.getTime()) return 'not-yet-valid';
  if (promo.validTo && now.getTime() >= promo.validTo.getTime()) return 'expired';
  return 'valid';
}

export interface DiscountRule {
  fixed: boolean;
  /** Øre when fixed, else a percentage 0–100. */
  amount: number;
}

/**
 * Discount in øre on the goods total: fixed øre or a percentage (rounded to whole øre), and never so large that the
 * total falls below the deposit (SPEC §4: "never below the total deposit").
 */
export function discountFor(rule: DiscountRule, goodsTotal: number, depositTotal: number): number {
  const wanted = rule.fixed ? rule.amount : Math.round((goodsTotal * Math.min(Math.max(rule.amount, 0), 100)) / 100);
  return Math.max(0, Math.min(wanted, goodsTotal - depositTotal));
}

/**
 * What the shopper pays for getting the order (SPEC §4 "Freight price is the highest frightPrice among the items").
 * Click-and-collect is free. Home delivery costs the cart's freight: the highest fright_price among the ordered
 * articles (null in the database = DEFAULT_FRIGHT_PRICE, 9900) — the same figure the cart shows as "Frakt ved
 * hjemlevering" and GET /shipping_methods?articles= answers. The method's own price applies only when no line carries
 * a freight price (no lines). The formula is @shop/contracts `shippingPriceFor`, the front end's too.
 */
export function shippingPrice(input: { home: boolean; methodPrice: number; lineFreights: ReadonlyArray<number | null> }): number {
  return shippingPriceFor(input.home ? 'cart-freight' : 'free', input.methodPrice, input.lineFreights);
}

/** One priced line of a reservation, as the money rules need it. */
export interface MoneyLine {
  price: number;
  pant: number;
  count: number;
  /** The article's fright_price; null = DEFAULT_FRIGHT_PRICE. */
  frightPrice: number | null;
}

/**
 * What a reservation charges (SPEC §4 totals, ADR 0002): goods (price × count), the deposit in them, the discount
 * (never below the deposit), the shipping and the total the shopper pays. The browser's cart shows the same figures
 * from its own functions; `@shop/contracts/testing` `cartCases` holds both sides to one table.
 */
export function reservationAmounts(
  lines: readonly MoneyLine[],
  promo: DiscountRule | null,
  delivery: { home: boolean; methodPrice: number },
): { goods: number; deposit: number; discount: number; shipping: number; total: number } {
  const goods = lines.reduce((sum, l) => sum + l.price * l.count, 0);
  const deposit = lines.reduce((sum, l) => sum + l.pant * l.count, 0);
  const discount = promo ? discountFor(promo, goods, deposit) : 0;
  const shipping = shippingPrice({ ...delivery, lineFreights: lines.map((l) => l.frightPrice) });
  return { goods, deposit, discount, shipping, total: goods - discount + shipping };
}

/** The article's web purchase limit caps one line's count (the cart's rule too, SPEC §4). */
export function overPurchaseLimit(count: number, limit: number): boolean {
  return count > limit;
}

/**
 * The shops a home-delivery line of `count` units may be taken from, in the order they are tried: the web-shop stock
 * (55) when it holds the whole line, then the other shops that do, most units first, then by shop id. A line is never
 * split, so an empty list means no shop can send it: the count is above the first shop's stock (the cart's ceiling).
 */
export function deliverySources(shops: ReadonlyArray<{ shopId: number; qty: number }>, count: number): number[] {
  const holding = shops.filter((shop) => shop.qty >= count);
  const web = holding.filter((shop) => shop.shopId === WEB_SHOP_ID);
  const others = holding.filter((shop) => shop.shopId !== WEB_SHOP_ID).sort((a, b) => b.qty - a.qty || a.shopId - b.shopId);
  return [...web, ...others].map((shop) => shop.shopId);
}

/** Why the server refuses a home-delivery line of `count` units, or null when it takes it: the limit, then the stock. */
export function deliveryLineRefusal(line: { count: number; limit: number; shops: ReadonlyArray<{ shopId: number; qty: number }> }): 'limit' | 'stock' | null {
  if (overPurchaseLimit(line.count, line.limit)) return 'limit';
  return deliverySources(line.shops, line.count).length === 0 ? 'stock' : null;
}

/** VAT contained in a VAT-inclusive amount: total × 25/125, rounded to whole øre; net = total − VAT. */
export function vatOf(total: number, vatPercentage = VAT_PERCENTAGE): { vat: number; net: number } {
  const vat = Math.round((total * vatPercentage) / (100 + vatPercentage));
  return { vat, net: total - vat };
}

/**
 * The order a variant's shops are listed in (RawVariant.Shops): most units first, the web-shop stock (55) first among
 * equals, then by shop id. The cart's rule (SPEC §4) caps a line at the stock of the FIRST shop listed, so the first is
 * the shop that can serve the largest single line — exactly what a reservation can take, since a line is never split
 * across shops (reservation.ts). Web stock wins ties because home delivery takes from it first.
 */
export function compareVariantShops(a: { shopId: number; qty: number }, b: { shopId: number; qty: number }): number {
  return b.qty - a.qty || Number(b.shopId === WEB_SHOP_ID) - Number(a.shopId === WEB_SHOP_ID) || a.shopId - b.shopId;
}

/**
 * What one reservation line costs (docs/adr/0019), from the database only: the price the catalogue shows now — the
 * article's cheapest running campaign below its list price (`priceSettingCampaign`, the catalogue's and the cart's
 * rule), else the list price. The line's CampaignArticleID is not trusted for the price; it says which campaign price
 * the shopper was shown. When that campaign no longer runs for the line's article (it ended since the add, or it is
 * another article's), the line is refused with what it costs now, so the shopper sees the new price before paying it.
 * A line naming no campaign (the SPEC's cart items, lines stored before campaign ids) is priced as the catalogue does.
 */
export type LinePricing = { verdict: 'charged'; price: number; campaignArticleId: number | null } | { verdict: 'refused'; price: number };

export function linePricing(
  line: { articleId: number; listPrice: number; named: number | null },
  running: readonly CampaignPriceRow[],
): LinePricing {
  const setting = priceSettingCampaign(line.articleId, line.listPrice, running);
  const price = setting?.price ?? line.listPrice;
  const namedRuns = running.some((c) => c.campaignArticleId === line.named && c.articleId === line.articleId);
  if (line.named !== null && !namedRuns) return { verdict: 'refused', price };
  return { verdict: 'charged', price, campaignArticleId: setting?.campaignArticleId ?? null };
}
