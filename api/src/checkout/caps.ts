/**
 * No one hoards stock: open unpaid reservations (status 1 new, 2 awaiting payment) placed within a window are capped
 * per session, per logged-in customer and per client address (checkout/config.ts). Beyond a cap the reservation is
 * refused with 429 before any stock is taken.
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

/** Locks the owner's keys, counts its open reservations in the window, and throws 429 when a cap is reached. */
export async function holdReservationCaps(tx: Tx, owner: ReservationOwner, caps: ReservationCaps): Promise<void> {
  const counted =
    (owner.sessionId !== null && caps.perSession > 0) ||
    (owner.customerId !== null && caps.perCustomer > 0) ||
    (owner.clientAddress !== null && caps.perClientAddress > 0);
  if (!counted) return;
  for (const key of capLockKeys(owner)) {
    await tx.execute(sql`select pg_advisory_xact_lock(${key.toString()}::bigint)`);
  }
  const { rows } = await tx.execute<{ session: number; customer: number; client_address: number }>(sql`
    select count(*) filter (where session_id = ${owner.sessionId})::int as session,
           count(*) filter (where customer_id = ${owner.customerId})::int as customer,
           count(*) filter (where client_address = ${owner.clientAddress})::int as client_address
    from reservations
    where status_id in (1, 2)
      and created_at > now() - make_interval(mins => ${caps.windowMinutes}::int)
      and (session_id = ${owner.sessionId} or customer_id = ${owner.customerId} or client_address = ${owner.clientAddress})`);
  const row = rows[0]!;
  const reached = capReached(owner, { session: row.session, customer: row.customer, clientAddress: row.client_address }, caps);
  if (reached !== null) throw new HttpError(429, reservationTexts.tooManyOpen);
}
