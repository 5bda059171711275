/**
 * The staff guard of /editor/…: 401 without a logged-in, active account; 403 for an account whose role may not act
 * (content: editor and admin; staff accounts and the audit log: admin only).
 */
import type { FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { customers } from '../../db/schema.js';
import { HttpError } from '../../server/errors.js';
import { CONTENT_ROLES, type StaffRole } from '@shop/contracts/constants';
import { EDITOR_TEXTS } from '../../content/texts.js';

export { EDITOR_TEXTS } from '../../content/texts.js';

export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
}

/** The staff member the guard let through, per request (handlers use it as the actor of audit and revisions). */
const admitted = new WeakMap<FastifyRequest, StaffMember>();

export async function requireStaff(db: Db, request: FastifyRequest, roles: readonly StaffRole[] = CONTENT_ROLES): Promise<StaffMember> {
  const session = await request.session.get();
  if (!session?.customerId) throw new HttpError(401, EDITOR_TEXTS.unauthenticated);
  const [row] = await db
    .select({ id: customers.id, email: customers.email, role: customers.role, firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    // A deactivated account is logged out everywhere at once: its sessions were deleted, and this check holds
    // should one be restored or in flight.
    .where(and(eq(customers.id, session.customerId), isNull(customers.deletedAt), isNull(customers.deactivatedAt)));
  if (!row) throw new HttpError(401, EDITOR_TEXTS.unauthenticated);
  if (!(roles as readonly string[]).includes(row.role)) {
    throw new HttpError(403, (CONTENT_ROLES as readonly string[]).includes(row.role) ? EDITOR_TEXTS.adminOnly : EDITOR_TEXTS.forbidden);
  }
  const member = { id: row.id, email: row.email ?? '', name: `${row.firstName} ${row.lastName}`.trim(), role: row.role as StaffRole };
  admitted.set(request, member);
  return member;
}

/** The staff member this request was admitted as (the guard ran in preValidation). */
export function staffOf(request: FastifyRequest): StaffMember {
  const member = admitted.get(request);
  if (!member) throw new Error('staffOf: the staff guard did not run for this route');
  return member;
}
