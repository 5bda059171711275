import { describe, expect, it } from 'vitest';
import { holdConfig, holdEndsAt, holdState, pickupEndsAt } from './hold.js';

const now = new Date('2026-11-26T12:00:00Z');

describe('holdConfig', () => {
  it.each([
    [{}, { holdMinutes: 30, pickupHours: 72 }],
    [{ RESERVATION_HOLD_MINUTES: '10', RESERVATION_PICKUP_HOURS: '24' }, { holdMinutes: 10, pickupHours: 24 }],
    [{ RESERVATION_HOLD_MINUTES: '0.05' }, { holdMinutes: 0.05, pickupHours: 72 }],
    [{ RESERVATION_HOLD_MINUTES: '-5', RESERVATION_PICKUP_HOURS: 'x' }, { holdMinutes: 30, pickupHours: 72 }],
    [{ RESERVATION_HOLD_MINUTES: '' }, { holdMinutes: 30, pickupHours: 72 }],
  ])('%j', (env, config) => expect(holdConfig(env)).toEqual(config));
});

describe('holdEndsAt: every new reservation holds for the payment hold, whatever its delivery', () => {
  it.each([
    ['the defaults', { holdMinutes: 30, pickupHours: 72 }, '2026-11-26T12:30:00.000Z'],
    ['a shop with a 10-minute hold', { holdMinutes: 10, pickupHours: 72 }, '2026-11-26T12:10:00.000Z'],
    ['a long pickup window changes nothing', { holdMinutes: 30, pickupHours: 240 }, '2026-11-26T12:30:00.000Z'],
    ['a hold of seconds (tests)', { holdMinutes: 0.05, pickupHours: 72 }, '2026-11-26T12:00:03.000Z'],
  ])('%s', (_name, config, end) => {
    expect(holdEndsAt(now, config).toISOString()).toBe(end);
  });
  it('from the environment: RESERVATION_HOLD_MINUTES, never RESERVATION_PICKUP_HOURS', () => {
    expect(holdEndsAt(now, holdConfig({ RESERVATION_PICKUP_HOURS: '72' })).toISOString()).toBe('2026-11-26T12:30:00.000Z');
  });
});

describe('pickupEndsAt: the pickup window (paying in the shop chosen, or the goods laid out)', () => {
  it.each([
    [{ holdMinutes: 30, pickupHours: 72 }, '2026-11-29T12:00:00.000Z'],
    [{ holdMinutes: 30, pickupHours: 24 }, '2026-11-27T12:00:00.000Z'],
    [{ holdMinutes: 30, pickupHours: 0.004 }, '2026-11-26T12:00:14.400Z'],
  ])('%j → %s', (config, end) => expect(pickupEndsAt(now, config).toISOString()).toBe(end));
});

describe('holdState', () => {
  const later = new Date(now.getTime() + 1000);
  const earlier = new Date(now.getTime() - 1000);
  it.each([
    [{ statusId: 1, holdUntil: later, expiredAt: null }, 'open'],
    [{ statusId: 2, holdUntil: null, expiredAt: null }, 'open'],
    [{ statusId: 1, holdUntil: earlier, expiredAt: null }, 'due'],
    [{ statusId: 1, holdUntil: now, expiredAt: null }, 'due'],
    [{ statusId: 3, holdUntil: earlier, expiredAt: null }, 'paid'],
    [{ statusId: 9, holdUntil: earlier, expiredAt: earlier }, 'expired'],
    [{ statusId: 9, holdUntil: null, expiredAt: null }, 'closed'],
    [{ statusId: 5, holdUntil: null, expiredAt: null }, 'closed'],
  ] as const)('%j → %s', (r, state) => expect(holdState(r, now)).toBe(state));
});
