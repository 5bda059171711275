import { describe, expect, it } from 'vitest';
import { capLockKey, capLockKeys, capReached, type ReservationOwner } from './caps.js';
import { checkoutConfig, DEFAULT_RESERVATION_CAPS } from './config.js';

const caps = { windowMinutes: 60, perSession: 3, perCustomer: 5, perClientAddress: 6 };
const anonymous: ReservationOwner = { sessionId: 's1', customerId: null, clientAddress: '10.0.0.1' };
const customer: ReservationOwner = { sessionId: 's1', customerId: 7, clientAddress: '10.0.0.1' };

describe('capReached: the first cap one more reservation would exceed', () => {
  it.each([
    ['nothing open', anonymous, [0, 0, 0], caps, null],
    ['two in the session', anonymous, [2, 0, 2], caps, null],
    ['three in the session', anonymous, [3, 0, 3], caps, 'session'],
    ['an anonymous shopper has no customer cap', anonymous, [0, 9, 0], caps, null],
    ['five for the customer over other sessions', customer, [1, 5, 1], caps, 'customer'],
    ['six from the address over other sessions', anonymous, [0, 0, 6], caps, 'clientAddress'],
    ['a cap of 0 is off', anonymous, [50, 0, 50], { ...caps, perSession: 0, perClientAddress: 0 }, null],
    ['no address known: no address cap', { ...anonymous, clientAddress: null }, [0, 0, 99], caps, null],
  ] as const)('%s', (_n, owner, [session, cust, address], limits, expected) => {
    expect(capReached(owner, { session, customer: cust, clientAddress: address }, limits)).toBe(expected);
  });
});

describe('capLockKeys', () => {
  it('one key per owner part, ascending, the same whatever the part order', () => {
    const keys = capLockKeys(customer);
    expect(keys).toHaveLength(3);
    expect([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(keys);
    expect(keys).toContain(capLockKey('session:s1'));
    expect(keys).toContain(capLockKey('customer:7'));
    expect(keys).toContain(capLockKey('address:10.0.0.1'));
  });
  it('a session id that looks like an address is not the address', () => {
    expect(capLockKey('session:10.0.0.1')).not.toBe(capLockKey('address:10.0.0.1'));
  });
  it('skips missing parts', () => {
    expect(capLockKeys({ sessionId: null, customerId: null, clientAddress: '::1' })).toEqual([capLockKey('address:::1')]);
  });
});

describe('checkoutConfig', () => {
  it('defaults', () => {
    expect(checkoutConfig({}).reservationCaps).toEqual(DEFAULT_RESERVATION_CAPS);
  });
  it('reads the environment; 0 turns a cap off', () => {
    expect(
      checkoutConfig({
        RESERVATION_CAP_WINDOW_MINUTES: '30', RESERVATION_CAP_PER_SESSION: '2', RESERVATION_CAP_PER_CUSTOMER: '4', RESERVATION_CAP_PER_ADDRESS: '0',
      }).reservationCaps,
    ).toEqual({ windowMinutes: 30, perSession: 2, perCustomer: 4, perClientAddress: 0 });
  });
  it.each([
    ['RESERVATION_CAP_PER_SESSION', '-1'],
    ['RESERVATION_CAP_PER_ADDRESS', 'many'],
    ['RESERVATION_CAP_PER_CUSTOMER', '2.5'],
    ['RESERVATION_CAP_WINDOW_MINUTES', '0'],
  ])('refuses %s=%s at start-up', (name, value) => {
    expect(() => checkoutConfig({ [name]: value })).toThrow(name);
  });
});
