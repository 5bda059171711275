import { describe, expect, it } from 'vitest';
import { ean13CheckDigit, isValidEan13, variantEan } from './ean.js';

describe('EAN-13', () => {
  // Real, published barcodes with their check digits.
  it.each([
    ['400638133393', 1],
    ['590123412345', 7],
    ['703801006998', 7],
    ['978020137962', 4],
    ['000000000000', 0],
  ])('check digit of %s is %i', (body, digit) => {
    expect(ean13CheckDigit(body)).toBe(digit);
  });

  it('validates whole codes', () => {
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('4006381333932')).toBe(false);
    expect(isValidEan13('400638133393')).toBe(false);
    expect(isValidEan13('40063813339a1')).toBe(false);
  });

  it('rejects a malformed body', () => {
    expect(() => ean13CheckDigit('12345')).toThrow();
  });

  it('gives every seeded variant a valid, unique, Norwegian-prefixed EAN', () => {
    const seen = new Set<string>();
    const bad: string[] = [];
    for (let id = 1; id <= 300_000; id++) {
      const ean = variantEan(id);
      if (!isValidEan13(ean) || !ean.startsWith('7038')) bad.push(ean);
      seen.add(ean);
    }
    expect(bad).toEqual([]);
    expect(seen.size).toBe(300_000);
    expect(variantEan(12345)).toBe(variantEan(12345));
  });
});
