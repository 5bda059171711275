/**
 * "Betal ved henting i butikken" (POST /reservations/{id}/pay-in-shop): the shopper says the click-and-collect
 * reservation will be paid when it is collected. Until then a new reservation holds only for the payment hold
 * (checkout/hold.ts); this turns that hold into the pickup window, once.
 *
 * Who may (payInShopVerdict, table-tested): the reservation's owner (payments/service.ts ownsReservation: its session
 * or its logged-in customer; anyone else gets the payment routes' 404), for a click-and-collect reservation (422 for
 * home delivery, paid online before it is sent), unpaid with its hold still running (410 once the hold has ended, 409
 * when paid or dealt with by the shop). Choosing it again answers 200 with the same hold: it never extends it.
 *
 * ONE transaction: the owner's advisory keys (the same as a new reservation's, checkout/caps.ts), then the reservation
 * row FOR UPDATE, then the pay-in-shop cap (409 when the session, customer or client address already holds
 * RESERVATION_PAY_IN_SHOP_CAP open pay-in-shop reservations; the reservation then keeps its payment hold and can still
 * be paid online), then: hold_until = now + the pickup window, pay_in_shop_at, the version, the audit event, and every
 * open online checkout given up with a `void` queued (payments/service.ts cancelOpenCheckouts, as "Betalt i
 * butikken" does): if the shopper completes one after all, it is paid back as late. The hold sweep takes the same row
 * lock, so a hold cannot both end and become the pickup window.
 *
 * Staff go on as with any unpaid click-and-collect reservation: "Klar til henting" starts the pickup window again from
 * when the goods are laid out, and with no online payment holding money the hand-over is "Betalt i butikken"
 * (fulfilment/rules.ts handOverMoney: `in-shop`).
 */
import { CLICK_AND_COLLECT_METHOD_ID } from '@shop/contracts/constants';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { reservations } from '../db/schema.js';
import { HttpError } from '../server/errors.js';
import { recordEvent, SYSTEM } from '../fulfilment/records.js';
import { expireIfDue } from '../payments/expiry.js';
import { cancelOpenCheckouts, ownsReservation } from '../payments/service.js';
import { paymentTexts } from '../payments/texts.js';
import { holdPayInShopCap, lockCapKeys, type ReservationOwner } from './caps.js';
import { holdConfig, holdState, pickupEndsAt, RESERVATION_CANCELLED, type HoldConfig } from './hold.js';
import { reservationTexts } from './validation.js';

type ReservationRow = typeof reservations.$inferSelect;

export type PayInShopVerdict =
  /** `already`: chosen before; the hold stays as it is. */
  | { ok: true; already: boolean }
  | { ok: false; status: 409 | 410 | 422; message: string };

/** What the rule reads of a reservation. */
export type PayInShopFacts = Pick<ReservationRow, 'statusId' | 'delivery' | 'holdUntil' | 'expiredAt' | 'payInShopAt'>;

/** May the owner choose to pay this reservation in the shop now? (Ownership is the caller's check.) */
export function payInShopVerdict(r: PayInShopFacts, now: Date): PayInShopVerdict {
  if (r.delivery !== CLICK_AND_COLLECT_METHOD_ID) return { ok: false, status: 422, message: reservationTexts.payInShopHomeDelivery };
  const state = holdState(r, now);
  if (state === 'expired' || state === 'due') return { ok: false, status: 410, message: paymentTexts.expired };
  if (r.statusId === RESERVATION_CANCELLED) return { ok: false, status: 409, message: reservationTexts.payInShopCancelled };
  // Chosen before: the same answer whatever staff have done since (laid out, handed over), never a longer hold.
  if (r.payInShopAt) return { ok: true, already: true };
  if (state === 'paid') return { ok: false, status: 409, message: paymentTexts.alreadyPaid };
  if (state === 'closed') return { ok: false, status: 409, message: reservationTexts.payInShopClosed };
  return { ok: true, already: false };
}

export interface PayInShopResult {
  reservationId: number;
  statusId: number;
  /** Until when the goods are held for the shopper (the end of the pickup window). */
  holdUntil: Date;
  /** Online checkouts given up (each with its `void` queued). */
  checkoutsGivenUp: number;
}

const ownerOf = (r: ReservationRow): ReservationOwner => ({ sessionId: r.sessionId, customerId: r.customerId, clientAddress: r.clientAddress });
const sameOwner = (a: ReservationOwner, b: ReservationOwner) => a.sessionId === b.sessionId && a.customerId === b.customerId && a.clientAddress === b.clientAddress;

/**
 * Records the owner's choice to pay reservation `reservationId` in the shop (see the file's comment). Throws HttpError
 * 404 (not the session's), 409, 410 or 422 with the Norwegian reason.
 */
export async function choosePayInShop(
  db: Db,
  reservationId: number,
  session: { id: string; customerId: number | null } | null,
  options: {
    /** RESERVATION_PAY_IN_SHOP_CAP (checkout/config.ts); 0 = off. */
    cap: number;
    now?: Date;
    hold?: HoldConfig;
    /** Called when provider operations were queued (an expiry's or a given-up checkout's void): run them soon. */
    kick?: () => void;
  },
): Promise<PayInShopResult> {
  const now = options.now ?? new Date();
  const [found] = await db.select().from(reservations).where(eq(reservations.id, reservationId));
  if (!found || !ownsReservation(found, session)) throw new HttpError(404, paymentTexts.reservationNotFound);
  // On access, as the payment routes do: an ended hold is expired now, so the shopper is told and the stock is back.
  if (await expireIfDue(db, reservationId, now)) options.kick?.();
  let owner = ownerOf(found);
  // The owner's keys come from the row read before its lock; a login moving it to a new session meanwhile (expiry.ts
  // rotateKeepingReservations) means another try with the keys of the row as it is now.
  for (let attempt = 0; attempt < 5; attempt++) {
    const done = await db.transaction(async (tx): Promise<PayInShopResult | ReservationOwner> => {
      // The owner's advisory keys first (every transaction takes them before any row: checkout/caps.ts), then the row.
      if (options.cap > 0) await lockCapKeys(tx, owner);
      const [r] = await tx.select().from(reservations).where(eq(reservations.id, reservationId)).for('update');
      if (!r || !ownsReservation(r, session)) throw new HttpError(404, paymentTexts.reservationNotFound);
      if (options.cap > 0 && !sameOwner(ownerOf(r), owner)) return ownerOf(r);
      const verdict = payInShopVerdict(r, now);
      if (!verdict.ok) throw new HttpError(verdict.status, verdict.message);
      if (verdict.already) {
        return { reservationId: r.id, statusId: r.statusId, holdUntil: r.pickupUntil ?? r.holdUntil ?? r.payInShopAt!, checkoutsGivenUp: 0 };
      }
      await holdPayInShopCap(tx, owner, options.cap, r.id);
      const holdUntil = pickupEndsAt(now, options.hold ?? holdConfig());
      await tx
        .update(reservations)
        .set({ holdUntil, payInShopAt: now, version: sql`${reservations.version} + 1` })
        .where(eq(reservations.id, r.id));
      // An online checkout still open is given up: paying in the shop is the reservation's payment now.
      const checkoutsGivenUp = await cancelOpenCheckouts(tx, r.id, 'pay-in-shop', {});
      await recordEvent(tx, {
        reservationId: r.id,
        actor: SYSTEM,
        kind: 'pay-in-shop',
        fromStatus: r.statusId,
        toStatus: r.statusId,
        detail: { by: 'customer', holdUntil: holdUntil.toISOString(), previousHoldUntil: r.holdUntil?.toISOString() ?? null, ...(checkoutsGivenUp ? { checkoutsGivenUp } : {}) },
      });
      return { reservationId: r.id, statusId: r.statusId, holdUntil, checkoutsGivenUp };
    });
    if ('reservationId' in done) {
      if (done.checkoutsGivenUp > 0) options.kick?.();
      return done;
    }
    owner = done;
  }
  throw new HttpError(409, reservationTexts.payInShopBusy);
}
