/**
 * The client a request comes from, as every per-client limit counts it (login throttling, registration and mail
 * caps, open-reservation caps, anonymous poll answers). request.ip is the socket peer, or the client named by a
 * proxy the server trusts (TRUST_PROXY). An IPv6 client usually holds a whole /64 and can take any address in it
 * at will, so an IPv6 address counts as its /64: counting single addresses would let one client pass every limit
 * by changing its last 64 bits. An IPv4 address seen through IPv6 (::ffff:a.b.c.d) counts as that IPv4 address.
 */
import net from 'node:net';
import type { FastifyRequest } from 'fastify';

/** The first 64 bits of an IPv6 address as four hextets (leading zeros dropped), or null when it is not one. */
function ipv6Prefix64(address: string): string[] | null {
  const [head = '', tail, ...more] = address.split('::');
  if (more.length > 0) return null;
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  // An embedded IPv4 tail (a:b::1.2.3.4) takes two hextets; only the first four hextets matter here.
  const width = (parts: string[]) => parts.reduce((n, p) => n + (p.includes('.') ? 2 : 1), 0);
  const fill = tail === undefined ? 0 : 8 - width(left) - width(right);
  const hextets = [...left, ...Array<string>(Math.max(fill, 0)).fill('0'), ...right];
  return hextets.slice(0, 4).map((h) => (h.includes('.') ? h : (parseInt(h, 16) || 0).toString(16)));
}

/** Pure: the client key of an address (see the file's comment); anything that is not an IP address is kept as it is. */
export function clientKey(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped && net.isIPv4(mapped[1]!)) return mapped[1]!;
  if (net.isIPv6(address)) {
    const prefix = ipv6Prefix64(address);
    if (prefix) return `${prefix.join(':')}::/64`;
  }
  return address;
}

/** The request's client key. */
export const clientOf = (request: Pick<FastifyRequest, 'ip'>): string => clientKey(request.ip);
