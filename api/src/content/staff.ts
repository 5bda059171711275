/**
 * Staff accounts: customers with role 'staff' may use /api/v1/editor/…. Created (or promoted, with the given
 * password) from STAFF_EMAIL/STAFF_PASSWORD at start-up, or with `npm run staff:create -w @shop/api -- email password`.
 */
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { customers } from '../db/schema.js';
import { hashPassword, MIN_PASSWORD_LENGTH } from '../accounts/passwords.js';

export const STAFF_ROLE = 'staff';

export class StaffInputError extends Error {}


export function checkStaffInput(email: string, password: string): { email: string; password: string } {
  const normalised = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(normalised)) throw new StaffInputError(`not an e-mail address: "${email}"`);
  if (password.length < MIN_PASSWORD_LENGTH) throw new StaffInputError(`the password needs at least ${MIN_PASSWORD_LENGTH} characters`);
  return { email: normalised, password };
}

/** Creates the staff account, or makes an existing account with that e-mail staff and sets its password. */
export async function ensureStaffAccount(db: Db, emailInput: string, passwordInput: string): Promise<{ id: number; created: boolean }> {
  const { email, password } = checkStaffInput(emailInput, passwordInput);
  const passwordHash = await hashPassword(password);
  const [existing] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.email, email), isNull(customers.deletedAt)));
  if (existing) {
    await db.update(customers).set({ role: STAFF_ROLE, passwordHash }).where(eq(customers.id, existing.id));
    return { id: existing.id, created: false };
  }
  const [row] = await db
    .insert(customers)
    .values({
      firstName: 'Redaksjon',
      lastName: 'Staut',
      email,
      passwordHash,
      role: STAFF_ROLE,
      permissions: ['content:edit'],
      emailVerifiedAt: new Date(),
      termsConditions: true,
    })
    .returning({ id: customers.id });
  return { id: row!.id, created: true };
}
