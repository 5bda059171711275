/**
 * How long an unpaid reservation holds its stock (decision, documented in README "Configuration"):
 *   RESERVATION_HOLD_MINUTES  home delivery: the shopper has this long to pay (default 30)
 *   RESERVATION_PICKUP_HOURS  click-and-collect: the pickup window, paid or paid in the shop (default 72)
 * When the hold ends unpaid, checkout/expiry.ts cancels the reservation and returns its stock.
 *
 * A click-and-collect reservation may be paid online or when collected, and the shop learns which only when it is
 * paid, so an unpaid one holds for the pickup window. What bounds that long hold is checkout/caps.ts: every open
 * unpaid reservation of a session, customer and client address counts, whatever its age, and so do the units of each
 * variant they hold together (the article's web purchase limit), so one client holds at most what one shopper buys.
 */
export interface HoldConfig {
  homeDeliveryMinutes: number;
  pickupHours: number;
}

const positive = (v: string | undefined, fallback: number) => {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
};

export function holdConfig(env: NodeJS.ProcessEnv = process.env): HoldConfig {
  return { homeDeliveryMinutes: positive(env.RESERVATION_HOLD_MINUTES, 30), pickupHours: positive(env.RESERVATION_PICKUP_HOURS, 72) };
}

/** The end of a new reservation's hold. */
export function holdEndsAt(homeDelivery: boolean, now: Date, config: HoldConfig = holdConfig()): Date {
  const ms = homeDelivery ? config.homeDeliveryMinutes * 60_000 : config.pickupHours * 3_600_000;
  return new Date(now.getTime() + ms);
}

/** Statuses that still hold stock unpaid (1 new, 2 awaiting payment). */
export const UNPAID_STATUSES = [1, 2] as const;
export const RESERVATION_PAID = 3;
export const RESERVATION_CANCELLED = 9;

export type HoldState = 'open' | 'due' | 'paid' | 'expired' | 'closed';

/** Where a reservation stands for payment: `due` = the hold has ended but nothing has expired it yet. */
export function holdState(r: { statusId: number; holdUntil: Date | null; expiredAt: Date | null }, now: Date): HoldState {
  if (r.expiredAt) return 'expired';
  if (r.statusId === RESERVATION_PAID) return 'paid';
  if (!(UNPAID_STATUSES as readonly number[]).includes(r.statusId)) return 'closed';
  if (r.holdUntil && r.holdUntil.getTime() <= now.getTime()) return 'due';
  return 'open';
}
