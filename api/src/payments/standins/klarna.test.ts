import { describe, expect, it } from 'vitest';
import { klarnaAmounts } from '../money.js';
import type { CheckoutOrder } from '../types.js';
import { klarnaRuleViolations } from './klarna.js';

const order = (lines: Array<[number, number]>, shipping = 0, discount = 0): CheckoutOrder => {
  const goods = lines.reduce((s, [q, p]) => s + q * p, 0);
  return {
    reservationId: 1,
    shopId: 55,
    lines: lines.map(([quantity, unitPrice], i) => ({ reference: `ean${i}`, name: `Vare ${i}`, quantity, unitPrice })),
    shipping,
    discount,
    total: goods + shipping - discount,
  };
};

describe("the stand-in's own reading of Klarna's amount rules", () => {
  it.each([
    ['one line', order([[1, 12500]])],
    ['odd øre', order([[3, 2990], [1, 1]], 9900)],
    ['a discount line', order([[2, 199900]], 0, 59970)],
    ['everything', order([[2, 249900], [5, 3], [1, 7]], 14900, 1)],
  ])("the shop's bodies pass: %s", (_name, o) => expect(klarnaRuleViolations(klarnaAmounts(o))).toEqual([]));

  it.each([
    ['no lines', { order_amount: 0, order_tax_amount: 0, order_lines: [] }, ['order_lines']],
    ['line total ≠ quantity × price', { order_amount: 101, order_tax_amount: 20, order_lines: [{ quantity: 1, unit_price: 100, tax_rate: 2500, total_amount: 101, total_tax_amount: 20 }] }, ['order_lines[0].total_amount']],
    ['tax off by 2', { order_amount: 100, order_tax_amount: 22, order_lines: [{ quantity: 1, unit_price: 100, tax_rate: 2500, total_amount: 100, total_tax_amount: 22 }] }, ['order_lines[0].total_tax_amount']],
    ['order amount ≠ Σ lines', { order_amount: 99, order_tax_amount: 20, order_lines: [{ quantity: 1, unit_price: 100, tax_rate: 2500, total_amount: 100, total_tax_amount: 20 }] }, ['order_amount']],
    ['a fractional quantity', { order_amount: 50, order_tax_amount: 10, order_lines: [{ quantity: 0.5, unit_price: 100, tax_rate: 2500, total_amount: 50, total_tax_amount: 10 }] }, ['order_lines[0].quantity']],
  ])('refused: %s', (_name, body, errors) => expect(klarnaRuleViolations(body)).toEqual(errors));
});
