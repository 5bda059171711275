/**
 * No one hoards stock: open unpaid reservations (status 1 new, 2 awaiting payment, whose hold has not ended) are
 * capped per session, per logged-in customer and per client address (checkout/config.ts), however long ago they were
 * placed: a click-and-collect reservation to be paid in the shop holds its stock for the whole pickup window. Two caps:
 * how many such reservations an owner holds, and how many units of one variant they hold together. Beyond a cap the
 * reservation is refused with 429 before any stock is taken. A third cap bounds the long holds: how many open
 * reservations to be paid in the shop an owner holds at once (holdPayInShopCap; beyond it paying in the shop is
 * refused with 409 and the reservation keeps its payment hold).
 *
 * The check runs inside the reservation's transaction under transaction-scoped advisory locks on the session, the
 * customer and the address, so twenty parallel requests of one session queue behind each other and each counts the
 * reservations the ones before it committed (a bare count-then-insert would let them all pass). The locks are taken
 * in ascending key order, the same in every transaction, so two reservations sharing an address and a customer cannot
 * deadlock; they are released at commit or rollback.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { HttpError } from '../server/errors.js';
import type { ReservationCaps } from './config.js';
import { reservationTexts } from './validation.js';
import { CartLineError } from './errors.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface ReservationOwner {
  sessionId: string | null;
  customerId: number | null;
  clientAddress: string | null;
}

export interface OpenReservationCounts {
  session: number;
  customer: number;
  clientAddress: number;
}

export type CapKind = keyof OpenReservationCounts;

/** The first cap already reached (so one more would exceed it), or null. A cap of 0 is off; a missing owner part never counts. */
export function capReached(owner: ReservationOwner, counts: OpenReservationCounts, caps: ReservationCaps): CapKind | null {
  const limits: Array<[CapKind, boolean, number]> = [
    ['session', owner.sessionId !== null, caps.perSession],
    ['customer', owner.customerId !== null, caps.perCustomer],
    ['clientAddress', owner.clientAddress !== null, caps.perClientAddress],
  ];
  for (const [kind, present, cap] of limits) {
    if (present && cap > 0 && counts[kind] >= cap) return kind;
  }
  return null;
}

/** The first owner part already holding `cap` open pay-in-shop reservations (one more would exceed it), or null; 0 = off. */
export function payInShopCapReached(owner: ReservationOwner, counts: OpenReservationCounts, cap: number): CapKind | null {
  return capReached(owner, counts, { perSession: cap, perCustomer: cap, perClientAddress: cap, unitsPerVariant: 0, payInShop: cap });
}

/** The units of one variant an owner part may hold unpaid (0 = no cap): the shop's number, else the article's limit. */
export function unitsCap(caps: ReservationCaps, articleLimit: number): number {
  return caps.unitsPerVariant === 'article' ? Math.max(articleLimit, 0) : caps.unitsPerVariant;
}

/** One variant of a new reservation: the units it adds and the units each owner part already holds unpaid. */
export interface VariantUnits {
  adding: number;
  articleLimit: number;
  held: OpenReservationCounts;
}

/** The first owner part that would hold more than its units cap of the variant with this reservation, or null. */
export function unitsCapReached(owner: ReservationOwner, units: VariantUnits, caps: ReservationCaps): { kind: CapKind; cap: number; held: number } | null {
  const cap = unitsCap(caps, units.articleLimit);
  if (cap <= 0) return null;
  const parts: Array<[CapKind, boolean]> = [
    ['session', owner.sessionId !== null],
    ['customer', owner.customerId !== null],
    ['clientAddress', owner.clientAddress !== null],
  ];
  for (const [kind, present] of parts) {
    if (present && units.held[kind] + units.adding > cap) return { kind, cap, held: units.held[kind] };
  }
  return null;
}

/** A signed 64-bit advisory-lock key for one owner part (namespaced so it cannot meet another feature's locks). */
export function capLockKey(part: string): bigint {
  return createHash('sha256').update(`reservation-cap:${part}`).digest().readBigInt64BE(0);
}

/** The lock keys of an owner, ascending (the fixed order every transaction takes them in). */
export function capLockKeys(owner: ReservationOwner): bigint[] {
  const parts = [
    owner.sessionId !== null ? `session:${owner.sessionId}` : null,
    owner.customerId !== null ? `customer:${owner.customerId}` : null,
    owner.clientAddress !== null ? `address:${owner.clientAddress}` : null,
  ].filter((p): p is string => p !== null);
  return [...new Set(parts.map(capLockKey))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Takes the owner's advisory keys for the rest of the transaction (ascending: capLockKeys), before any row lock: every
 * transaction that counts an owner's open reservations takes them the same way, so none can deadlock another.
 */
export async function lockCapKeys(tx: Tx, owner: ReservationOwner): Promise<void> {
  for (const key of capLockKeys(owner)) {
    await tx.execute(sql`select pg_advisory_xact_lock(${key.toString()}::bigint)`);
  }
}

/** A line of the reservation being placed, as the units cap sees it. */
export interface CappedLine {
  ean: string;
  variantId: number;
  count: number;
  /** The article's web purchase limit (the default units cap). */
  limit: number;
}

/**
 * Locks the owner's keys, then counts its open unpaid reservations and the units of the new lines' variants they
 * hold; throws 429 when one more reservation, or these units, would pass a cap. Open = status 1 or 2 and the hold not
 * ended (an ended hold is released by the sweep within seconds and can no longer be paid).
 */
export async function holdReservationCaps(tx: Tx, owner: ReservationOwner, caps: ReservationCaps, lines: readonly CappedLine[] = []): Promise<void> {
  const present = [owner.sessionId, owner.customerId, owner.clientAddress].some((part) => part !== null);
  const counted =
    (owner.sessionId !== null && caps.perSession > 0) ||
    (owner.customerId !== null && caps.perCustomer > 0) ||
    (owner.clientAddress !== null && caps.perClientAddress > 0);
  const unitsCounted = present && lines.some((line) => unitsCap(caps, line.limit) > 0);
  if (!counted && !unitsCounted) return;
  await lockCapKeys(tx, owner);
  const mine = sql`(r.session_id = ${owner.sessionId} or r.customer_id = ${owner.customerId} or r.client_address = ${owner.clientAddress})`;
  const open = sql`r.status_id in (1, 2) and (r.hold_until is null or r.hold_until > now())`;
  if (counted) {
    const { rows } = await tx.execute<{ session: number; customer: number; client_address: number }>(sql`
      select count(*) filter (where r.session_id = ${owner.sessionId})::int as session,
             count(*) filter (where r.customer_id = ${owner.customerId})::int as customer,
             count(*) filter (where r.client_address = ${owner.clientAddress})::int as client_address
      from reservations r
      where ${open} and ${mine}`);
    const row = rows[0]!;
    const reached = capReached(owner, { session: row.session, customer: row.customer, clientAddress: row.client_address }, caps);
    if (reached !== null) throw new HttpError(429, reservationTexts.tooManyOpen);
  }
  if (!unitsCounted) return;
  const variantIds = [...new Set(lines.map((line) => line.variantId))];
  const { rows } = await tx.execute<{ variant_id: number; session: number; customer: number; client_address: number }>(sql`
    select l.variant_id,
           coalesce(sum(l.count - l.removed_count) filter (where r.session_id = ${owner.sessionId}), 0)::int as session,
           coalesce(sum(l.count - l.removed_count) filter (where r.customer_id = ${owner.customerId}), 0)::int as customer,
           coalesce(sum(l.count - l.removed_count) filter (where r.client_address = ${owner.clientAddress}), 0)::int as client_address
    from reservation_lines l
    join reservations r on r.id = l.reservation_id
    where ${open} and ${mine} and l.variant_id in (${sql.join(variantIds.map((id) => sql`${id}`), sql`, `)})
    group by l.variant_id`);
  const heldOf = new Map(rows.map((row) => [Number(row.variant_id), { session: row.session, customer: row.customer, clientAddress: row.client_address }]));
  const refused: Array<{ eanNo: string; message: string }> = [];
  for (const line of lines) {
    const held = heldOf.get(line.variantId) ?? { session: 0, customer: 0, clientAddress: 0 };
    const reached = unitsCapReached(owner, { adding: line.count, articleLimit: line.limit, held }, caps);
    if (reached) refused.push({ eanNo: line.ean, message: reservationTexts.tooManyUnits(reached.cap, reached.held) });
  }
  if (refused.length > 0) throw new CartLineError(429, refused);
}

/**
 * Open pay-in-shop reservations: the shopper chose to pay in the shop and the goods are still held for them — unpaid
 * with the (pickup-window) hold running, or laid out ("Klar til henting", status 4) with the pickup window running.
 */
const openPayInShop = sql`r.pay_in_shop_at is not null and (
  (r.status_id in (1, 2) and (r.hold_until is null or r.hold_until > now()))
  or (r.status_id = 4 and (r.pickup_until is null or r.pickup_until > now())))`;

/**
 * Throws 409 when the owner already holds `cap` open pay-in-shop reservations besides `reservationId` (0 = off). Call
 * it under the owner's keys (lockCapKeys, the same keys a new reservation takes), inside the transaction that records
 * the choice, so two choices of one owner, or a choice and a new reservation, queue behind each other.
 */
export async function holdPayInShopCap(tx: Tx, owner: ReservationOwner, cap: number, reservationId: number): Promise<void> {
  if (cap <= 0 || (owner.sessionId === null && owner.customerId === null && owner.clientAddress === null)) return;
  const mine = sql`(r.session_id = ${owner.sessionId} or r.customer_id = ${owner.customerId} or r.client_address = ${owner.clientAddress})`;
  const { rows } = await tx.execute<{ session: number; customer: number; client_address: number }>(sql`
    select count(*) filter (where r.session_id = ${owner.sessionId})::int as session,
           count(*) filter (where r.customer_id = ${owner.customerId})::int as customer,
           count(*) filter (where r.client_address = ${owner.clientAddress})::int as client_address
    from reservations r
    where ${openPayInShop} and r.id <> ${reservationId} and ${mine}`);
  const row = rows[0]!;
  if (payInShopCapReached(owner, { session: row.session, customer: row.customer, clientAddress: row.client_address }, cap) !== null) {
    throw new HttpError(409, reservationTexts.tooManyPayInShop(cap));
  }
}
