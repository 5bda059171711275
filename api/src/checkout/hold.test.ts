import { describe, expect, it } from 'vitest';
import { holdConfig, holdEndsAt, holdState } from './hold.js';

const now = new Date('2026-11-26T12:00:00Z');

describe('holdConfig', () => {
  it.each([
    [{}, { homeDeliveryMinutes: 30, pickupHours: 72 }],
    [{ RESERVATION_HOLD_MINUTES: '10', RESERVATION_PICKUP_HOURS: '24' }, { homeDeliveryMinutes: 10, pickupHours: 24 }],
    [{ RESERVATION_HOLD_MINUTES: '0.05' }, { homeDeliveryMinutes: 0.05, pickupHours: 72 }],
    [{ RESERVATION_HOLD_MINUTES: '-5', RESERVATION_PICKUP_HOURS: 'x' }, { homeDeliveryMinutes: 30, pickupHours: 72 }],
    [{ RESERVATION_HOLD_MINUTES: '' }, { homeDeliveryMinutes: 30, pickupHours: 72 }],
  ])('%j', (env, config) => expect(holdConfig(env)).toEqual(config));
});

describe('holdEndsAt', () => {
  it('home delivery: minutes; click-and-collect: the pickup window', () => {
    expect(holdEndsAt(true, now, { homeDeliveryMinutes: 30, pickupHours: 72 }).toISOString()).toBe('2026-11-26T12:30:00.000Z');
    expect(holdEndsAt(false, now, { homeDeliveryMinutes: 30, pickupHours: 72 }).toISOString()).toBe('2026-11-29T12:00:00.000Z');
  });
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
