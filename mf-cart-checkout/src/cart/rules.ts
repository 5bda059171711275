import { DEFAULT_FRIGHT_PRICE, shippingPriceFor } from '@shop/contracts/constants';
import { pricingCampaign } from '@shop/contracts/mappers';
import type { CartAddRequest, CartError, CartLine, CartVariant, Discount, KlarnaOrder, QliroOrder } from '@shop/contracts/types';

/**
 * The cart rules of SPEC §4 as pure functions over the list of lines ("orders"). Lines are keyed by EAN.
 * Functions return the same array/object when nothing changes, so stores do not notify for no-ops.
 */

/** A discount that is not in force (also the state after clearing or emptying the cart). */
export const NO_DISCOUNT: Discount = Object.freeze({ activated: false, fixed: false, amount: 0, originalTotal: 0 });

/**
 * Stock of the first shop listed for the line's variant: the spec's ceiling for one line's count. The API lists a
 * variant's shops with the most units first (the web-shop stock first among equals, docs/shop-rules.md), so the first
 * shop is the one that can send or hand over the most of it in one parcel — the same ceiling the server applies.
 */
export function firstShopStock(line: Pick<CartLine, 'variant'>): number {
  return Math.max(0, line.variant?.shops?.[0]?.qty ?? 0);
}

/**
 * The stored line (SPEC §3 "Cart line") for a variant as the cart read it from the API (GET /variants/{id}): the cart,
 * not the page that asked for the add, owns what a line costs, weighs in freight and may hold (docs/adr/0016).
 */
export function cartLineFor({ article, variant }: CartVariant): CartLine {
  return {
    count: 1,
    id: variant.id,
    ean: variant.ean,
    name: article.name,
    gender: article.gender.name,
    size: variant.size.name,
    color: variant.color.name,
    price: article.price,
    pant: article.pant,
    frightPrice: article.frightPrice,
    image: variant.color.image || article.image,
    canPurchase: article.canPurchase,
    variant,
    articleId: article.id,
    webPurchaseLimit: article.webPurchaseLimit,
    onlyCC: article.onlyCC,
    // The campaign the price comes from: the checkout names it, so a campaign that ends before the reservation is
    // refused with the new price instead of being charged silently (docs/adr/0019).
    campaignArticleId: pricingCampaign(article)?.campaignArticleId ?? null,
  };
}

/**
 * The lines after the cart re-read some of their variants (the server refused a price that had changed): each line
 * read takes the reading's price, campaign, freight, stock and limit; only the count stays the cart's own. A reading
 * of a variant no longer in the cart changes nothing.
 */
export function rereadLines(orders: CartLine[], readings: readonly CartVariant[]): CartLine[] {
  if (readings.length === 0) return orders;
  const fresh = new Map(readings.map((reading) => [reading.variant.ean, cartLineFor(reading)]));
  let changed = false;
  const next = orders.map((order) => {
    const line = fresh.get(order.ean);
    if (!line) return order;
    changed = true;
    return { ...line, count: order.count };
  });
  return changed ? next : orders;
}

/**
 * What a cart add does (SPEC §4): a new EAN is appended; an existing line gains 1 only while its count is below
 * webPurchaseLimit (else `limit`) and count+1 does not exceed the first shop's stock (else `stock`). Limit and stock are
 * read from the line the add brings — the cart's fresh reading of the variant — not from what was stored earlier.
 */
export type AddOutcome =
  | { kind: 'added'; count: 1 }
  | { kind: 'increased'; count: number }
  | { kind: 'limit'; count: number; limit: number }
  | { kind: 'stock'; count: number; stock: number };

export function addOutcome(orders: CartLine[], line: CartLine): AddOutcome {
  const existing = orders.find((order) => order.ean === line.ean);
  if (!existing) return { kind: 'added', count: 1 };
  const limit = line.webPurchaseLimit;
  if (!(existing.count < limit)) return { kind: 'limit', count: existing.count, limit };
  const stock = firstShopStock(line);
  if (existing.count + 1 > stock) return { kind: 'stock', count: existing.count, stock };
  return { kind: 'increased', count: existing.count + 1 };
}

/** An existing line may gain one only while under the web purchase limit and within the first shop's stock. */
export function canIncrement(line: CartLine): boolean {
  return addOutcome([line], line).kind === 'increased';
}

/** The lines after an add whose outcome `addOutcome` decided (a refusal leaves the same array). */
export function applyAdd(orders: CartLine[], line: CartLine, outcome: AddOutcome): CartLine[] {
  if (outcome.kind === 'added') return [...orders, { ...line, count: 1 }];
  if (outcome.kind !== 'increased') return orders;
  // The fresh reading replaces the stored one (price, freight, stock, limit), so the totals, the "+" ceiling and the
  // checkout follow what the server will charge and take; only the count is the cart's own.
  return orders.map((order) => (order.ean === line.ean ? { ...line, count: outcome.count } : order));
}

/** The request for `count` more of a line's variant: the cart's "+" asks as a page does, and the cart reads it afresh. */
export function addRequestFor(line: CartLine, count = 1): CartAddRequest {
  return { variantId: line.id, count, seen: { name: line.name, image: line.image, price: line.price, size: line.size, color: line.color } };
}

/** Cart add: a new EAN is appended with count 1; an existing one gains 1 when `addOutcome` allows it. */
export function addLine(orders: CartLine[], line: CartLine): CartLine[] {
  return applyAdd(orders, line, addOutcome(orders, line));
}

/**
 * `units` adds of the same line, each decided by the SPEC §4 rule on the lines the previous one left; the first
 * refusal ends them. The outcome is the last decision (what the shopper is told).
 */
export function addUnits(orders: CartLine[], line: CartLine, units: number): { orders: CartLine[]; outcome: AddOutcome } {
  let current = orders;
  let outcome = addOutcome(current, line);
  for (let unit = 0; unit < Math.max(1, units); unit++) {
    outcome = addOutcome(current, line);
    current = applyAdd(current, line, outcome);
    if (outcome.kind === 'limit' || outcome.kind === 'stock') break;
  }
  return { orders: current, outcome };
}

/** Decrement lowers the count by one; a line never goes below 1 here — taking it out is `removeLine`. */
export function decrementLine(orders: CartLine[], ean: string): CartLine[] {
  const index = orders.findIndex((order) => order.ean === ean);
  if (index === -1 || orders[index].count <= 1) return orders;
  return orders.map((order, i) => (i === index ? { ...order, count: order.count - 1 } : order));
}

/** Remove deletes the line (and with it its whole count). */
export function removeLine(orders: CartLine[], ean: string): CartLine[] {
  return orders.some((order) => order.ean === ean) ? orders.filter((order) => order.ean !== ean) : orders;
}

/** Number of items: the sum of the lines' counts. */
export function cartCount(orders: CartLine[]): number {
  return orders.reduce((sum, order) => sum + order.count, 0);
}

/** Sum of price × count in øre, before any discount. */
export function cartSubtotal(orders: CartLine[]): number {
  return orders.reduce((sum, order) => sum + order.price * order.count, 0);
}

/** Total deposit (pant × count) in øre; the total may never be discounted below it. */
export function cartDeposit(orders: CartLine[]): number {
  return orders.reduce((sum, order) => sum + order.pant * order.count, 0);
}

/** Øre taken off `subtotal` by an active discount: a fixed amount, or a percentage of the subtotal (rounded). */
export function discountValue(subtotal: number, discount: Discount): number {
  if (!discount.activated || subtotal <= 0) return 0;
  const value = discount.fixed ? discount.amount : Math.round((subtotal * discount.amount) / 100);
  return Math.max(0, Math.min(value, subtotal));
}

/**
 * The cart total (SPEC §4): sum of price × count less the discount, never below the total deposit (the deposit is
 * returned money, not ours to discount). An empty cart totals 0.
 */
export function cartTotal(orders: CartLine[], discount: Discount = NO_DISCOUNT): number {
  if (orders.length === 0) return 0;
  const subtotal = cartSubtotal(orders);
  return Math.max(subtotal - discountValue(subtotal, discount), cartDeposit(orders));
}

/** What the discount actually saves once the deposit floor is applied (what the cart shows as "Rabatt"). */
export function appliedDiscount(orders: CartLine[], discount: Discount): number {
  return cartSubtotal(orders) - cartTotal(orders, discount);
}

/** A line's freight: its frightPrice, or the default 9900 when a stored line lacks one (as the API reads a null). */
export function lineFreight(line: CartLine): number {
  return Number.isFinite(line.frightPrice) ? line.frightPrice : DEFAULT_FRIGHT_PRICE;
}

/**
 * Freight: the highest frightPrice among the lines (0 for an empty cart). This is what home delivery costs — the cart
 * shows it as "Frakt ved hjemlevering" and the checkout charges it (checkout/rules.ts `shippingPrice`), as the API does.
 */
export function freightPrice(orders: CartLine[]): number {
  // An empty cart has nothing to send: 0, where the API's formula would fall back to the method's own price.
  return orders.length === 0 ? 0 : shippingPriceFor('cart-freight', 0, orders.map(lineFreight));
}

/** A promo code's terms as the discount needs them. */
export interface DiscountTerms {
  fixed: boolean;
  /** Øre when fixed, else a percentage (0–100). */
  amount: number;
}

/**
 * A discount can be activated only once until it is removed: a second activation leaves the first in force.
 * An empty cart gets no discount (emptying it deactivates one).
 */
export function activateDiscount(current: Discount, terms: DiscountTerms, orders: CartLine[]): Discount {
  if (current.activated || orders.length === 0) return current;
  return { activated: true, fixed: terms.fixed, amount: terms.amount, originalTotal: cartSubtotal(orders) };
}

/** Keeps `originalTotal` in step with the lines; an empty cart deactivates the discount. */
export function followLines(current: Discount, orders: CartLine[]): Discount {
  if (orders.length === 0) return current.activated || current.amount !== 0 ? NO_DISCOUNT : current;
  if (!current.activated) return current;
  const originalTotal = cartSubtotal(orders);
  return originalTotal === current.originalTotal ? current : { ...current, originalTotal };
}

/**
 * Valid only if non-empty and no cart error refers to a line in it. A price refusal (an error with the price the line
 * costs now) stops counting once the line shows that price: the shopper has seen it and may order.
 */
export function isCartValid(orders: CartLine[], errors: CartError[]): boolean {
  if (orders.length === 0) return false;
  const byEan = new Map(orders.map((order) => [order.ean, order]));
  return !errors.some((error) => {
    const line = byEan.get(error.eanNo);
    return line !== undefined && !(error.price !== undefined && line.price === error.price);
  });
}

/** The variants whose price the server refused as changed (errors with a price): the cart re-reads them. */
export function repricedVariants(orders: CartLine[], errors: CartError[]): number[] {
  const repriced = new Set(errors.filter((error) => error.price !== undefined).map((error) => error.eanNo));
  return orders.filter((order) => repriced.has(order.ean)).map((order) => order.id);
}

/** The cart errors that refer to one line (shown on that line). */
export function errorsForLine(errors: CartError[], ean: string): CartError[] {
  return errors.filter((error) => error.eanNo === ean);
}

/** Only one Qliro-type order per shop: a new order for a shop replaces that shop's previous one. */
export function trackQliroOrder(orders: QliroOrder[], order: QliroOrder): QliroOrder[] {
  const existing = orders.find((o) => o.shopId === order.shopId);
  if (existing?.orderId === order.orderId) return orders;
  return [...orders.filter((o) => o.shopId !== order.shopId), order];
}

/** Klarna-type orders are tracked by id: the same id is kept once. */
export function trackKlarnaOrder(orders: KlarnaOrder[], order: KlarnaOrder): KlarnaOrder[] {
  return orders.some((o) => o.orderId === order.orderId) ? orders : [...orders, order];
}
