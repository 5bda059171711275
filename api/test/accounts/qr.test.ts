/**
 * The QR encoder against a reference implementation: the expected values are SHA-256 prefixes of the module
 * matrices (rows of 0/1 + newline) that python-qrcode 8.2 produced for the same text in byte mode, level M, with
 * each of the eight masks forced — versions 1 to 5 are covered.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatBits, memberCodeSvg, penalty, qrMatrix, reedSolomon } from '../../src/accounts/qr.js';

const REFERENCE: Record<string, string[]> = {
  "M-0123456789": [
    "54c0b12fbed18324",
    "1477ffd528a44bcd",
    "e05c122422c52e80",
    "6f49f8aebce6cf00",
    "c8f49bbf76c5126f",
    "07753210151c2d7f",
    "1f8020a46e48e9ca",
    "3561f6ce15e9d3f8"
  ],
  "M-0123456789-ABCDEFG": [
    "435a4b716ac67948",
    "a86e23829c820e40",
    "18ec3d3c78d17eeb",
    "b0261587882dbe8a",
    "5199cf29bb821e98",
    "cafad8144676ea9d",
    "799b1b46277a22ae",
    "9df907707b912302"
  ],
  "HELLO WORLD": [
    "cf24589f743b7c1f",
    "d92361e5734e6916",
    "efa23a223d36e676",
    "7535515ae5ae874b",
    "3b8cac155a16d187",
    "5defc0ec368daff8",
    "afca9674caff7bab",
    "079c7eda931bad78"
  ],
  "https://staut.no/konto?kode=M-0000000001": [
    "3e984226d7b01023",
    "2ae49672987eca51",
    "895b60fa36925fd3",
    "5f717d84170b43e8",
    "a864275e7d6baae8",
    "54d922ff4d143e02",
    "9e7a9cb91f236453",
    "fc7aab948f15c0d0"
  ],
  "æøå Ærlig talt – medlem": [
    "fb4b7e835ab7030d",
    "3a0d24b9b70b049b",
    "70e20e4518137068",
    "c18c9eaf3d30d840",
    "ad301e39791d8b1c",
    "511d867b7a290460",
    "b6d66ee0212d3cde",
    "202ba23943fac89d"
  ],
  "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx": [
    "4e66a2a356b64135",
    "b8488441cbe6b3b4",
    "ed572c3e6509e2cd",
    "5c8236ddd3d10e4f",
    "ec69e711200d19f6",
    "615ce8d7fde74138",
    "f8dcab602913c6d4",
    "4bb1fcc8c036a88d"
  ],
  "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy": [
    "f924ccb267ae9650",
    "42ca0d658c9ea0de",
    "6df33efb58a346eb",
    "15d6fcb1d41794a3",
    "7084fad69b963b0c",
    "3051540aabe087e2",
    "88a6c497390f3b44",
    "1d6c5c14c79ea228"
  ]
};

const fingerprint = (m: boolean[][]) =>
  createHash('sha256').update(m.map((row) => row.map((v) => (v ? '1' : '0')).join('') + '\n').join('')).digest('hex').slice(0, 16);

describe('qrMatrix', () => {
  for (const [text, masks] of Object.entries(REFERENCE)) {
    it.each(masks.map((hash, mask) => [mask, hash] as const))(`${JSON.stringify(text.length > 24 ? `${text.slice(0, 24)}…` : text)} with mask %i`, (mask, hash) => {
      expect(fingerprint(qrMatrix(text, mask))).toBe(hash);
    });
  }

  it('picks the mask with the lowest penalty', () => {
    const scores = Array.from({ length: 8 }, (_, k) => penalty(qrMatrix('M-0123456789', k)));
    expect(penalty(qrMatrix('M-0123456789'))).toBe(Math.min(...scores));
  });

  it('refuses text longer than version 5 holds', () => {
    expect(() => qrMatrix('z'.repeat(85))).toThrow(/84/);
  });
});

describe('building blocks', () => {
  it('Reed–Solomon: the ISO/Thonky example (1-M "HELLO WORLD" data codewords)', () => {
    const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17];
    expect(reedSolomon(data, 10)).toEqual([196, 35, 39, 119, 235, 215, 231, 226, 93, 23]);
  });

  it.each([
    [0, 0b101010000010010],
    [1, 0b101000100100101],
    [6, 0b100111110010111],
    [7, 0b100101010100000],
  ])('format bits for level M, mask %i', (mask, bits) => {
    expect(formatBits(mask)).toBe(bits);
  });

  it('the SVG has a quiet zone and one path of dark modules', () => {
    const svg = memberCodeSvg('M-0123456789');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 29 29"/);
    expect(svg).toContain('aria-label="Medlemskode M-0123456789"');
    const modules = (svg.match(/h1v1h-1z/g) ?? []).length;
    expect(modules).toBe(qrMatrix('M-0123456789').flat().filter(Boolean).length);
    expect(memberCodeSvg('<&>')).toContain('Medlemskode &#60;&#38;&#62;');
  });
});
