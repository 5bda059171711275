/**
 * Club membership by the shop's rule (accounts/club.ts, issue 33): consent and a verified e-mail. A customer cannot
 * make itself a member with PUT /customers/{id} {club: 1}, and so cannot use MEDLEM20; it joins with
 * POST /customers/current/club once its address is verified, or by registering with the club box and verifying.
 */
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { RawCustomer } from '@shop/contracts/types';
import * as s from '../../src/db/schema.js';
import { clubTexts, joinRefusal, qualifiesForClub } from '../../src/accounts/club.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { Browser, makeShellTree } from './browser.js';
import { insertShippingMethods, reservationPayload } from '../checkout/shoppers.js';

const MEMBERS_ONLY = 'Koden gjelder bare for medlemmer i kundeklubben. Logg inn som medlem for å bruke den.';
const DAY = 86_400_000;
const at = new Date('2025-01-01T00:00:00Z');

describe('the club rule (pure)', () => {
  it.each([
    ['consent and a verified address', { clubConsentAt: at, emailVerifiedAt: at, email: 'a@example.no' }, true],
    ['consent, address not verified', { clubConsentAt: at, emailVerifiedAt: null, email: 'a@example.no' }, false],
    ['verified, no consent', { clubConsentAt: null, emailVerifiedAt: at, email: 'a@example.no' }, false],
    ['a deleted account (no address)', { clubConsentAt: at, emailVerifiedAt: at, email: null }, false],
  ])('%s → %s', (_name, facts, member) => {
    expect(qualifiesForClub(facts)).toBe(member);
  });

  it.each([
    ['no consent', { clubConsentAt: null, emailVerifiedAt: at, email: 'a@example.no' }, false, 'consentRequired'],
    ['consent, unverified', { clubConsentAt: null, emailVerifiedAt: null, email: 'a@example.no' }, true, 'verifyFirst'],
    ['consent, verified', { clubConsentAt: null, emailVerifiedAt: at, email: 'a@example.no' }, true, null],
  ] as const)('joining: %s → %s', (_name, facts, consent, refusal) => {
    expect(joinRefusal(facts, consent)).toBe(refusal);
  });
});

describe.each(testDatabaseKinds())('club membership on %s', (kind) => {
  const root = makeShellTree();
  const t = useTestApp(kind, { rootDir: root });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  let seq = 0;
  const browser = () => new Browser(() => t().app, `10.33.${Math.floor(++seq / 250)}.${seq % 250}`).open();

  async function registered(club: 0 | 1) {
    const b = await browser();
    const email = `klubb${seq}.${kind}@example.no`;
    const res = await b.post('/customers/register', {
      first_name: 'Kari', last_name: 'Klubb', email, phone: `4${String(3300000 + seq).slice(-7)}`,
      password: 'hemmelig-passord-1', password_confirmation: 'hemmelig-passord-1', terms_conditions: 1, club,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { b, email, id: res.json<RawCustomer>().id };
  }
  async function verify(b: Browser, email: string) {
    const [mail] = await t().db.select().from(s.emailOutbox).where(eq(s.emailOutbox.to, email)).orderBy(desc(s.emailOutbox.id)).limit(1);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.body)![1];
    expect((await b.post('/customers/email/verify', { token })).statusCode).toBe(200);
  }
  const current = async (b: Browser) => (await b.get('/customers/current')).json<RawCustomer>();
  /** MEDLEM20 at the cart's check and at checkout: 'ok' or the refusal's message. */
  async function medlem20(b: Browser, email: string) {
    const check = await b.get('/promocodes/check/MEDLEM20');
    const reservation = await b.post('/reservations', reservationPayload({ promocode: 'MEDLEM20', Email: email }));
    const promoError = reservation.json<{ errors?: Array<{ field: string; message: string }> }>().errors?.find((e) => e.field === 'promocode');
    return [check.statusCode === 200 ? 'ok' : check.json<{ message: string }>().message, reservation.statusCode === 201 ? 'ok' : (promoError?.message ?? reservation.body)];
  }

  it('setup: MEDLEM20 and the shipping methods', async () => {
    const now = Date.now();
    await insertShippingMethods(t());
    await t().db.insert(s.promocodes).values({ name: 'MEDLEM20', validFrom: new Date(now - DAY), validTo: new Date(now + DAY), fixed: false, amount: 20, type: 'member' });
    await t().db.update(s.stock).set({ qty: 100 });
  });

  it('PUT {club: 1} does not make a verified customer a member (422, Norwegian), so MEDLEM20 stays refused', async () => {
    const { b, email, id } = await registered(0);
    await verify(b, email);
    const put = await b.put(`/customers/${id}`, { club: 1 });
    expect(put.statusCode).toBe(422);
    expect(put.json().errors).toEqual([{ field: 'club', message: clubTexts.joinSeparately }]);
    // With other fields too: nothing of the request is written.
    expect((await b.put(`/customers/${id}`, { club: '1', first_name: 'Medlem' })).statusCode).toBe(422);
    expect(await current(b)).toMatchObject({ club: 0, first_name: 'Kari' });
    expect((await b.get('/customers/current/code')).statusCode).toBe(403);
    expect(await medlem20(b, email)).toEqual([MEMBERS_ONLY, MEMBERS_ONLY]);
  });

  it('an unverified customer cannot join (422 "Bekreft e-postadressen din først"), nor by PUT', async () => {
    const { b, id } = await registered(0);
    const join = await b.post('/customers/current/club', { consent: 1 });
    expect([join.statusCode, join.json().message]).toEqual([422, clubTexts.verifyFirst]);
    expect((await b.put(`/customers/${id}`, { club: 1 })).statusCode).toBe(422);
    const [row] = await t().db.select().from(s.customers).where(eq(s.customers.id, id));
    expect([row!.club, row!.clubConsentAt, row!.memberCode]).toEqual([false, null, null]);
  });

  it('joining needs consent; a verified customer who consents is a member and gets MEDLEM20', async () => {
    const { b, email } = await registered(0);
    await verify(b, email);
    const without = await b.post('/customers/current/club', { consent: 0 });
    expect([without.statusCode, without.json().message]).toEqual([422, clubTexts.consentRequired]);
    const join = await b.post('/customers/current/club', { consent: 1 });
    expect(join.statusCode).toBe(200);
    expect(join.json<RawCustomer>()).toMatchObject({ club: 1 });
    expect(join.json<RawCustomer>().auth_id).toMatch(/^M-\d{10}$/);
    expect((await b.post('/customers/current/club', { consent: 1 })).json<RawCustomer>().auth_id).toBe(join.json<RawCustomer>().auth_id);
    expect(await medlem20(b, email)).toEqual(['ok', 'ok']);
  });

  it('the club box at registration is the consent: membership starts when the address is verified', async () => {
    const { b, email } = await registered(1);
    expect(await current(b)).toMatchObject({ club: 0 });
    expect(await medlem20(b, email)).toEqual([MEMBERS_ONLY, MEMBERS_ONLY]);
    await verify(b, email);
    expect(await current(b)).toMatchObject({ club: 1 });
    expect((await b.get('/customers/current/code')).statusCode).toBe(200);
  });

  it('a member may leave with PUT {club: 0} (consent withdrawn) and join again with the action', async () => {
    const { b, email, id } = await registered(1);
    await verify(b, email);
    const code = (await current(b)).auth_id;
    const left = await b.put(`/customers/${id}`, { club: 0 });
    expect(left.statusCode).toBe(200);
    expect(left.json<RawCustomer>()).toMatchObject({ club: 0 });
    const [row] = await t().db.select().from(s.customers).where(eq(s.customers.id, id));
    expect(row!.clubConsentAt).toBeNull();
    expect(await medlem20(b, email)).toEqual([MEMBERS_ONLY, MEMBERS_ONLY]);
    const again = await b.post('/customers/current/club', { consent: 1 });
    expect(again.json<RawCustomer>()).toMatchObject({ club: 1, auth_id: code });
  });

  it('anonymous: 401', async () => {
    const res = await (await browser()).post('/customers/current/club', { consent: 1 });
    expect(res.statusCode).toBe(401);
  });
});
