import type { CartLine } from '@shop/contracts/types';

/**
 * The cart rules of SPEC §4 as pure functions over the list of lines ("orders"). Lines are keyed by EAN.
 * Functions return the same array when nothing changes, so stores do not notify for no-ops.
 */

/** Stock of the first shop listed for the line's variant: the spec's ceiling for one line's count. */
export function firstShopStock(line: CartLine): number {
  return line.variant?.shops?.[0]?.qty ?? 0;
}

/** An existing line may gain one only while under the web purchase limit and within the first shop's stock. */
export function canIncrement(line: CartLine): boolean {
  return line.count < line.webPurchaseLimit && line.count + 1 <= firstShopStock(line);
}

/** Cart add: a new EAN is appended with count 1; an existing one gains 1 when `canIncrement` allows it. */
export function addLine(orders: CartLine[], line: CartLine): CartLine[] {
  const index = orders.findIndex((order) => order.ean === line.ean);
  if (index === -1) return [...orders, { ...line, count: 1 }];
  const existing = orders[index];
  if (!canIncrement(existing)) return orders;
  return orders.map((order, i) => (i === index ? { ...order, count: order.count + 1 } : order));
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

/** Sum of price × count in øre (discounts and the deposit floor come with the promo-code rules). */
export function cartTotal(orders: CartLine[]): number {
  return orders.reduce((sum, order) => sum + order.price * order.count, 0);
}

/** Total deposit (pant × count) in øre; the total may never be discounted below it. */
export function cartDeposit(orders: CartLine[]): number {
  return orders.reduce((sum, order) => sum + order.pant * order.count, 0);
}
