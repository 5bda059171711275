import { describe, expect, it } from 'vitest';
import { MINUTE_MS, minuteOf, msUntilNextMinute } from './shopperClock.js';

const at = (iso: string) => new Date(iso).getTime();

describe('msUntilNextMinute', () => {
  it.each([
    ['on the minute: a whole minute', '2026-11-30T20:30:00.000+01:00', MINUTE_MS],
    ['one millisecond past', '2026-11-30T20:30:00.001+01:00', MINUTE_MS - 1],
    ['half past the second', '2026-11-30T20:30:00.500+01:00', MINUTE_MS - 500],
    ['30 s in', '2026-11-30T20:30:30.000+01:00', 30_000],
    ['the last millisecond', '2026-11-30T20:30:59.999+01:00', 1],
    ['before 1970 too', '1969-12-31T23:59:30.000Z', 30_000],
  ])('%s', (_name, iso, ms) => {
    expect(msUntilNextMinute(at(iso))).toBe(ms);
  });
});

describe('minuteOf', () => {
  it('is the same all through a minute and one more at the next', () => {
    const start = minuteOf(at('2026-11-30T20:30:00.000Z'));
    expect(minuteOf(at('2026-11-30T20:30:59.999Z'))).toBe(start);
    expect(minuteOf(at('2026-11-30T20:31:00.000Z'))).toBe(start + 1);
    expect(new Date(start * MINUTE_MS).toISOString()).toBe('2026-11-30T20:30:00.000Z');
  });
});
