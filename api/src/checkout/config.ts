/**
 * Checkout configuration from the environment (read per app; pure for tests).
 *   RESERVATION_CAP_WINDOW_MINUTES  how far back open reservations count towards the caps (default 60)
 *   RESERVATION_CAP_PER_SESSION     open unpaid reservations one browser session may hold in the window (default 3)
 *   RESERVATION_CAP_PER_CUSTOMER    … one logged-in customer, over all their sessions (default 5)
 *   RESERVATION_CAP_PER_ADDRESS     … one client address (server/client.ts), over all its sessions (default 6)
 * A cap of 0 turns that cap off.
 *
 * Why these defaults: only reservations still open and unpaid count, and a paid one stops counting at once. A shopper
 * places one reservation per purchase, and perhaps a second or third after changing the delivery or when a payment
 * failed; a logged-in customer may also do so from a phone and a laptop. A household or a small office shares one
 * address: two or three shoppers doing the same. Above that, within an hour, someone is holding stock that others
 * could buy — ten fresh sessions from one address emptied a 43-unit variant in under a second before the caps.
 * Shoppers behind a carrier-grade NAT or a large office share one address with many others: such a shop raises
 * RESERVATION_CAP_PER_ADDRESS or sets it to 0 (README "Running in production").
 */
import { ConfigError } from '../config.js';

export interface ReservationCaps {
  windowMinutes: number;
  perSession: number;
  perCustomer: number;
  perClientAddress: number;
}

export interface CheckoutConfig {
  reservationCaps: ReservationCaps;
}

export const DEFAULT_RESERVATION_CAPS: ReservationCaps = { windowMinutes: 60, perSession: 3, perCustomer: 5, perClientAddress: 6 };

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
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
      windowMinutes: wholeNumber(env, 'RESERVATION_CAP_WINDOW_MINUTES', d.windowMinutes, 1),
      perSession: wholeNumber(env, 'RESERVATION_CAP_PER_SESSION', d.perSession, 0),
      perCustomer: wholeNumber(env, 'RESERVATION_CAP_PER_CUSTOMER', d.perCustomer, 0),
      perClientAddress: wholeNumber(env, 'RESERVATION_CAP_PER_ADDRESS', d.perClientAddress, 0),
    },
  };
}
