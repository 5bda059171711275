/** The staff guard of /editor/…: 401 without a logged-in customer, 403 for a customer who is not staff. */
import type { FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { customers } from '../../db/schema.js';
import { HttpError } from '../../server/errors.js';
import { STAFF_ROLES } from '@shop/contracts/constants';
import { STAFF_ROLE } from '../../content/staff.js';

export const EDITOR_TEXTS = {
  unauthenticated: 'Du må logge inn som redaktør for å gjøre dette.',
  forbidden: 'Kontoen din har ikke tilgang til redaksjonen.',
} as const;

export interface StaffMember {
  id: number;
  email: string;
  name: string;
}

export async function requireStaff(db: Db, request: FastifyRequest): Promise<StaffMember> {
  const session = await request.session.get();
  if (!session?.customerId) throw new HttpError(401, EDITOR_TEXTS.unauthenticated);
  const [row] = await db
    .select({ id: customers.id, email: customers.email, role: customers.role, firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(and(eq(customers.id, session.customerId), isNull(customers.deletedAt)));
  if (!row) throw new HttpError(401, EDITOR_TEXTS.unauthenticated);
  // Admin may do what the editor does (STAFF_ROLES in @shop/contracts).
  if (row.role !== STAFF_ROLE && row.role !== STAFF_ROLES.admin) throw new HttpError(403, EDITOR_TEXTS.forbidden);
  return { id: row.id, email: row.email ?? '', name: `${row.firstName} ${row.lastName}`.trim() };
}
