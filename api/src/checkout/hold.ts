/**
 * How long an unpaid reservation holds its stock (decision, documented in docs/adr/0026, README "Configuration" and
 * docs/operations.md "Reservations"):
 *   RESERVATION_HOLD_MINUTES  every new reservation, click-and-collect and home delivery alike: the payment hold, how
 *                             long the shopper has to pay online or to choose paying in the shop (default 30)
 *   RESERVATION_PICKUP_HOURS  the pickup window (default 72): how long a click-and-collect reservation the shopper
 *                             chose to pay in the shop holds (from that choice), and how long one marked "Klar til
 *                             henting" waits in the shop (fulfilment/actions.ts `ready`)
 * When a hold ends unpaid, payments/expiry.ts cancels the reservation and returns its stock.
 *
 * A reservation holds briefly because the shop cannot know what an unpaid one is for until the shopper says so:
 * "Betal ved henting i butikken" is its own action (POST /reservations/{id}/pay-in-shop, checkout/payInShop.ts),
 * allowed only for the owner's open click-and-collect reservation and turning the hold into the pickup window once.
 * What bounds those long holds is checkout/caps.ts: at most RESERVATION_PAY_IN_SHOP_CAP open pay-in-shop reservations
 * per session, customer and client address, besides the caps every open unpaid reservation counts towards (their
 * number, and the units of each variant they hold together), so one client holds at most what one shopper buys.
 */
export interface HoldConfig {
  /** RESERVATION_HOLD_MINUTES: the payment hold of every new reservation. */
  holdMinutes: number;
  /** RESERVATION_PICKUP_HOURS: the pickup window. */
  pickupHours: number;
}

const positive = (v: string | undefined, fallback: number) => {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
};

export function holdConfig(env: NodeJS.ProcessEnv = process.env): HoldConfig {
  return { holdMinutes: positive(env.RESERVATION_HOLD_MINUTES, 30), pickupHours: positive(env.RESERVATION_PICKUP_HOURS, 72) };
}

/** The end of a new reservation's hold: the payment hold, whatever the delivery. */
export function holdEndsAt(now: Date, config: HoldConfig = holdConfig()): Date {
  return new Date(now.getTime() + config.holdMinutes * 60_000);
}

/** The end of a pickup window that starts now (paying in the shop chosen, or the goods laid out). */
export function pickupEndsAt(now: Date, config: HoldConfig = holdConfig()): Date {
  return new Date(now.getTime() + config.pickupHours * 3_600_000);
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
