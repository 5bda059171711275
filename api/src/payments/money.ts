/** Pure amount conversions for the two provider contracts. Shop money is integer øre incl. 25 % VAT. */
import type { CheckoutOrder } from './types.js';

export const KLARNA_TAX_RATE = 2500;
/** Qliro takes VatRate as a percentage (25.00), as Qliro's own plugins send it. */
export const QLIRO_VAT_RATE = 25;

/** References of the order's non-product lines: a partial capture/refund may name them like an EAN. */
export const SHIPPING_REFERENCE = 'frakt';
export const DISCOUNT_REFERENCE = 'rabatt';

/**
 * Klarna's rule: total_tax_amount = total_amount − total_amount × 10000 / (10000 + tax_rate), rounded to whole øre.
 * Computed on the magnitude so a discount line's tax is the exact negative of the same positive amount.
 */
export function klarnaTax(totalAmount: number, taxRate = KLARNA_TAX_RATE): number {
  const magnitude = Math.abs(totalAmount);
  const tax = magnitude - Math.round((magnitude * 10000) / (10000 + taxRate));
  return totalAmount < 0 ? -tax : tax;
}

export interface KlarnaOrderLine {
  type: 'physical' | 'shipping_fee' | 'discount';
  reference: string;
  name: string;
  quantity: number;
  quantity_unit: string;
  unit_price: number;
  tax_rate: number;
  total_amount: number;
  total_discount_amount: number;
  total_tax_amount: number;
}

function klarnaLine(type: KlarnaOrderLine['type'], reference: string, name: string, quantity: number, unitPrice: number): KlarnaOrderLine {
  const total = unitPrice * quantity;
  return {
    type,
    reference,
    name,
    quantity,
    quantity_unit: 'stk',
    unit_price: unitPrice,
    tax_rate: KLARNA_TAX_RATE,
    total_amount: total,
    total_discount_amount: 0,
    total_tax_amount: klarnaTax(total),
  };
}

/** Order lines + order_amount/order_tax_amount that satisfy Klarna's validation (sums match exactly). */
export function klarnaAmounts(order: CheckoutOrder): { order_amount: number; order_tax_amount: number; order_lines: KlarnaOrderLine[] } {
  const lines = order.lines.map((l) => klarnaLine('physical', l.reference, l.name, l.quantity, l.unitPrice));
  if (order.shipping > 0) lines.push(klarnaLine('shipping_fee', SHIPPING_REFERENCE, 'Frakt', 1, order.shipping));
  if (order.discount > 0) lines.push(klarnaLine('discount', DISCOUNT_REFERENCE, 'Rabatt', 1, -order.discount));
  return {
    order_amount: lines.reduce((s, l) => s + l.total_amount, 0),
    order_tax_amount: lines.reduce((s, l) => s + l.total_tax_amount, 0),
    order_lines: lines,
  };
}

/** The checks Klarna applies to an order body (used by the stand-in; tests prove our bodies pass them). */
export function klarnaAmountErrors(body: { order_amount: number; order_tax_amount: number; order_lines: KlarnaOrderLine[] }): string[] {
  const errors: string[] = [];
  body.order_lines.forEach((l, i) => {
    if (l.total_amount !== l.quantity * l.unit_price - l.total_discount_amount) errors.push(`order_lines[${i}].total_amount`);
    if (Math.abs(l.total_tax_amount - klarnaTax(l.total_amount, l.tax_rate)) > 1) errors.push(`order_lines[${i}].total_tax_amount`);
  });
  if (body.order_amount !== body.order_lines.reduce((s, l) => s + l.total_amount, 0)) errors.push('order_amount');
  if (body.order_tax_amount !== body.order_lines.reduce((s, l) => s + l.total_tax_amount, 0)) errors.push('order_tax_amount');
  return errors;
}

/** Øre → decimal kroner (Qliro prices), exact to two decimals. */
export const kroner = (ore: number) => Math.round(ore) / 100;

export interface QliroOrderItem {
  MerchantReference: string;
  Description: string;
  Type: 'Product' | 'Shipping' | 'Discount';
  Quantity: number;
  PricePerItemIncVat: number;
  PricePerItemExVat: number;
  VatRate: number;
}

function qliroItem(type: QliroOrderItem['Type'], reference: string, description: string, quantity: number, unitOre: number): QliroOrderItem {
  return {
    MerchantReference: reference,
    Description: description,
    Type: type,
    Quantity: quantity,
    PricePerItemIncVat: kroner(unitOre),
    PricePerItemExVat: kroner(Math.round((unitOre * 100) / 125)),
    VatRate: QLIRO_VAT_RATE,
  };
}

/** Qliro One order items in decimal kroner incl./excl. VAT; a discount is a negative item. */
export function qliroItems(order: CheckoutOrder): QliroOrderItem[] {
  const items = order.lines.map((l) => qliroItem('Product', l.reference, l.name, l.quantity, l.unitPrice));
  if (order.shipping > 0) items.push(qliroItem('Shipping', SHIPPING_REFERENCE, 'Frakt', 1, order.shipping));
  if (order.discount > 0) items.push(qliroItem('Discount', DISCOUNT_REFERENCE, 'Rabatt', 1, -order.discount));
  return items;
}

/** Σ quantity × price incl. VAT, back in øre (Qliro may send no items at all: null). */
export const qliroTotalOre = (items: QliroOrderItem[] | null | undefined) =>
  (items ?? []).reduce((s, i) => s + Math.round(i.PricePerItemIncVat * 100) * i.Quantity, 0);

/**
 * What was sold, line by line, as operations name it: the product lines by EAN, the shipping ('frakt') and the
 * discount ('rabatt', a negative unit price) as lines of one. A partial capture/refund's amount is the sum of the
 * lines it names (decide.ts), so it matches what the provider adds up from the same lines exactly.
 */
export function soldLines(order: CheckoutOrder): Array<{ reference: string; quantity: number; unitPrice: number }> {
  const lines = order.lines.map((l) => ({ reference: l.reference, quantity: l.quantity, unitPrice: l.unitPrice }));
  if (order.shipping > 0) lines.push({ reference: SHIPPING_REFERENCE, quantity: 1, unitPrice: order.shipping });
  if (order.discount > 0) lines.push({ reference: DISCOUNT_REFERENCE, quantity: 1, unitPrice: -order.discount });
  return lines;
}

/**
 * The items a partial capture/refund covers: the named lines (products by EAN, 'frakt', 'rabatt') with their
 * quantities (null = every item, shipping and discount included).
 */
export function qliroItemsFor(order: CheckoutOrder, lines: Array<{ reference: string; quantity: number }> | null): QliroOrderItem[] {
  const all = qliroItems(order);
  if (!lines) return all;
  return lines.map((l) => {
    const item = all.find((i) => i.MerchantReference === l.reference);
    if (!item) throw new Error(`no line ${l.reference}`);
    return { ...item, Quantity: l.quantity };
  });
}

/** The Klarna order lines a partial capture/refund covers, shipping and discount by reference (null = the whole order's lines). */
export function klarnaLinesFor(order: CheckoutOrder, lines: Array<{ reference: string; quantity: number }> | null): KlarnaOrderLine[] {
  const all = klarnaAmounts(order).order_lines;
  if (!lines) return all;
  return lines.map((l) => {
    const line = all.find((k) => k.reference === l.reference);
    if (!line) throw new Error(`no line ${l.reference}`);
    return klarnaLine(line.type, line.reference, line.name, l.quantity, line.unit_price);
  });
}
