/**
 * Staff accounts with roles (the staff CLI's ensureStaffAccount): shop staff get exactly their shops, other roles
 * none; bad input is refused before anything is written; admin may use the editor too. On every test database.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as s from '../../src/db/schema.js';
import { checkStaffInput, ensureStaffAccount, StaffInputError } from '../../src/content/staff.js';
import { fulfilmentStaffById } from '../../src/fulfilment/access.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { makeShellTree } from '../accounts/browser.js';
import { staffHeaders } from '../payments/support.js';

describe('checkStaffInput', () => {
  it.each([
    [['a@b.no', 'longenough'], { role: 'staff', shopIds: [] }],
    [['a@b.no', 'longenough', 'shop', '1, 2,2'], { role: 'shop', shopIds: [1, 2] }],
    [['a@b.no', 'longenough', 'customer-service'], { role: 'customer-service', shopIds: [] }],
    [['a@b.no', 'longenough', 'admin', ''], { role: 'admin', shopIds: [] }],
  ])('%j', (args, expected) => {
    expect(checkStaffInput(...(args as [string, string, string?, string?]))).toMatchObject(expected);
  });
  it.each([
    [['a@b.no', 'longenough', 'boss']],
    [['a@b.no', 'longenough', 'customer']],
    [['a@b.no', 'longenough', 'shop']],
    [['a@b.no', 'longenough', 'shop', '1;2']],
    [['a@b.no', 'longenough', 'admin', '1']],
    [['not-an-email', 'longenough']],
  ])('refuses %j', (args) => {
    expect(() => checkStaffInput(...(args as [string, string, string?, string?]))).toThrow(StaffInputError);
  });
});

describe.each(testDatabaseKinds())('staff accounts with roles on %s', (kind) => {
  const t = useTestApp(kind, { rootDir: makeShellTree() });

  it('shop staff get exactly the shops given; changing the role drops them', async () => {
    const { id } = await ensureStaffAccount(t().db, 'Butikk.Ny@Staut.no', 'butikkpassord', 'shop', '1,2');
    expect(await fulfilmentStaffById(t().db, id)).toMatchObject({ role: 'shop', shopIds: [1, 2], email: 'butikk.ny@staut.no' });
    await ensureStaffAccount(t().db, 'butikk.ny@staut.no', 'butikkpassord', 'shop', '2');
    expect(await fulfilmentStaffById(t().db, id)).toMatchObject({ shopIds: [2] });
    await ensureStaffAccount(t().db, 'butikk.ny@staut.no', 'butikkpassord', 'customer-service');
    expect(await fulfilmentStaffById(t().db, id)).toMatchObject({ role: 'customer-service', shopIds: null });
    expect(await t().db.select().from(s.staffShops).where(eq(s.staffShops.customerId, id))).toEqual([]);
    // The default is the editor, as before: not workspace staff.
    const editor = await ensureStaffAccount(t().db, 'redaktor.ny@staut.no', 'redaktorpassord');
    expect(await fulfilmentStaffById(t().db, editor.id)).toBe('not-staff');
  });

  it('an unknown shop is refused and nothing is written', async () => {
    await expect(ensureStaffAccount(t().db, 'feil@staut.no', 'butikkpassord', 'shop', '1,999')).rejects.toThrow(StaffInputError);
    expect(await t().db.select().from(s.customers).where(eq(s.customers.email, 'feil@staut.no'))).toEqual([]);
  });

  it('admin may use the editor; shop staff and customer service may not', async () => {
    const get = async (headers: Record<string, string>) => (await t().app.inject({ method: 'GET', url: '/api/v1/editor/session', headers })).statusCode;
    expect(await get(await staffHeaders(t(), 'admin'))).toBe(200);
    expect(await get(await staffHeaders(t(), 'shop', [1]))).toBe(403);
    expect(await get(await staffHeaders(t(), 'customer-service'))).toBe(403);
  });
});
