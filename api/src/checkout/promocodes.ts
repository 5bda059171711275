/**
 * Promo codes follow their type — the one place that decides whether a shopper may use a code, for
 * GET /promocodes/check/{code} and again (under a row lock) when a reservation redeems it.
 *
 * Types: 'cart' (anyone), 'member' (a logged-in club member: customers.club, granted by accounts/club.ts), 'welcome'
 * (once per customer: the account, its e-mail and every e-mail a reservation was placed with count, each compared as
 * its promoEmailKey, so logging out, typing another address of the same account or another spelling of an address
 * — case, `+tag`, a trailing dot, Gmail's dots — does not make a new customer). Any code may also have max_uses in all.
 * valid_from/valid_to always apply (promoState in rules.ts).
 *
 * Redeeming (createReservation's transaction): `lockPromocode` takes the code's row FOR UPDATE and re-decides, so two
 * tabs placing two reservations with one welcome code queue on that row and the second sees the first's redemption;
 * `recordRedemption` then writes who used it and counts the use (never past max_uses). `releasePromocode` gives a use
 * back when a reservation is cancelled or expires.
 */
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { customers, promocodeRedemptions, promocodes } from '../db/schema.js';
import { promoState } from './rules.js';
import { promoEmailKey } from './promoEmailKey.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Reader = Db | Tx;
export type PromoRow = typeof promocodes.$inferSelect;

export const promoTexts = {
  unknown: 'Ukjent rabattkode',
  expired: 'Rabattkoden er utløpt',
  notYetValid: 'Rabattkoden er ikke gyldig ennå',
  membersOnly: 'Koden gjelder bare for medlemmer i kundeklubben. Logg inn som medlem for å bruke den.',
  alreadyUsed: 'Du har allerede brukt denne rabattkoden. Den kan bare brukes én gang per kunde.',
  usedUp: 'Rabattkoden er brukt opp.',
} as const;

export type PromoRefusal = keyof typeof promoTexts;

/** Who wants to use the code: the session's customer (null = anonymous) and, at checkout, the reservation's e-mail. */
export interface PromoShopper {
  customer: { id: number; club: boolean; email: string | null } | null;
  /** The e-mail typed at checkout; null when not known yet (the cart's check). */
  email: string | null;
}

export type PromoVerdict = { ok: true } | { ok: false; refusal: PromoRefusal; status: 404 | 422; message: string };

const refuse = (refusal: PromoRefusal): PromoVerdict => ({ ok: false, refusal, status: refusal === 'unknown' ? 404 : 422, message: promoTexts[refusal] });

/**
 * The verdict for one code (pure). `usedByShopper`: this customer or e-mail already redeemed it (asked only for
 * welcome codes). An anonymous shopper's welcome code passes the cart's check (no e-mail yet) and is decided again
 * at checkout, where the e-mail is known.
 */
export function promoVerdict(
  promo: Pick<PromoRow, 'validFrom' | 'validTo' | 'type' | 'maxUses' | 'uses'> | null,
  shopper: PromoShopper,
  usedByShopper: boolean,
  now: Date,
): PromoVerdict {
  if (!promo) return refuse('unknown');
  const state = promoState(promo, now);
  if (state === 'expired') return refuse('expired');
  if (state === 'not-yet-valid') return refuse('notYetValid');
  if (promo.type === 'member' && !shopper.customer?.club) return refuse('membersOnly');
  if (promo.type === 'welcome' && usedByShopper) return refuse('alreadyUsed');
  if (promo.maxUses !== null && promo.uses >= promo.maxUses) return refuse('usedUp');
  return { ok: true };
}

/** The keys (promoEmailKey) of the e-mails that identify this shopper for a once-per-customer code. */
export function shopperEmailKeys(shopper: PromoShopper): string[] {
  return [...new Set(shopperEmails(shopper).map(promoEmailKey))];
}

const shopperEmails = (shopper: PromoShopper) =>
  [shopper.customer?.email, shopper.email].map((e) => e?.trim().toLowerCase()).filter((e): e is string => !!e);

/**
 * Whether this customer, or anyone with one of these keys, already redeemed the code: a redemption's own e-mail, the
 * account e-mail of the customer who redeemed, or the account that now has one of these addresses (it may have changed
 * its address since; its stored address is lower-cased, so its exact and canonical spellings find it).
 */
async function usedBy(db: Reader, promoId: number, shopper: PromoShopper): Promise<boolean> {
  const keys = shopperEmailKeys(shopper);
  const addresses = [...new Set([...keys, ...shopperEmails(shopper)])];
  const who = [
    shopper.customer ? eq(promocodeRedemptions.customerId, shopper.customer.id) : undefined,
    keys.length > 0 ? inArray(promocodeRedemptions.emailKey, keys) : undefined,
    keys.length > 0 ? inArray(promocodeRedemptions.accountEmailKey, keys) : undefined,
    keys.length > 0
      ? inArray(
          promocodeRedemptions.customerId,
          db.select({ id: customers.id }).from(customers).where(inArray(customers.email, addresses)),
        )
      : undefined,
  ].filter((c) => c !== undefined);
  if (who.length === 0) return false;
  const rows = await db
    .select({ id: promocodeRedemptions.id })
    .from(promocodeRedemptions)
    .where(and(eq(promocodeRedemptions.promocodeId, promoId), or(...who)))
    .limit(1);
  return rows.length > 0;
}

const byName = (code: string) => eq(sql`lower(${promocodes.name})`, code.trim().toLowerCase());

async function decide(db: Reader, promo: PromoRow | undefined, shopper: PromoShopper, now: Date): Promise<{ promo: PromoRow | null; verdict: PromoVerdict }> {
  const used = promo?.type === 'welcome' ? await usedBy(db, promo.id, shopper) : false;
  return { promo: promo ?? null, verdict: promoVerdict(promo ?? null, shopper, used, now) };
}

/** The code by name (case-insensitive) and this shopper's verdict, without locking (the cart's check, early refusals). */
export async function checkPromocode(db: Reader, code: string, shopper: PromoShopper, now = new Date()) {
  const [promo] = await db.select().from(promocodes).where(byName(code));
  return decide(db, promo, shopper, now);
}

/** Same, with the code's row locked until the transaction ends: the decision holds for the redemption that follows. */
export async function lockPromocode(tx: Tx, code: string, shopper: PromoShopper, now = new Date()) {
  const [promo] = await tx.select().from(promocodes).where(byName(code)).for('update');
  return decide(tx, promo, shopper, now);
}

/** Writes who used the code for this reservation and counts the use; false (nothing written) when max_uses is reached. */
export async function recordRedemption(
  tx: Tx,
  promoId: number,
  use: { reservationId: number; customerId: number | null; email: string; accountEmail: string | null },
): Promise<boolean> {
  const counted = await tx
    .update(promocodes)
    .set({ uses: sql`${promocodes.uses} + 1` })
    .where(and(eq(promocodes.id, promoId), or(isNull(promocodes.maxUses), sql`${promocodes.uses} < ${promocodes.maxUses}`)))
    .returning({ id: promocodes.id });
  if (counted.length === 0) return false;
  await tx.insert(promocodeRedemptions).values({
    promocodeId: promoId,
    reservationId: use.reservationId,
    customerId: use.customerId,
    email: use.email.trim().toLowerCase(),
    emailKey: promoEmailKey(use.email),
    accountEmailKey: use.accountEmail ? promoEmailKey(use.accountEmail) : null,
  });
  return true;
}

/**
 * Gives the reservation's code use back (cancelled or expired reservation): deletes its redemption and counts one use
 * less. Idempotent: a second call, or a reservation without a code, changes nothing. Returns whether a use was released.
 */
export async function releasePromocode(tx: Reader, reservationId: number): Promise<boolean> {
  const [released] = await tx
    .delete(promocodeRedemptions)
    .where(eq(promocodeRedemptions.reservationId, reservationId))
    .returning({ promocodeId: promocodeRedemptions.promocodeId });
  if (!released) return false;
  await tx
    .update(promocodes)
    .set({ uses: sql`greatest(${promocodes.uses} - 1, 0)` })
    .where(eq(promocodes.id, released.promocodeId));
  return true;
}
