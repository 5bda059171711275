import { describe, expect, it } from 'vitest';
import { formatOslo, isoToOsloLocal, osloLocalToIso } from './osloTime.js';

describe('osloLocalToIso (what the schedule inputs mean, whatever the browser zone)', () => {
  it.each([
    ['winter time (UTC+1)', '2026-11-27', '14:05', '2026-11-27T13:05:00.000Z'],
    ['summer time (UTC+2)', '2026-07-01', '09:00', '2026-07-01T07:00:00.000Z'],
    ['midnight, the day before in UTC', '2026-01-01', '00:00', '2025-12-31T23:00:00.000Z'],
    ['the last minute before the spring change', '2026-03-29', '01:59', '2026-03-29T00:59:00.000Z'],
    ['a time the spring change skips moves forward an hour', '2026-03-29', '02:30', '2026-03-29T01:30:00.000Z'],
    ['02:00 on the spring change is 03:00 summer time', '2026-03-29', '02:00', '2026-03-29T01:00:00.000Z'],
    ['03:00 on the spring change', '2026-03-29', '03:00', '2026-03-29T01:00:00.000Z'],
    ['after the spring change', '2026-03-29', '12:00', '2026-03-29T10:00:00.000Z'],
    ['before the autumn change', '2026-10-25', '01:30', '2026-10-24T23:30:00.000Z'],
    ['a time the autumn change repeats is the first (summer time)', '2026-10-25', '02:30', '2026-10-25T00:30:00.000Z'],
    ['03:00 on the autumn change is winter time', '2026-10-25', '03:00', '2026-10-25T02:00:00.000Z'],
    ['after the autumn change', '2026-10-25', '12:00', '2026-10-25T11:00:00.000Z'],
    ['a leap day', '2028-02-29', '23:59', '2028-02-29T22:59:00.000Z'],
    ['spaces around the values', ' 2026-11-27 ', ' 14:05 ', '2026-11-27T13:05:00.000Z'],
  ])('%s: %s %s → %s', (_name, date, time, iso) => {
    expect(osloLocalToIso(date, time)).toBe(iso);
  });

  it.each([
    ['no date', '', '14:05'],
    ['no time', '2026-11-27', ''],
    ['30 February', '2026-02-30', '12:00'],
    ['29 February in a common year', '2026-02-29', '12:00'],
    ['month 13', '2026-13-01', '12:00'],
    ['hour 24', '2026-11-27', '24:00'],
    ['minute 60', '2026-11-27', '12:60'],
    ['Norwegian date order', '27.11.2026', '14:05'],
    ['seconds', '2026-11-27', '14:05:30'],
  ])('%s is not a time (null)', (_name, date, time) => {
    expect(osloLocalToIso(date, time)).toBeNull();
  });
});

describe('isoToOsloLocal (the inputs from a stored instant)', () => {
  it.each([
    ['winter time', '2026-11-27T13:05:00.000Z', { date: '2026-11-27', time: '14:05' }],
    ['summer time', '2026-07-01T07:00:00Z', { date: '2026-07-01', time: '09:00' }],
    ['late UTC evening is the next day in Oslo', '2026-12-31T23:30:00.000Z', { date: '2027-01-01', time: '00:30' }],
    ['the first hour after the spring change', '2026-03-29T01:00:00.000Z', { date: '2026-03-29', time: '03:00' }],
    ['the first 02:30 of the autumn change', '2026-10-25T00:30:00.000Z', { date: '2026-10-25', time: '02:30' }],
    ['the second 02:30 of the autumn change', '2026-10-25T01:30:00.000Z', { date: '2026-10-25', time: '02:30' }],
    ['an offset other than UTC', '2026-11-27T14:05:00+01:00', { date: '2026-11-27', time: '14:05' }],
    ['seconds are dropped', '2026-11-27T13:05:59.999Z', { date: '2026-11-27', time: '14:05' }],
  ])('%s: %s', (_name, iso, local) => {
    expect(isoToOsloLocal(iso)).toEqual(local);
  });

  it.each([[null], [undefined], [''], ['not a date']])('%s gives null', (iso) => {
    expect(isoToOsloLocal(iso)).toBeNull();
  });

  it.each([
    ['2026-01-15T10:00:00.000Z'],
    ['2026-03-29T00:59:00.000Z'],
    ['2026-03-29T01:00:00.000Z'],
    ['2026-06-30T22:00:00.000Z'],
    ['2026-10-25T00:30:00.000Z'],
    ['2026-10-25T02:00:00.000Z'],
  ])('round trip of %s', (iso) => {
    const local = isoToOsloLocal(iso)!;
    expect(osloLocalToIso(local.date, local.time)).toBe(iso);
  });
});

describe('formatOslo', () => {
  it.each([
    ['2026-11-27T13:05:00.000Z', '27.11.2026 kl. 14:05'],
    ['2026-07-01T22:15:00.000Z', '02.07.2026 kl. 00:15'],
    [null, ''],
    ['nonsense', ''],
  ])('%s → %s', (iso, text) => {
    expect(formatOslo(iso)).toBe(text);
  });
});
