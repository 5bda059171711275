import { describe, expect, it } from 'vitest';
import { parseOpeningHours, weekOpeningHours } from '@shop/contracts/mappers';
import { WEB_SHOP_ID } from '@shop/contracts/constants';
import { isOpenAt, shopClock, weekLines } from './openingHours.js';
import { distanceMetres, formatDistance, sortByDistance } from './distance.js';
import { visitableShops } from './visitable.js';

const week = weekOpeningHours(parseOpeningHours('1-5:1000-2000,6-6:1000-1800,0-0:1200-1600'));
// 2026-11-23 is a Monday. Times are Norwegian wall-clock times (winter: UTC+1), whatever zone the tests run in.
const at = (day: number, hh: number, mm = 0) =>
  new Date(`2026-11-${String(22 + day).padStart(2, '0')}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00+01:00`);

describe('isOpenAt', () => {
  it.each([
    ['Monday 09:59', at(1, 9, 59), false],
    ['Monday 10:00', at(1, 10, 0), true],
    ['Monday 19:59', at(1, 19, 59), true],
    ['Monday 20:00', at(1, 20, 0), false],
    ['Friday 15:00', at(5, 15), true],
    ['Saturday 17:59', at(6, 17, 59), true],
    ['Saturday 18:00', at(6, 18, 0), false],
    ['Sunday 13:00', at(0, 13), true],
    ['Sunday 11:00', at(0, 11), false],
  ])('%s → %s', (_name, now, open) => {
    expect(isOpenAt(week, now)).toBe(open);
  });

  it.each([
    ['no hours at all', ''],
    ['a day without an entry', '1-5:1000-2000'],
  ])('closed with %s', (_name, text) => {
    expect(isOpenAt(weekOpeningHours(parseOpeningHours(text)), at(0, 12))).toBe(false);
  });
});

describe('shopClock: the instant on Oslo time, not the browser\'s', () => {
  it.each([
    ['winter, given in UTC', '2026-11-29T10:30:00Z', 0, 11 * 60 + 30],
    ['summer time (UTC+2)', '2026-06-15T08:00:00Z', 1, 10 * 60],
    ['late Sunday UTC is Monday in Norway', '2026-11-29T23:30:00Z', 1, 30],
    ['the day summer time ends (03:00 → 02:00)', '2026-10-25T01:30:00Z', 0, 2 * 60 + 30],
  ])('%s', (_name, iso, day, minutes) => {
    expect(shopClock(new Date(iso))).toEqual({ day, minutes });
  });

  it('opens by the shops\' clock: Sunday 10:30 UTC is 11:30 in Geilo (Sundays 11–16)', () => {
    const geilo = weekOpeningHours(parseOpeningHours('1-5:0900-1800,6-6:0900-1700,7-7:1100-1600'));
    expect(isOpenAt(geilo, new Date('2026-11-29T10:30:00Z'))).toBe(true);
    expect(isOpenAt(geilo, new Date('2026-11-29T09:59:00Z'))).toBe(false);
    // Summer: 16:00 Norwegian time is 14:00 UTC.
    expect(isOpenAt(geilo, new Date('2026-06-14T13:59:00Z'))).toBe(true);
    expect(isOpenAt(geilo, new Date('2026-06-14T14:00:00Z'))).toBe(false);
  });
});

describe('weekLines', () => {
  it('lists the week Monday first with Norwegian names, "Stengt" for closed days, and marks today', () => {
    const lines = weekLines(weekOpeningHours(parseOpeningHours('1-5:1000-2000,6-6:1000-1800')), at(6, 12));
    expect(lines.map((l) => `${l.name} ${l.hours}`)).toEqual([
      'mandag 10:00–20:00',
      'tirsdag 10:00–20:00',
      'onsdag 10:00–20:00',
      'torsdag 10:00–20:00',
      'fredag 10:00–20:00',
      'lørdag 10:00–18:00',
      'søndag Stengt',
    ]);
    expect(lines.filter((l) => l.today).map((l) => l.name)).toEqual(['lørdag']);
    // Late Sunday evening in UTC is already Monday in Norway.
    expect(weekLines(week, new Date('2026-11-29T23:30:00Z')).filter((l) => l.today).map((l) => l.name)).toEqual(['mandag']);
  });
});

describe('visitableShops', () => {
  it("leaves out the web shop's warehouse and keeps the order of the rest", () => {
    const shops = [{ id: 3 }, { id: WEB_SHOP_ID }, { id: 1 }];
    expect(visitableShops(shops).map((s) => s.id)).toEqual([3, 1]);
  });
});

describe('distance', () => {
  const oslo = { latitude: 59.9115, longitude: 10.7475 };
  const bergen = { latitude: 60.3943, longitude: 5.3226 };
  const trondheim = { latitude: 63.4322, longitude: 10.3965 };

  it.each([
    [oslo, oslo, 0, 1],
    [oslo, bergen, 305_000, 5_000],
    [oslo, trondheim, 392_000, 5_000],
  ])('%j → %j ≈ %i m', (a, b, metres, tolerance) => {
    expect(Math.abs(distanceMetres(a, b) - metres)).toBeLessThan(tolerance);
  });

  it('sorts nearest first, and keeps the order without a position', () => {
    const shops = [{ id: 1, coords: trondheim }, { id: 2, coords: bergen }, { id: 3, coords: oslo }];
    expect(sortByDistance(shops, { latitude: 60.39, longitude: 5.33 }).map((s) => s.id)).toEqual([2, 3, 1]);
    expect(sortByDistance(shops, null).map((s) => [s.id, s.distance])).toEqual([[1, null], [2, null], [3, null]]);
  });

  it.each([
    [0, '0 m'],
    [849, '850 m'],
    [1_250, '1,3 km'],
    [12_400, '12 km'],
    [1_234_000, '1 234 km'],
  ])('formatDistance(%i) → %s', (metres, text) => {
    expect(formatDistance(metres).replace(/\u00a0/g, ' ')).toBe(text);
  });
});
