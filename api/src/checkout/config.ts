/**
 * Checkout configuration from the environment (read per app; pure for tests).
 *   RESERVATION_CAP_PER_SESSION     open unpaid reservations one browser session may hold (default 3)
 *   RESERVATION_CAP_PER_CUSTOMER    … one logged-in customer, over all their sessions (default 5)
 *   RESERVATION_CAP_PER_ADDRESS     … one client address (server/client.ts), over all its sessions (default 6)
 *   RESERVATION_CAP_UNITS_PER_VARIANT  units of one variant one session, customer or address may hold in its open
 *                                   unpaid reservations together: unset = the article's web purchase limit, a number
 *                                   = that many for every variant
 *   RESERVATION_PAY_IN_SHOP_CAP     open click-and-collect reservations to be paid in the shop (the shopper's "Betal ved
 *                                   henting i butikken", checkout/payInShop.ts) one session, one customer and one
 *                                   client address may hold at once (default 2)
 * A cap of 0 turns that cap off.
 *
 * Every open unpaid reservation counts, however old. A new reservation holds only for the payment hold (30 min,
 * checkout/hold.ts), but one the shopper chose to pay in the shop holds its stock for the whole pickup window (72 h),
 * so a cap that forgot reservations after an hour let one address hold six more every hour, all at once, for three
 * days. The former RESERVATION_CAP_WINDOW_MINUTES is gone for that reason: any window shorter than the longest hold
 * is a way round the caps, and one as long as it counts everything anyway. The long holds have their own, smaller cap:
 * a shopper collects one or two orders at a time; more than that is somebody holding stock for three days.
 *
 * Why these defaults: only reservations still open and unpaid count, and a paid, cancelled or expired one stops
 * counting at once. A shopper places one reservation per purchase, and perhaps a second or third after changing the
 * delivery or when a payment failed; a logged-in customer may also do so from a phone and a laptop. A household or a
 * small office shares one address: two or three shoppers doing the same. The units of one variant (one size, one
 * colour) that one shopper needs are what the shop already lets one line buy (the article's web purchase limit): with
 * the same count over all of a shopper's open reservations, splitting a purchase over several reservations or
 * sessions no longer multiplies it. Shoppers behind a carrier-grade NAT or a large office share one address with many
 * others: such a shop raises RESERVATION_CAP_PER_ADDRESS or sets it to 0 (docs/operations.md "Running in production").
 */
import { ConfigError } from '../config.js';

export interface ReservationCaps {
  perSession: number;
  perCustomer: number;
  perClientAddress: number;
  /** Units of one variant one owner part may hold unpaid: `article` = the article's web purchase limit; 0 = off. */
  unitsPerVariant: number | 'article';
  /** Open pay-in-shop reservations (holding for the pickup window) one owner part may hold; 0 = off. */
  payInShop: number;
}

export interface CheckoutConfig {
  reservationCaps: ReservationCaps;
}

export const DEFAULT_RESERVATION_CAPS: ReservationCaps = { perSession: 3, perCustomer: 5, perClientAddress: 6, unitsPerVariant: 'article', payInShop: 2 };

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number;
function wholeNumber<T>(env: NodeJS.ProcessEnv, name: string, fallback: T, min: number): number | T;
function wholeNumber<T>(env: NodeJS.ProcessEnv, name: string, fallback: T, min: number): number | T {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > 1_000_000) {
    throw new ConfigError(`${name} must be a whole number from ${min}, got "${raw}"`);
  }
  return value;
}

export function checkoutConfig(env: NodeJS.ProcessEnv = process.env): CheckoutConfig {
  const d = DEFAULT_RESERVATION_CAPS;
  return {
    reservationCaps: {
      perSession: wholeNumber(env, 'RESERVATION_CAP_PER_SESSION', d.perSession, 0),
      perCustomer: wholeNumber(env, 'RESERVATION_CAP_PER_CUSTOMER', d.perCustomer, 0),
      perClientAddress: wholeNumber(env, 'RESERVATION_CAP_PER_ADDRESS', d.perClientAddress, 0),
      unitsPerVariant: wholeNumber(env, 'RESERVATION_CAP_UNITS_PER_VARIANT', d.unitsPerVariant, 0),
      payInShop: wholeNumber(env, 'RESERVATION_PAY_IN_SHOP_CAP', d.payInShop, 0),
    },
  };
}
