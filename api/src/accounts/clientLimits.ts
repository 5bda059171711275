/**
 * Per-client limits on what costs the shop an e-mail or an account (issue 18): registrations, and password-reset
 * and verification mails, counted per client address in a fixed window, besides the per-account mail limit
 * (MAIL_LIMIT). They share the login throttle's counter store, so every API process counts the same.
 */
import type { CounterStore } from './throttle.js';

export interface ClientLimit {
  /** Part of the counter key. */
  name: string;
  /** Uses allowed per client in one window. */
  max: number;
  windowMs: number;
}

const HOUR = 60 * 60 * 1000;

/** Accounts one client may try to create per hour (each also sends a verification e-mail). */
export const REGISTRATIONS_PER_CLIENT: ClientLimit = { name: 'register', max: 10, windowMs: HOUR };
/** Password-reset and verification mails one client may ask for per hour, whichever the account. */
export const MAILS_PER_CLIENT: ClientLimit = { name: 'mail', max: 20, windowMs: HOUR };

export const CLIENT_LIMIT_PREFIX = 'limit:';

/** Counts one use by the client (atomically, so parallel requests cannot overshoot); false once the limit is used up. */
export async function takeClientAllowance(store: CounterStore, limit: ClientLimit, client: string, now = Date.now()): Promise<boolean> {
  const { count } = await store.hit(`${CLIENT_LIMIT_PREFIX}${limit.name}:${client}`, limit.windowMs, now);
  return count <= limit.max;
}
