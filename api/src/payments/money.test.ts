import { describe, expect, it } from 'vitest';
import { klarnaAmountErrors, klarnaAmounts, klarnaLinesFor, klarnaTax, kroner, qliroItems, qliroItemsFor, qliroTotalOre, soldLines } from './money.js';
import type { CheckoutOrder } from './types.js';

const order: CheckoutOrder = {
  reservationId: 1,
  shopId: 55,
  lines: [
    { reference: '7010110000000', name: 'Jakke', quantity: 2, unitPrice: 199900 },
    { reference: '7030110000000', name: 'Sportsdrikk', quantity: 3, unitPrice: 2990 },
  ],
  shipping: 19900,
  discount: 59970,
  total: 399800 + 8970 + 19900 - 59970,
};

describe('klarnaTax (Klarna: total − total × 10000 / (10000 + rate))', () => {
  it.each([
    [12500, 2500],
    [10000, 2000],
    [399800, 79960],
    [8970, 1794],
    [1, 0],
    [3, 1],
    [-59970, -11994],
  ])('%i → %i', (total, tax) => expect(klarnaTax(total)).toBe(tax));
});

describe('klarnaAmounts', () => {
  const body = klarnaAmounts(order);
  it('sums to the reservation total and passes Klarna validation', () => {
    expect(body.order_amount).toBe(order.total);
    expect(klarnaAmountErrors(body)).toEqual([]);
    expect(body.order_lines.map((l) => l.type)).toEqual(['physical', 'physical', 'shipping_fee', 'discount']);
    expect(body.order_lines.at(-1)).toMatchObject({ unit_price: -59970, total_amount: -59970, total_tax_amount: -11994 });
  });
  it('the validator catches a wrong line total and a wrong tax', () => {
    const bad = structuredClone(body);
    bad.order_lines[0]!.total_amount += 1;
    bad.order_lines[1]!.total_tax_amount += 5;
    expect(klarnaAmountErrors(bad)).toEqual(['order_lines[0].total_amount', 'order_lines[1].total_tax_amount', 'order_amount', 'order_tax_amount']);
  });
});

describe('qliroItems', () => {
  it('decimal kroner incl./excl. VAT, negative discount, total back in øre', () => {
    const items = qliroItems(order);
    expect(items[0]).toMatchObject({ Type: 'Product', Quantity: 2, PricePerItemIncVat: 1999, PricePerItemExVat: 1599.2, VatRate: 25 });
    expect(items[1]).toMatchObject({ PricePerItemIncVat: 29.9, PricePerItemExVat: 23.92 });
    expect(items.at(-1)).toMatchObject({ Type: 'Discount', PricePerItemIncVat: -599.7 });
    expect(qliroTotalOre(items)).toBe(order.total);
    expect(kroner(19900)).toBe(199);
    expect(qliroTotalOre(null)).toBe(0);
  });
  it('VatRate is a percentage: ex VAT × (1 + VatRate / 100) = inc VAT', () => {
    for (const i of qliroItems(order)) expect(Math.abs(i.PricePerItemExVat * (1 + i.VatRate / 100) - i.PricePerItemIncVat)).toBeLessThanOrEqual(0.01);
  });
});

describe('partial lines naming shipping and discount', () => {
  const asked = [
    { reference: '7010110000000', quantity: 1 },
    { reference: 'frakt', quantity: 1 },
    { reference: 'rabatt', quantity: 1 },
  ];
  const expected = 199900 + 19900 - 59970;

  it('soldLines: the products, then shipping and a negative discount, summing to the total', () => {
    const sold = soldLines(order);
    expect(sold.slice(-2)).toEqual([{ reference: 'frakt', quantity: 1, unitPrice: 19900 }, { reference: 'rabatt', quantity: 1, unitPrice: -59970 }]);
    expect(sold.reduce((s, l) => s + l.quantity * l.unitPrice, 0)).toBe(order.total);
  });

  it('Klarna: shipping_fee and discount lines that pass validation and sum to the amount', () => {
    const lines = klarnaLinesFor(order, asked);
    expect(lines.map((l) => [l.type, l.reference, l.total_amount])).toEqual([['physical', '7010110000000', 199900], ['shipping_fee', 'frakt', 19900], ['discount', 'rabatt', -59970]]);
    const amount = lines.reduce((s, l) => s + l.total_amount, 0);
    expect(amount).toBe(expected);
    expect(klarnaAmountErrors({ order_lines: lines, order_amount: amount, order_tax_amount: lines.reduce((s, l) => s + l.total_tax_amount, 0) })).toEqual([]);
  });

  it('Qliro: Shipping and Discount items that sum to the amount', () => {
    const items = qliroItemsFor(order, asked);
    expect(items.map((i) => [i.Type, i.MerchantReference, i.Quantity])).toEqual([['Product', '7010110000000', 1], ['Shipping', 'frakt', 1], ['Discount', 'rabatt', 1]]);
    expect(qliroTotalOre(items)).toBe(expected);
  });

  it('an unknown reference is an error, not a silent line', () => {
    expect(() => klarnaLinesFor(order, [{ reference: 'gavekort', quantity: 1 }])).toThrow(/no line gavekort/);
    expect(() => qliroItemsFor({ ...order, shipping: 0 }, [{ reference: 'frakt', quantity: 1 }])).toThrow(/no line frakt/);
  });
});
