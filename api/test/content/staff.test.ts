/** Staff accounts: from STAFF_EMAIL/STAFF_PASSWORD at start-up, and promotion of an existing account. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customers } from '../../src/db/schema.js';
import { verifyPassword } from '../../src/accounts/passwords.js';
import { checkStaffInput, ensureStaffAccount, StaffInputError } from '../../src/content/staff.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';

// Read by the editor plugin when the app is built (beforeAll below).
process.env.STAFF_EMAIL = 'Drift@Staut.no';
process.env.STAFF_PASSWORD = 'driftspassord1';

describe('checkStaffInput', () => {
  it.each([
    ['  Ansatt@Staut.NO ', 'ansatt1234', 'ansatt@staut.no'],
    ['x@y.no', '12345678', 'x@y.no'],
  ])('%s is accepted as %s', (email, password, normalised) => {
    expect(checkStaffInput(email, password).email).toBe(normalised);
  });
  it.each([
    ['not-an-email', 'ansatt1234'],
    ['a@b', 'ansatt1234'],
    ['a@b.no', 'kort'],
  ])('%s / %s is refused', (email, password) => {
    expect(() => checkStaffInput(email, password)).toThrow(StaffInputError);
  });
});

describe.each(testDatabaseKinds())('staff accounts on %s', (kind) => {
  const t = useTestApp(kind);

  it('creates the STAFF_EMAIL account at start-up with the staff role', async () => {
    const [row] = await t().db.select().from(customers).where(eq(customers.email, 'drift@staut.no'));
    expect(row?.role).toBe('staff');
    expect(await verifyPassword(row?.passwordHash, 'driftspassord1')).toBe(true);
  });

  it('promotes an existing customer and sets the password; running twice changes nothing else', async () => {
    const id = t().fixtures.customerId;
    const [before] = await t().db.select().from(customers).where(eq(customers.id, id));
    const first = await ensureStaffAccount(t().db, before!.email!, 'nyttpassord1');
    const second = await ensureStaffAccount(t().db, before!.email!, 'nyttpassord1');
    expect(first).toEqual({ id, created: false });
    expect(second).toEqual({ id, created: false });
    const [after] = await t().db.select().from(customers).where(eq(customers.id, id));
    expect(after?.role).toBe('staff');
    expect(after?.firstName).toBe(before?.firstName);
    expect(await verifyPassword(after?.passwordHash, 'nyttpassord1')).toBe(true);
  });
});
