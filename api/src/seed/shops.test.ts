import { describe, expect, it } from 'vitest';
import { readPostalCodes, readStreets } from './geo.js';
import { OPENING_HOURS_RE, buildShops, isValidOrgNo, orgNoCheckDigit } from './shops.js';

const shops = buildShops();

describe('shops', () => {
  it('has at least 12 shops plus the web-shop stock location 55', () => {
    expect(shops.filter((s) => !s.isWebStock).length).toBeGreaterThanOrEqual(12);
    expect(shops.filter((s) => s.isWebStock).map((s) => s.id)).toEqual([55]);
    expect(new Set(shops.map((s) => s.id)).size).toBe(shops.length);
  });

  it('writes opening hours in the spec format days-from-to:hhmm-hhmm, Monday = 1', () => {
    for (const s of shops) {
      expect(s.openingHours).toMatch(OPENING_HOURS_RE);
      for (const entry of s.openingHours.split(',')) {
        const [, from, to, open, close] = /^(\d)-(\d):(\d{4})-(\d{4})$/.exec(entry)!;
        expect(Number(from)).toBeLessThanOrEqual(Number(to));
        expect(open < close).toBe(true);
      }
    }
  });

  it.each([
    ['1-5:1000-2000,6-6:1000-1800', true],
    ['1-7:0000-2400', true],
    ['1-5:1000-2000;6-6:1000-1800', false],
    ['0-5:1000-2000', false],
    ['1-5:10-20', false],
    ['', false],
  ])('opening-hours pattern on "%s" is %s', (text, ok) => {
    expect(OPENING_HOURS_RE.test(text)).toBe(ok);
  });

  it('uses real, active postcodes whose place and coordinates match the reference data', () => {
    const codes = new Map(readPostalCodes().map((p) => [p.postNo, p]));
    for (const s of shops) {
      const code = codes.get(s.postNo);
      expect(code, s.postNo).toBeDefined();
      expect(code!.retired).toBe(false);
      expect(s.postPlace.toLowerCase()).toContain(code!.postPlace.toLowerCase().replace(/ s$/, ''));
      // Within ~3 km of the postcode's centre.
      expect(Math.abs(s.lat - code!.lat!)).toBeLessThan(0.03);
      expect(Math.abs(s.lng - code!.lng!)).toBeLessThan(0.06);
    }
  });

  it('has street addresses on streets of that postcode (where the 2011 street list has any)', () => {
    const streets = readStreets();
    for (const s of shops) {
      const inCode = streets.filter((x) => x.postNo === s.postNo).map((x) => x.name.toLowerCase());
      if (inCode.length === 0) continue;
      const street = s.address.replace(/\s+\d+\w?$/, '').toLowerCase();
      expect(inCode, `${s.name}: ${s.address}`).toContain(street);
    }
  });

  it('has valid organisation numbers, e-mail, phone, messenger and map links', () => {
    for (const s of shops) {
      expect(isValidOrgNo(s.orgNo)).toBe(true);
      expect(s.email).toMatch(/^[a-z0-9.-]+@staut\.no$/);
      expect(s.phone.replace(/\s/g, '')).toMatch(/^\d{8}$/);
      expect(s.messenger).toMatch(/^https:\/\/m\.me\//);
      expect(s.mapLink).toContain(String(s.lat));
    }
  });

  it('computes MOD11 organisation-number check digits', () => {
    // Published numbers: Brønnøysundregistrene 974 760 673, Equinor 923 609 016, Statistisk sentralbyrå 971 526 920.
    expect(orgNoCheckDigit('97476067')).toBe(3);
    expect(orgNoCheckDigit('92360901')).toBe(6);
    expect(orgNoCheckDigit('97152692')).toBe(0);
    expect(isValidOrgNo('974760673')).toBe(true);
    expect(isValidOrgNo('974760674')).toBe(false);
  });
});
