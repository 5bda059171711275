import { describe, expect, it } from 'vitest';
import { formatAmount, formatDecimal, formatInteger, formatMoney, formatNumber, kronerToOre } from './money.js';
import {
  durationInWords,
  formatDate,
  formatDateLong,
  formatDateTime,
  formatDateWithWeekday,
  mondayFirstIndex,
  relativeTime,
  timeLabel,
  weekdayName,
  weekdaysMondayFirst,
} from './dates.js';
import { categoryParam, compareNb, matchesCategoryParam, slug, sortByName } from './text.js';

const NBSP = '\u00a0';
const MINUS = '\u2212';

describe('formatMoney (øre → "kr")', () => {
  it.each([
    [49900, `499,00${NBSP}kr`],
    [0, `0,00${NBSP}kr`],
    [5, `0,05${NBSP}kr`],
    [19900, `199,00${NBSP}kr`],
    [123456750, `1${NBSP}234${NBSP}567,50${NBSP}kr`],
    [-1230, `${MINUS}12,30${NBSP}kr`],
    [Number.NaN, `0,00${NBSP}kr`],
  ])('%d → %j', (ore, text) => {
    expect(formatMoney(ore)).toBe(text);
  });
});

describe('numbers', () => {
  it.each([
    [formatAmount(49900), '499,00'],
    [formatNumber(1234.5), `1${NBSP}234,50`],
    [formatNumber(0.005), '0,01'],
    [formatInteger(15000), `15${NBSP}000`],
  ])('%j = %j', (actual, expected) => {
    expect(actual).toBe(expected);
  });
  it.each([
    [0.5, 0, 0, '1'],
    [-0.5, 0, 0, `${MINUS}1`],
    [2.5, 0, 0, '3'],
    [4.35, 0, 1, '4,3'], // 4.35 is 4.34999… as a double: Intl rounds the exact value, so do we
    [4.25, 0, 1, '4,3'],
    [4, 0, 1, '4'],
    [1234, 0, 0, `1${NBSP}234`],
    [999.995, 2, 2, `1${NBSP}000,00`],
    [-0.001, 2, 2, '0,00'], // Intl prints "−0,00": a sign on nothing is noise
    [-0, 0, 0, '0'],
    [1e21, 0, 0, `1${NBSP}000${NBSP}000${NBSP}000${NBSP}000${NBSP}000${NBSP}000${NBSP}000`],
    [Number.POSITIVE_INFINITY, 2, 2, '0,00'],
  ])('formatDecimal(%d, %d, %d) = %j', (value, min, max, expected) => {
    expect(formatDecimal(value, min, max)).toBe(expected);
  });
  it("prints what Intl.NumberFormat('nb-NO') prints, amounts that round to zero aside", () => {
    const money = new Intl.NumberFormat('nb-NO', {
      style: 'currency',
      currency: 'NOK',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const oneDecimal = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 1 });
    const whole = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 0 });
    let seed = 7;
    const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const values = [1, 12, 123, 1234, 12345, 123456, 1234567, 99999999, 0.125, 0.135, 1.005, 2.675];
    for (let i = 0; i < 2000; i++) values.push((next() - 0.3) * 10 ** Math.floor(next() * 10));
    for (const value of values) {
      for (const v of [value, -value]) {
        if (Math.abs(v) >= 0.5) expect(formatMoney(v)).toBe(money.format(v / 100));
        if (Math.abs(v) >= 0.05) expect(formatDecimal(v, 0, 1)).toBe(oneDecimal.format(v));
        if (Math.abs(v) >= 0.5) expect(formatInteger(v)).toBe(whole.format(v));
      }
    }
  });
  it('kroner → øre', () => {
    expect(kronerToOre(499.9)).toBe(49990);
  });
});

describe('dates', () => {
  const d = new Date(2026, 10, 22, 9, 5); // søndag 22. november 2026, 09:05 local
  it.each([
    [formatDate(d), '22.11.2026'],
    [formatDate(new Date(2026, 0, 2)), '02.01.2026'],
    [formatDateLong(d), '22. november 2026'],
    [formatDateWithWeekday(d), 'søndag 22. november 2026'],
    [formatDateTime(d), '22.11.2026 kl. 09:05'],
    [formatDate('not a date'), ''],
  ])('%j = %j', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it.each([
    [0, 'søndag'],
    [1, 'mandag'],
    [6, 'lørdag'],
    [7, 'søndag'],
  ])('weekday %i is %s', (day, name) => {
    expect(weekdayName(day)).toBe(name);
  });

  it('weeks start on Monday', () => {
    expect(weekdaysMondayFirst()).toEqual(['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag', 'søndag']);
    expect([1, 2, 3, 4, 5, 6, 0].map(mondayFirstIndex)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});

describe('relative time (SPEC wording)', () => {
  const s = 1000;
  const min = 60 * s;
  const h = 60 * min;
  const day = 24 * h;
  it.each([
    [10 * s, 'et par sekunder'],
    [44 * s, 'et par sekunder'],
    [45 * s, 'et minutt'],
    [89 * s, 'et minutt'],
    [90 * s, '2 minutter'],
    [44 * min, '44 minutter'],
    [45 * min, 'en time'],
    [2 * h, '2 timer'],
    [21 * h, '21 timer'],
    [22 * h, 'en dag'],
    [2 * day, '2 dager'],
    [6 * day, '6 dager'],
    [7 * day, 'en uke'],
    [14 * day, '2 uker'],
    [21 * day, '3 uker'],
    [30 * day, 'en måned'],
    [60 * day, '2 måneder'],
    [300 * day, '10 måneder'],
    [365 * day, 'et år'],
    [3 * 365 * day, '3 år'],
  ])('%d ms → %s', (ms, words) => {
    expect(durationInWords(ms)).toBe(words);
  });

  const now = new Date(2026, 10, 22, 12, 0);
  it.each([
    [new Date(now.getTime() + 3 * day), 'om 3 dager'],
    [new Date(now.getTime() - 3 * day), 'for 3 dager siden'],
    [new Date(now.getTime() - 5 * s), 'for et par sekunder siden'],
    [new Date(now.getTime() + h), 'om en time'],
    [new Date(now.getTime() - 2 * 365 * day), 'for 2 år siden'],
    [new Date(now.getTime() - 30 * s), 'for et par sekunder siden'],
    [new Date(now.getTime() + 30 * s), 'om et par sekunder'],
    [new Date(now.getTime() - 60 * s), 'for et minutt siden'],
    [new Date(now.getTime() - 5 * min), 'for 5 minutter siden'],
    [new Date(now.getTime() - h), 'for en time siden'],
    [new Date(now.getTime() - 3 * h), 'for 3 timer siden'],
    [new Date(now.getTime() - day), 'for en dag siden'],
    [new Date(now.getTime() + day), 'om en dag'],
    [new Date(now.getTime() - 7 * day), 'for en uke siden'],
    [new Date(now.getTime() + 14 * day), 'om 2 uker'],
    [new Date(now.getTime() - 31 * day), 'for en måned siden'],
    [new Date(now.getTime() - 90 * day), 'for 3 måneder siden'],
    [new Date(now.getTime() - 365 * day), 'for et år siden'],
    [new Date(now.getTime() + 400 * day), 'om et år'],
    [now.toISOString(), 'for et par sekunder siden'],
    [now.getTime() - 3 * day, 'for 3 dager siden'],
    ['ikke en dato', ''],
  ])('%s → %s', (date, text) => {
    expect(relativeTime(date, now)).toBe(text);
  });

  it.each([
    // Round-ups never jump a unit: 36 h is two days, 6.5 days a week, 25.5 days four weeks, 45 days a month.
    [36 * h, '2 dager'],
    [6.5 * day, 'en uke'],
    [10 * day, 'en uke'],
    [25 * day, '4 uker'],
    [26 * day, 'en måned'],
    [45 * day, 'en måned'],
    [46 * day, '2 måneder'],
    [320 * day, 'et år'],
    [545 * day, '2 år'],
    [-3 * day, '3 dager'],
  ])('boundary %d ms → %s', (ms, words) => {
    expect(durationInWords(ms)).toBe(words);
  });

  it('labels a moment for a <time> element: relative text, ISO dateTime, absolute title', () => {
    const then = new Date(2026, 10, 19, 9, 5);
    expect(timeLabel(then, now)).toEqual({ text: 'for 3 dager siden', dateTime: then.toISOString(), title: '19.11.2026 kl. 09:05' });
    expect(timeLabel(then.toISOString(), now, formatDateLong)?.title).toBe('19. november 2026');
    expect(timeLabel(null, now)).toBeNull();
    expect(timeLabel(undefined, now)).toBeNull();
    expect(timeLabel('', now)).toBeNull();
    expect(timeLabel('2026-13-45', now)).toBeNull();
  });
});

describe('nb-NO collation', () => {
  it('sorts æ, ø, å after z', () => {
    expect(sortByName([{ name: 'Åre' }, { name: 'Øl' }, { name: 'Zebra' }, { name: 'Ærfugl' }, { name: 'Anorakk' }]).map((x) => x.name)).toEqual([
      'Anorakk',
      'Zebra',
      'Ærfugl',
      'Øl',
      'Åre',
    ]);
    expect(compareNb('ø', 'z')).toBeGreaterThan(0);
  });
  it('does not mutate its input', () => {
    const list = [{ name: 'b' }, { name: 'a' }];
    sortByName(list);
    expect(list[0].name).toBe('b');
  });
});

describe('slug (SPEC §9 + documented additions)', () => {
  it.each([
    ['Fjellbris Skalljakke Herre', 'fjellbris-skalljakke-herre'],
    ['Blåbær', 'blabaer'],
    ['Grønn ørret', 'gronn-orret'],
    ['ÆØÅ æøå', 'aeoa-aeoa'],
    ['Hjelmer & alpinbriller', 'hjelmer-alpinbriller'],
    ['Blåbær-juice 0,5 l', 'blabaer-juice-0-5-l'],
    ['  Café   crème  ', 'cafe-creme'],
    ['Ullgenser "Vikafjell" (barn)', 'ullgenser-vikafjell-barn'],
    ["O'Neill Hyperfreak", 'oneill-hyperfreak'],
    ['Jakke/vest 2-i-1', 'jakke-vest-2-i-1'],
    ['---', ''],
  ])('%j → %j', (input, expected) => {
    expect(slug(input)).toBe(expected);
  });
});

describe('categoryParam', () => {
  it.each([
    ['Hjelmer & alpinbriller', 'hjelmer-&-alpinbriller'],
    ['Mat og drikke', 'mat-og-drikke'],
    ['Klær', 'klaer'],
    ['Tilbehør sportsutstyr', 'tilbehor-sportsutstyr'],
    ['Regntøy til barn', 'regntoy-til-barn'],
    ['Blåbær', 'blabaer'],
    ['Blåbær'.normalize('NFD'), 'blabaer'],
    ['ÆØÅ', 'aeoa'],
    ['  Vintersport ', 'vintersport'],
  ])('%j → %j', (input, expected) => {
    expect(categoryParam(input)).toBe(expected);
  });
  it.each([
    ['Hjelmer & alpinbriller', 'hjelmer-&-alpinbriller', true],
    ['Hjelmer & alpinbriller', 'hjelmer-%26-alpinbriller', true],
    ['Klær', 'kl%C3%A6r', true],
    ['Klær', 'klaer', true],
    ['Klær', 'KLÆR', true],
    // The stored name of a main group reaches the same category as its display name, and the other way round.
    ['Klær', 'tekstil', true],
    ['Tekstil', 'klaer', true],
    ['Tekstil', 'kl%C3%A6r', true],
    ['Ullundertøy', 'ullundertoy', true],
    ['Ullundertøy', 'ullundert%C3%B8y', true],
    ['Klær', 'sko', false],
    ['Sko', 'tekstil', false],
  ])('%j matches %j: %s', (name, param, expected) => {
    expect(matchesCategoryParam(name, param)).toBe(expected);
  });
});
