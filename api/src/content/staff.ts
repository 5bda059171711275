/**
 * Staff accounts: customers with role 'staff' (editor) or 'admin' may use /api/v1/editor/…; 'shop' (for the shops in
 * staff_shops), 'customer-service' and 'admin' the shop workspace. Created (or promoted, with the given password)
 * from STAFF_EMAIL/STAFF_PASSWORD at start-up (editor), or with
 * `npm run staff:create -w @shop/api -- email password [role] [shopId,…]`.
 */
import path from 'node:path';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { customers, shops, staffShops } from '../db/schema.js';
import { STAFF_ROLES, type StaffRole } from '@shop/contracts/constants';
import { hashPassword, MIN_PASSWORD_LENGTH } from '../accounts/passwords.js';

export const STAFF_ROLE = 'staff';

export class StaffInputError extends Error {}


const ROLES = Object.values(STAFF_ROLES) as string[];

export function checkStaffInput(
  email: string,
  password: string,
  role: string = STAFF_ROLE,
  shopList = '',
): { email: string; password: string; role: StaffRole; shopIds: number[] } {
  const normalised = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(normalised)) throw new StaffInputError(`not an e-mail address: "${email}"`);
  if (password.length < MIN_PASSWORD_LENGTH) throw new StaffInputError(`the password needs at least ${MIN_PASSWORD_LENGTH} characters`);
  if (!ROLES.includes(role)) throw new StaffInputError(`unknown role "${role}" (one of ${ROLES.join(', ')})`);
  const parts = shopList.split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.some((p) => !/^[1-9]\d{0,8}$/.test(p))) throw new StaffInputError(`shop ids are numbers separated by commas: "${shopList}"`);
  const shopIds = [...new Set(parts.map(Number))];
  if (role === STAFF_ROLES.shop && shopIds.length === 0) throw new StaffInputError('shop staff need the ids of their shops, e.g. 1 or 1,2');
  if (role !== STAFF_ROLES.shop && shopIds.length > 0) throw new StaffInputError(`only the role "${STAFF_ROLES.shop}" takes shops (the others see every shop)`);
  return { email: normalised, password, role: role as StaffRole, shopIds };
}

/**
 * Creates the staff account, or gives an existing account with that e-mail the role and sets its password. Shop staff
 * get exactly the shops given (staff_shops is replaced); other roles keep none.
 */
export async function ensureStaffAccount(db: Db, emailInput: string, passwordInput: string, roleInput?: string, shopList?: string): Promise<{ id: number; created: boolean }> {
  const { email, password, role, shopIds } = checkStaffInput(emailInput, passwordInput, roleInput, shopList);
  if (shopIds.length) {
    const known = await db.select({ id: shops.id }).from(shops).where(inArray(shops.id, shopIds));
    const missing = shopIds.filter((id) => !known.some((k) => k.id === id));
    if (missing.length) throw new StaffInputError(`no shop with id ${missing.join(', ')}`);
  }
  const passwordHash = await hashPassword(password);
  const result = await upsertAccount(db, email, passwordHash, role);
  await db.transaction(async (tx) => {
    await tx.delete(staffShops).where(eq(staffShops.customerId, result.id));
    if (shopIds.length) await tx.insert(staffShops).values(shopIds.map((shopId) => ({ customerId: result.id, shopId })));
  });
  return result;
}

async function upsertAccount(db: Db, email: string, passwordHash: string, role: StaffRole): Promise<{ id: number; created: boolean }> {
  const [existing] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.email, email), isNull(customers.deletedAt)));
  if (existing) {
    await db.update(customers).set({ role, passwordHash }).where(eq(customers.id, existing.id));
    return { id: existing.id, created: false };
  }
  const [row] = await db
    .insert(customers)
    .values({
      firstName: role === STAFF_ROLE ? 'Redaksjon' : role === STAFF_ROLES.shop ? 'Butikk' : role === STAFF_ROLES.customerService ? 'Kundeservice' : 'Admin',
      lastName: 'Staut',
      email,
      passwordHash,
      role,
      permissions: role === STAFF_ROLE || role === STAFF_ROLES.admin ? ['content:edit'] : [],
      emailVerifiedAt: new Date(),
      termsConditions: true,
    })
    .returning({ id: customers.id });
  return { id: row!.id, created: true };
}
