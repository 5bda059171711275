import { describe, expect, it } from 'vitest';
import { checkoutHead } from './head.js';

describe('checkoutHead', () => {
  it('is titled as the shell titles it and kept out of the index, without a canonical address', () => {
    const head = checkoutHead({ origin: 'https://www.staut.no', brandName: 'Staut' });
    expect(head).toMatchObject({ title: 'Kassen – Staut', robots: 'noindex, nofollow' });
    expect(head.canonical).toBeUndefined();
    expect(head.jsonLd).toBeUndefined();
  });
});
