import { describe, expect, it } from 'vitest';
import { capLockKey, capLockKeys, capReached, payInShopCapReached, unitsCap, unitsCapReached, type ReservationOwner } from './caps.js';
import { checkoutConfig, DEFAULT_RESERVATION_CAPS } from './config.js';

const caps = { perSession: 3, perCustomer: 5, perClientAddress: 6, unitsPerVariant: 'article' as const, payInShop: 2 };
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

describe('payInShopCapReached: open reservations to be paid in the shop (held for the pickup window), one cap for every owner part', () => {
  it.each([
    ['none yet', anonymous, [0, 0, 0], 2, null],
    ['one in the session', anonymous, [1, 0, 1], 2, null],
    ['two in the session', anonymous, [2, 0, 2], 2, 'session'],
    ['two from the address over other sessions', anonymous, [0, 0, 2], 2, 'clientAddress'],
    ['two for the customer over a phone and a laptop', customer, [0, 2, 0], 2, 'customer'],
    ['an anonymous shopper has no customer part', anonymous, [0, 7, 0], 2, null],
    ['no address known: no address part', { ...anonymous, clientAddress: null }, [0, 0, 9], 2, null],
    ['a shop allowing one', anonymous, [1, 0, 1], 1, 'session'],
    ['0 turns it off', anonymous, [40, 0, 40], 0, null],
  ] as const)('%s', (_n, owner, [session, cust, address], cap, expected) => {
    expect(payInShopCapReached(owner, { session, customer: cust, clientAddress: address }, cap)).toBe(expected);
  });
});

describe('unitsCapReached: units of one variant an owner would hold unpaid with this reservation', () => {
  const held = (session: number, cust: number, address: number) => ({ session, customer: cust, clientAddress: address });
  it.each([
    ['nothing held: the article limit of one line', anonymous, 10, 10, held(0, 0, 0), caps, null],
    ['one more than the article limit over two reservations', anonymous, 4, 10, held(7, 0, 7), caps, { kind: 'session', cap: 10, held: 7 }],
    ['other sessions of the address hold the rest', anonymous, 2, 10, held(0, 0, 9), caps, { kind: 'clientAddress', cap: 10, held: 9 }],
    ['exactly the cap is fine', anonymous, 3, 10, held(7, 0, 7), caps, null],
    ['a customer over phone and laptop', customer, 3, 10, held(0, 8, 0), caps, { kind: 'customer', cap: 10, held: 8 }],
    ['an anonymous shopper has no customer part', anonymous, 3, 10, held(0, 99, 0), caps, null],
    ['no address known: no address part', { ...anonymous, clientAddress: null }, 1, 10, held(0, 0, 99), caps, null],
    ['the shop\'s own number wins over the article limit', anonymous, 3, 24, held(2, 0, 2), { ...caps, unitsPerVariant: 4 }, { kind: 'session', cap: 4, held: 2 }],
    ['the shop\'s number may be higher than one line', anonymous, 10, 10, held(10, 0, 10), { ...caps, unitsPerVariant: 20 }, null],
    ['0 turns it off', anonymous, 10, 10, held(500, 0, 500), { ...caps, unitsPerVariant: 0 }, null],
  ] as const)('%s', (_n, owner, adding, articleLimit, h, limits, expected) => {
    expect(unitsCapReached(owner, { adding, articleLimit, held: h }, limits)).toEqual(expected);
  });
  it('unitsCap: the article limit unless the shop names a number', () => {
    expect(unitsCap(caps, 24)).toBe(24);
    expect(unitsCap({ ...caps, unitsPerVariant: 5 }, 24)).toBe(5);
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
        RESERVATION_CAP_PER_SESSION: '2', RESERVATION_CAP_PER_CUSTOMER: '4', RESERVATION_CAP_PER_ADDRESS: '0', RESERVATION_CAP_UNITS_PER_VARIANT: '6',
      }).reservationCaps,
    ).toEqual({ perSession: 2, perCustomer: 4, perClientAddress: 0, unitsPerVariant: 6, payInShop: 2 });
    expect(checkoutConfig({ RESERVATION_PAY_IN_SHOP_CAP: '1' }).reservationCaps.payInShop).toBe(1);
    expect(checkoutConfig({ RESERVATION_PAY_IN_SHOP_CAP: '0' }).reservationCaps.payInShop).toBe(0);
    expect(checkoutConfig({ RESERVATION_CAP_UNITS_PER_VARIANT: '0' }).reservationCaps.unitsPerVariant).toBe(0);
  });
  it('the former window counts nothing any more: every open reservation counts, however old', () => {
    expect(checkoutConfig({ RESERVATION_CAP_WINDOW_MINUTES: '30' }).reservationCaps).toEqual(DEFAULT_RESERVATION_CAPS);
  });
  it.each([
    ['RESERVATION_CAP_PER_SESSION', '-1'],
    ['RESERVATION_CAP_PER_ADDRESS', 'many'],
    ['RESERVATION_CAP_PER_CUSTOMER', '2.5'],
    ['RESERVATION_CAP_UNITS_PER_VARIANT', 'article'],
    ['RESERVATION_PAY_IN_SHOP_CAP', '-2'],
  ])('refuses %s=%s at start-up', (name, value) => {
    expect(() => checkoutConfig({ [name]: value })).toThrow(name);
  });
});
