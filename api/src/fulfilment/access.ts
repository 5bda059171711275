/**
 * Who may use the shop workspace (/butikk and /api/v1/staff/…), and for which shops. Shop staff (role 'shop') act
 * for the shops listed for them in staff_shops; customer service and admin for every shop (shopIds null).
 */
import type { FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { FULFILMENT_ROLES, REFUND_ROLES, STAFF_ROLES, WEB_SHOP_ID, type StaffRole } from '@shop/contracts/constants';
import type { Db } from '../db/index.js';
import { customers, staffShops } from '../db/schema.js';
import { HttpError } from '../server/errors.js';
import { fulfilmentTexts } from './texts.js';

export interface FulfilmentStaff {
  id: number;
  name: string;
  email: string;
  role: StaffRole;
  /** The shops this person acts for; null = every shop. */
  shopIds: number[] | null;
}

export const isFulfilmentRole = (role: string): role is StaffRole => (FULFILMENT_ROLES as readonly string[]).includes(role);
export const canRefund = (staff: Pick<FulfilmentStaff, 'role'>) => (REFUND_ROLES as readonly string[]).includes(staff.role);

/** The staff member behind a customer id, or null when that account may not use the workspace. */
export async function fulfilmentStaffById(db: Db, customerId: number): Promise<FulfilmentStaff | null | 'not-staff'> {
  const [row] = await db
    .select({ id: customers.id, email: customers.email, role: customers.role, firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)));
  if (!row) return null;
  if (!isFulfilmentRole(row.role)) return 'not-staff';
  const shopIds =
    row.role === STAFF_ROLES.shop ? (await db.select({ shopId: staffShops.shopId }).from(staffShops).where(eq(staffShops.customerId, row.id))).map((s) => s.shopId).sort((a, b) => a - b) : null;
  return { id: row.id, email: row.email ?? '', name: `${row.firstName} ${row.lastName}`.trim(), role: row.role, shopIds };
}

/** 401 without a login, 403 for an account that is not shop staff, customer service or admin. */
export async function requireFulfilmentStaff(db: Db, request: FastifyRequest): Promise<FulfilmentStaff> {
  const session = await request.session.get();
  if (!session?.customerId) throw new HttpError(401, fulfilmentTexts.unauthenticated);
  const staff = await fulfilmentStaffById(db, session.customerId);
  if (staff === null) throw new HttpError(401, fulfilmentTexts.unauthenticated);
  if (staff === 'not-staff') throw new HttpError(403, fulfilmentTexts.forbidden);
  return staff;
}

/** Whether the session of this request belongs to workspace staff (the /butikk document's 200 or 403). */
export async function isFulfilmentSession(db: Db, request: FastifyRequest): Promise<boolean> {
  const session = await request.session.get();
  if (!session?.customerId) return false;
  const staff = await fulfilmentStaffById(db, session.customerId);
  return staff !== null && staff !== 'not-staff';
}

/**
 * Whether a reservation is in the queue of one of `shopIds` (pure): click-and-collect at the shop, home delivery for
 * the web warehouse (its shop id is 55), and home delivery with a line taken from a physical shop's stock (it sends it).
 */
export function reservationInShops(r: { shopId: number; delivery: string }, lineStockShops: Array<number | null>, shopIds: readonly number[] | null): boolean {
  if (shopIds === null) return true;
  if (shopIds.includes(r.shopId)) return true;
  return r.delivery === 'delivery' && lineStockShops.some((s) => s !== null && s !== WEB_SHOP_ID && shopIds.includes(s));
}
