/** The client key every per-client limit counts under (server/client.ts): IPv6 as its /64, mapped IPv4 as IPv4. */
import { describe, expect, it } from 'vitest';
import { clientKey } from '../../src/server/client.js';

describe('clientKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['127.0.0.1', '127.0.0.1'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8:1::', '2001:db8:1:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::203.0.113.7', '64:ff9b:0:0::/64'],
    ['not-an-address', 'not-an-address'],
    ['', ''],
  ])('%s → %s', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });

  it('two addresses of one /64 are one client, of two /64s two', () => {
    expect(clientKey('2001:db8:aa:bb::1')).toBe(clientKey('2001:db8:aa:bb:ffff::9'));
    expect(clientKey('2001:db8:aa:bb::1')).not.toBe(clientKey('2001:db8:aa:bc::1'));
  });
});
