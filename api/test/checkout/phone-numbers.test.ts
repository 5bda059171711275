/**
 * Issue 21: "912 34 567" is a valid Norwegian mobile number. Every API that takes a phone (the reservation payload,
 * registration, account update, login by phone) accepts digits grouped with spaces and the +47/0047 prefixes, and
 * stores the eight digits; the SPEC §5 rule still decides what is valid. On every test database.
 */
import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import type { RawCustomer, RawReservation } from '@shop/contracts/types';
import * as s from '../../src/db/schema.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { makeShellTree } from '../accounts/browser.js';
import { insertShippingMethods, openShopper, reservationPayload } from './shoppers.js';

const root = makeShellTree();
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const PASSWORD = 'hemmelig-123';

/** Eight digits starting with 9 or 4, unique per call and per run (customers.phone is unique). */
let seq = 0;
const freshDigits = (first: '4' | '9') => `${first}${String((Date.now() * 10 + ++seq) % 10_000_000).padStart(7, '0')}`;
/** "91234567" written as "912 34 567". */
const grouped = (d: string) => `${d.slice(0, 3)} ${d.slice(3, 5)} ${d.slice(5)}`;

describe.each(testDatabaseKinds())('phone numbers on %s', (kind) => {
  const t = useTestApp(kind, { rootDir: root });
  const storedReservationPhone = async (id: number) =>
    (await t().db.select({ phone: s.reservations.phone }).from(s.reservations).where(eq(s.reservations.id, id)))[0]!.phone;

  describe('POST /reservations', () => {
    it('setup: shipping methods, stock for every reservation below', async () => {
      await insertShippingMethods(t());
      await t().db.update(s.stock).set({ qty: 20 }).where(and(eq(s.stock.variantId, 1011), eq(s.stock.shopId, 1)));
    });

    it.each([
      ['912 34 567', '91234567'],
      ['+47 912 34 567', '91234567'],
      ['0047 41 23 45 67', '41234567'],
      ['  +4791234567 ', '91234567'],
    ])('%j is accepted and stored as %s', async (phone, stored) => {
      const b = await openShopper(() => t().app);
      const res = await b.post('/reservations', reservationPayload({ Phone: phone }));
      expect(res.statusCode, res.body).toBe(201);
      const reservation = res.json<RawReservation>();
      expect(reservation.Phone).toBe(stored);
      expect(await storedReservationPhone(reservation.ReservationID)).toBe(stored);
    });

    it.each(['512 34 567', '912 34 56', '912-34-567', '+46 912 34 567', '47 912 34 567'])('%j is refused (422 Phone)', async (phone) => {
      const b = await openShopper(() => t().app);
      const res = await b.post('/reservations', reservationPayload({ Phone: phone }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(['Phone']);
    });
  });

  describe('accounts', () => {
    const registration = (phone: string) => ({
      first_name: 'Ola',
      last_name: 'Nordmann',
      email: `tlf.${Date.now()}.${++seq}@example.no`,
      phone,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      terms_conditions: 1,
    });

    it('registration stores the eight digits; the same number in any spelling is taken (423); login by grouped number', async () => {
      const digits = freshDigits('9');
      const b = await openShopper(() => t().app);
      const res = await b.post('/customers/register', registration(`+47 ${grouped(digits)}`));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<RawCustomer>().phone).toBe(digits);

      const again = await (await openShopper(() => t().app)).post('/customers/register', registration(grouped(digits)));
      expect(again.statusCode).toBe(423);

      const login = await (await openShopper(() => t().app)).post('/customers/login', { username: `0047 ${grouped(digits)}`, password: PASSWORD });
      expect(login.statusCode, login.body).toBe(200);
    });

    it('registration refuses a grouped number the rule does not allow (422 phone)', async () => {
      const res = await (await openShopper(() => t().app)).post('/customers/register', registration('512 34 567'));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain('phone');
    });

    it('account update stores the eight digits of a grouped number', async () => {
      const b = await openShopper(() => t().app);
      const customer = (await b.post('/customers/register', registration(freshDigits('9')))).json<RawCustomer>();
      const digits = freshDigits('4');
      const res = await b.send('PUT', `/customers/${customer.id}`, { phone: `0047 ${grouped(digits)}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<RawCustomer>().phone).toBe(digits);
      const [row] = await t().db.select({ phone: s.customers.phone }).from(s.customers).where(eq(s.customers.id, customer.id));
      expect(row!.phone).toBe(digits);
    });
  });
});
