import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { POSTAL_CODES_FILE, STREETS_FILE, readPostalCodes, readStreets } from './geo.js';

const rawLines = (file: URL) => gunzipSync(readFileSync(file)).toString('utf8').split(/\r?\n/).filter((l) => l.length > 0);

describe('postal codes (api/data/postnummer.tsv.gz)', () => {
  const codes = readPostalCodes();

  it('reads every data row of the file', () => {
    expect(codes.length).toBe(rawLines(POSTAL_CODES_FILE).length - 1);
    expect(codes.length).toBeGreaterThanOrEqual(5785);
    expect(new Set(codes.map((c) => c.postNo)).size).toBe(codes.length);
  });

  it('flags retired codes and strips the "(ikkje i bruk)" suffix', () => {
    const retired = codes.filter((c) => c.retired);
    expect(retired.length).toBeGreaterThan(600);
    expect(codes.find((c) => c.postNo === '0009')).toMatchObject({ retired: true, postPlace: 'OSLO' });
    expect(codes.some((c) => /ikkje i bruk/i.test(c.postPlace))).toBe(false);
  });

  it('keeps coordinates, municipality and quality', () => {
    expect(codes.find((c) => c.postNo === '0154')).toMatchObject({
      postPlace: 'Oslo',
      municipalityNo: '0301',
      municipality: 'Oslo',
      lat: 59.9115,
      lng: 10.7475,
      retired: false,
    });
    expect(codes.every((c) => /^\d{4}$/.test(c.postNo))).toBe(true);
  });
});

describe('streets (api/data/gater.tsv.gz)', () => {
  const streets = readStreets();

  it('skips the preamble and keeps addresses, not post-office boxes', () => {
    expect(rawLines(STREETS_FILE)[4].startsWith('POSTNR\t')).toBe(true);
    expect(streets.length).toBeGreaterThan(30_000);
    expect(streets.some((s) => /postboks/i.test(s.name))).toBe(false);
  });

  it('strips house-number ranges from street names and removes the duplicates that leaves', () => {
    const oslo = streets.filter((s) => s.postNo === '0154').map((s) => s.name);
    expect(oslo).toContain('Karl Johans gate');
    expect(oslo.some((n) => /\d/.test(n))).toBe(false);
    const keys = streets.map((s) => `${s.postNo}|${s.name}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
