import { describe, expect, it } from 'vitest';
import { klarnaAmountErrors, klarnaAmounts, klarnaTax, kroner, qliroItems, qliroTotalOre } from './money.js';
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
