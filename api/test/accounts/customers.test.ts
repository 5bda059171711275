/** Issue 6 API: every status of the customer routes, ownership, throttling and session rotation, on every database. */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray, like, sql } from 'drizzle-orm';
import { accountTexts, authErrorTexts, requiredFieldTexts } from '@shop/contracts/texts/forms';
import type { RawCustomer, RawCustomerOrder, RawPaginated, RawReservation, RawReview } from '@shop/contracts/types';
import * as s from '../../src/db/schema.js';
import { hashSessionId } from '../../src/server/session.js';
import { accountFieldTexts } from '../../src/accounts/validation.js';
import { DEFAULT_RULES } from '../../src/accounts/throttle.js';
import { MAILS_PER_CLIENT, REGISTRATIONS_PER_CLIENT } from '../../src/accounts/clientLimits.js';
import { hashToken } from '../../src/accounts/tokens.js';
import { accountMessages, MAIL_LIMIT } from '../../src/routes/customers/auth.js';
import { testDatabaseKinds } from '../support/databases.js';
import { useTestDatabase, type TestDatabaseApps } from '../support/app.js';
import { ean13 } from '../support/fixtures.js';
import { Browser, makeShellTree } from './browser.js';

const PASSWORD = 'hemmelig-123';
let seq = 0;
/** A fresh, valid registration (unique e-mail and phone per call). */
function registration(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    first_name: 'Ola',
    last_name: 'Nordmann',
    email: `ola${seq}.${Date.now()}@example.no`,
    phone: `4${String(1000000 + seq * 7919).slice(-7)}`,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    terms_conditions: 1,
    birth_date: '1990-05-17',
    gender_id: 1,
    club: 1,
    marketing: 0,
    newsletter: 1,
    ...overrides,
  };
}

export function runCustomerSuite(database: TestDatabaseApps, env: Record<string, string | undefined> = {}) {
  const root = makeShellTree();
  const saved: Record<string, string | undefined> = {};
  beforeAll(() => {
    for (const [k, v] of Object.entries(env)) {
      saved[k] = process.env[k];
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });
  const t = database.app({ rootDir: root });
  afterAll(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    fs.rmSync(root, { recursive: true, force: true });
  });

  let ipSeq = 0;
  /** Each browser gets its own address so per-address throttling of one test never leaks into another. */
  const browser = () => new Browser(() => t().app, `10.0.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`).open();

  async function registered(overrides: Record<string, unknown> = {}) {
    const b = await browser();
    const body = registration(overrides);
    const res = await b.post('/customers/register', body);
    expect(res.statusCode, res.body).toBe(201);
    return { b, body, customer: res.json<RawCustomer>() };
  }

  async function lastMailTo(email: string) {
    const [mail] = await t().db.select().from(s.emailOutbox).where(eq(s.emailOutbox.to, email)).orderBy(desc(s.emailOutbox.id)).limit(1);
    return mail ?? null;
  }
  const tokenIn = (body: string) => /token=([A-Za-z0-9_-]+)/.exec(body)?.[1] ?? '';

  describe('register', () => {
    it('creates the account (argon2id), logs it in on a rotated session and queues the verification e-mail', async () => {
      const b = await browser();
      const before = { cookie: b.cookie, token: b.token };
      const body = registration({ email: '  Per.Hansen@Example.NO ', phone: '+47 91111111' });
      const res = await b.post('/customers/register', body);
      expect(res.statusCode, res.body).toBe(201);
      const customer = res.json<RawCustomer>();
      // The club box is a consent: membership waits for the verified address (accounts/club.ts).
      expect(customer).toMatchObject({ first_name: 'Ola', email: 'per.hansen@example.no', phone: '91111111', terms_conditions: 1, club: 0, newsletter: 1, marketing: 0, email_verified: null });
      expect(customer).not.toHaveProperty('password');
      expect(b.cookie).not.toBe(before.cookie);
      expect(b.token).not.toBe(before.token);
      const [row] = await t().db.select().from(s.customers).where(eq(s.customers.id, customer.id));
      expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
      // The old anonymous session is gone (fixation), the new one is bound to the customer.
      const oldId = hashSessionId(before.cookie!.slice(4));
      expect(await t().db.select().from(s.sessions).where(eq(s.sessions.id, oldId))).toEqual([]);
      expect((await b.get('/customers/current')).json<RawCustomer>().id).toBe(customer.id);
      const mail = await lastMailTo('per.hansen@example.no');
      expect(mail?.subject).toBe('Bekreft e-postadressen din');
      expect(mail?.body).toContain('/konto/bekreft-epost?token=');
      // Only the token's hash is stored.
      const token = tokenIn(mail!.body);
      const tokens = await t().db.select().from(s.customerTokens).where(eq(s.customerTokens.customerId, customer.id));
      expect(tokens.map((x) => x.tokenHash)).toEqual([hashToken(token)]);
    });

    it('answers 401 when already logged in', async () => {
      const { b } = await registered();
      const res = await b.post('/customers/register', registration());
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(authErrorTexts[401]);
    });

    it.each([
      [{ first_name: '' }, 'first_name', requiredFieldTexts.first_name],
      [{ last_name: '  ' }, 'last_name', requiredFieldTexts.last_name],
      [{ email: undefined }, 'email', requiredFieldTexts.email],
      [{ email: 'ikke-epost' }, 'email', accountFieldTexts.email],
      [{ phone: '12345678' }, 'phone', accountFieldTexts.phone],
      [{ password: 'kort', password_confirmation: 'kort' }, 'password', accountFieldTexts.password],
      [{ password_confirmation: 'noe-annet-123' }, 'password_confirmation', accountFieldTexts.passwordConfirmation],
      [{ terms_conditions: 0 }, 'terms_conditions', accountFieldTexts.terms],
      [{ birth_date: '1990-02-30' }, 'birth_date', accountFieldTexts.birthDate],
      [{ gender_id: 'mann' }, 'gender_id', 'må være et heltall'],
    ])('answers 422 with field errors for invalid data %#', async (overrides, field, message) => {
      const b = await browser();
      const res = await b.post('/customers/register', registration(overrides));
      expect(res.statusCode, res.body).toBe(422);
      const body = res.json<{ message: string; errors: Array<{ field: string; message: string }> }>();
      expect(body.errors).toContainEqual(expect.objectContaining({ field, message: expect.stringContaining(message) }));
    });

    it('answers 423 when the e-mail or the phone is already used (any spelling)', async () => {
      const { body } = await registered();
      const b = await browser();
      const sameEmail = await b.post('/customers/register', registration({ email: body.email.toUpperCase() }));
      expect(sameEmail.statusCode).toBe(423);
      expect(sameEmail.json().message).toBe(authErrorTexts[423]);
      const samePhone = await b.post('/customers/register', registration({ phone: `0047${body.phone}` }));
      expect(samePhone.statusCode).toBe(423);
    });

    it('answers 419 without the CSRF token', async () => {
      const b = await browser();
      const res = await b.send('POST', '/customers/register', registration(), { csrf: false });
      expect(res.statusCode).toBe(419);
      expect(res.json().message).toBe(authErrorTexts[419]);
    });
  });

  describe('login and logout', () => {
    it('logs in by e-mail or phone (with or without the type suffix) and rotates the session', async () => {
      const { body } = await registered();
      for (const [path, username] of [
        ['/customers/login', body.email],
        ['/customers/login/email', body.email.toUpperCase()],
        ['/customers/login/phone', `+47${body.phone}`],
        ['/customers/login', body.phone],
      ] as const) {
        const b = await browser();
        const anonymous = b.cookie;
        const res = await b.post(path, { username, password: PASSWORD });
        expect(res.statusCode, `${path} ${username} ${res.body}`).toBe(200);
        expect(res.json<RawCustomer>().email).toBe(body.email);
        expect(b.cookie).not.toBe(anonymous);
        // The pre-login cookie is worthless now.
        const old = await t().app.inject({ method: 'GET', url: '/api/v1/customers/current', headers: { cookie: anonymous! } });
        expect(old.statusCode).toBe(204);
        expect((await b.get('/customers/current')).statusCode).toBe(200);
      }
    });

    it('answers 422 for a wrong password or an unknown user, 401 when already logged in, 419 without CSRF', async () => {
      const { b, body } = await registered();
      const other = await browser();
      const wrong = await other.post('/customers/login', { username: body.email, password: 'feil-passord' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().message).toBe(authErrorTexts[422]);
      const unknown = await other.post('/customers/login', { username: 'ingen@example.no', password: PASSWORD });
      expect(unknown.statusCode).toBe(422);
      expect((await other.post('/customers/login', { username: body.email })).statusCode).toBe(422);
      const again = await b.post('/customers/login', { username: body.email, password: PASSWORD });
      expect(again.statusCode).toBe(401);
      expect(again.json().message).toBe(authErrorTexts[401]);
      expect((await other.send('POST', '/customers/login', { username: body.email, password: PASSWORD }, { csrf: false })).statusCode).toBe(419);
    });

    /** Moves the pair counters of this account back in time, as the clock moving on would (no sleeping). */
    async function timePasses(customerId: number, ms: number) {
      await t()
        .db.update(s.loginAttempts)
        .set({ windowStart: sql`${s.loginAttempts.windowStart} - ${ms} * interval '1 millisecond'` })
        .where(like(s.loginAttempts.key, `login:%:c${customerId}.%|%`));
    }
    const free = DEFAULT_RULES.pair.free;

    it('slows the failing client on that account (429 + Retry-After), lets it try again after the wait; the owner on another client logs in', async () => {
      const { body, customer } = await registered();
      const attacker = await browser();
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await attacker.post('/customers/login', { username: body.email, password: `feil-${i}` })).statusCode);
      expect(statuses).toEqual([...Array(free).fill(422), ...Array(20 - free).fill(429)]);
      // Slowed even with the right password: the wait is the answer, not a hint.
      const slowed = await attacker.post('/customers/login', { username: body.email, password: PASSWORD });
      expect(slowed.statusCode).toBe(429);
      expect(slowed.json().message).toBe(authErrorTexts[429]);
      // Seconds left of the first delay (the attempts above took a little of it).
      const first = DEFAULT_RULES.pair.firstDelayMs / 1000;
      expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(first - 10);
      expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(first);
      // The rightful owner, on a device that never logged in before, from their own client: not locked out.
      const owner = await browser();
      expect((await owner.post('/customers/login', { username: body.email.toUpperCase(), password: PASSWORD })).statusCode).toBe(200);
      // After the wait, the attacker's client may try once more, then waits twice as long.
      await timePasses(customer.id, DEFAULT_RULES.pair.firstDelayMs);
      expect((await attacker.post('/customers/login', { username: body.email, password: 'feil-igjen' })).statusCode).toBe(422);
      const longer = await attacker.post('/customers/login', { username: body.email, password: PASSWORD });
      expect(longer.statusCode).toBe(429);
      expect(Number(longer.headers['retry-after'])).toBeGreaterThan(2 * first - 10);
      expect(Number(longer.headers['retry-after'])).toBeLessThanOrEqual(2 * first);
      await timePasses(customer.id, 2 * DEFAULT_RULES.pair.firstDelayMs);
      expect((await attacker.post('/customers/login', { username: body.email, password: PASSWORD })).statusCode).toBe(200);
    });

    it('many clients failing on one account slow new devices, never the device the owner logged in from', async () => {
      const { b: ownerDevice, body } = await registered();
      await ownerDevice.post('/customers/logout');
      expect((await ownerDevice.post('/customers/login', { username: body.email, password: PASSWORD })).statusCode).toBe(200);
      expect(ownerDevice.device).toMatch(/^device=[A-Za-z0-9_-]{43}$/);
      await ownerDevice.post('/customers/logout');
      for (let i = 0; i < DEFAULT_RULES.account.free; i++) {
        expect((await (await browser()).post('/customers/login', { username: body.email, password: `feil-${i}` })).statusCode).toBe(422);
      }
      expect((await (await browser()).post('/customers/login', { username: body.email, password: 'feil' })).statusCode).toBe(429);
      expect((await (await browser()).post('/customers/login', { username: body.email, password: PASSWORD })).statusCode).toBe(429);
      expect((await ownerDevice.post('/customers/login', { username: body.email, password: PASSWORD })).statusCode).toBe(200);
      // A forged device cookie counts for nothing.
      const forged = await browser();
      forged.device = `device=${'A'.repeat(43)}`;
      expect((await forged.post('/customers/login', { username: body.email, password: PASSWORD })).statusCode).toBe(429);
    });

    it('e-mail and phone logins of one account share one counter', async () => {
      const { body } = await registered();
      const b = await browser();
      const usernames = [body.email, `+47 ${body.phone}`, body.phone, `0047${body.phone}`, body.email.toUpperCase()];
      for (let i = 0; i < free; i++) {
        expect((await b.post('/customers/login', { username: usernames[i % usernames.length], password: 'feil' })).statusCode).toBe(422);
      }
      expect((await b.post('/customers/login/phone', { username: body.phone, password: PASSWORD })).statusCode).toBe(429);
      expect((await b.post('/customers/login/email', { username: body.email, password: PASSWORD })).statusCode).toBe(429);
    });

    it('unknown usernames are slowed like real ones: the answers do not tell which exist', async () => {
      const { body } = await registered();
      const known = await browser();
      const unknown = await browser();
      const answers = async (b: Browser, username: string) => {
        const out: string[] = [];
        for (let i = 0; i <= free; i++) {
          const res = await b.post('/customers/login', { username, password: 'feil' });
          out.push(`${res.statusCode} ${res.json().message} ${res.headers['retry-after'] ? 'retry-after' : ''}`);
        }
        return out;
      };
      expect(await answers(unknown, `ingen.${Date.now()}@example.no`)).toEqual(await answers(known, body.email));
    });

    it('a client failing on many accounts is slowed after its allowance; other clients still log in', async () => {
      const { body } = await registered();
      const attacker = await browser();
      for (let i = 0; i < DEFAULT_RULES.client.free; i++) {
        expect((await attacker.post('/customers/login', { username: `gjett${i}.${Date.now()}@example.no`, password: 'x' })).statusCode).toBe(422);
      }
      expect((await attacker.post('/customers/login', { username: body.email, password: PASSWORD })).statusCode).toBe(429);
      expect((await (await browser()).post('/customers/login', { username: body.email, password: PASSWORD })).statusCode).toBe(200);
    });

    it('X-Forwarded-For does not change the client without TRUST_PROXY', async () => {
      const { body } = await registered();
      const b = await browser();
      for (let i = 0; i < free; i++) {
        const res = await b.send('POST', '/customers/login', { username: body.email, password: 'feil' }, { headers: { 'x-forwarded-for': `203.0.113.${i}` } });
        expect(res.statusCode).toBe(422);
      }
      const spoofed = await b.send('POST', '/customers/login', { username: body.email, password: 'feil' }, { headers: { 'x-forwarded-for': '203.0.113.200' } });
      expect(spoofed.statusCode).toBe(429);
    });

    it('a successful login clears the pair counter', async () => {
      const { body } = await registered();
      const b = await browser();
      for (let i = 0; i < free - 1; i++) await b.post('/customers/login', { username: body.email, password: 'feil' });
      expect((await b.post('/customers/login', { username: body.email, password: PASSWORD })).statusCode).toBe(200);
      await b.post('/customers/logout');
      for (let i = 0; i < free; i++) {
        expect((await b.post('/customers/login', { username: body.email, password: 'feil' })).statusCode).toBe(422);
      }
    });

    it('parallel guesses from one client on one account: only the free ones reach the password check', async () => {
      const { body } = await registered();
      const b = await browser();
      const statuses = await Promise.all(Array.from({ length: 12 }, (_, i) => b.post('/customers/login', { username: body.email, password: `feil-${i}` })));
      expect(statuses.filter((r) => r.statusCode === 422)).toHaveLength(free);
      expect(statuses.filter((r) => r.statusCode === 429)).toHaveLength(12 - free);
    });

    it('empty or blank username/password: 422 invalid data with field errors, never counted toward 429', async () => {
      const { body } = await registered();
      const b = await browser();
      const attempts = [
        { username: body.email, password: '' },
        { username: body.email, password: '   ' },
        { username: '', password: PASSWORD },
        { username: '  ', password: '' },
      ];
      for (let i = 0; i <= DEFAULT_RULES.pair.free; i++) {
        const res = await b.post('/customers/login', attempts[i % attempts.length]);
        expect(res.statusCode, res.body).toBe(422);
        const answer = res.json<{ message: string; errors: Array<{ field: string; message: string }> }>();
        // The wrong-credentials text is kept for wrong credentials.
        expect(answer.message).toBe(accountTexts.allFieldsRequired);
        expect(answer.errors.length).toBeGreaterThan(0);
      }
      const both = (await b.post('/customers/login/email', { username: ' ', password: '' })).json<{ errors: Array<{ field: string; message: string }> }>();
      expect(both.errors).toEqual([
        { field: 'username', message: accountFieldTexts.username },
        { field: 'password', message: accountFieldTexts.loginPassword },
      ]);
      const keys = [`ip:${b.ip}`, `account:${body.email}`];
      expect(await t().db.select().from(s.loginAttempts).where(inArray(s.loginAttempts.key, keys))).toEqual([]);
      expect((await b.post('/customers/login', { username: body.email, password: PASSWORD })).statusCode).toBe(200);
    });

    it('logout rotates the session, hands out a new CSRF token and forgets the customer', async () => {
      const { b } = await registered();
      const loggedIn = { cookie: b.cookie, token: b.token };
      const res = await b.post('/customers/logout');
      expect(res.statusCode).toBe(200);
      expect(b.cookie).not.toBe(loggedIn.cookie);
      expect(b.token).not.toBe(loggedIn.token);
      expect((await b.get('/customers/current')).statusCode).toBe(204);
      const old = await t().app.inject({ method: 'GET', url: '/api/v1/customers/current', headers: { cookie: loggedIn.cookie! } });
      expect(old.statusCode).toBe(204);
      // The new token works for the next login without a page reload.
      expect((await b.send('POST', '/customers/logout', {})).statusCode).toBe(200);
      expect((await b.send('POST', '/customers/logout', {}, { csrf: false })).statusCode).toBe(419);
    });
  });

  describe('verification and password reset', () => {
    it('resend is a POST that needs the CSRF token: a GET (a link, an image on another site) sends no mail', async () => {
      const { b, body } = await registered();
      const mails = async () => (await t().db.select().from(s.emailOutbox).where(eq(s.emailOutbox.to, body.email))).length;
      const before = await mails();
      expect((await b.get('/customers/email/resend')).statusCode).toBe(404);
      expect((await b.send('POST', '/customers/email/resend', {}, { csrf: false })).statusCode).toBe(419);
      expect(await mails()).toBe(before);
      expect((await b.post('/customers/email/resend')).statusCode).toBe(200);
      expect(await mails()).toBe(before + 1);
    });

    it('resend: 404 without a user; sends a new link; a link works once and not after it expired', async () => {
      const anonymous = await browser();
      const none = await anonymous.post('/customers/email/resend');
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe(authErrorTexts[404]);

      const { b, body, customer } = await registered();
      const first = tokenIn((await lastMailTo(body.email))!.body);
      const resend = await b.post('/customers/email/resend');
      expect(resend.statusCode).toBe(200);
      const second = tokenIn((await lastMailTo(body.email))!.body);
      expect(second).not.toBe(first);
      // Only the newest link is valid.
      expect((await b.post('/customers/email/verify', { token: first })).statusCode).toBe(422);
      expect((await b.post('/customers/email/verify', { token: second })).statusCode).toBe(200);
      expect((await b.get('/customers/current')).json<RawCustomer>().email_verified).not.toBeNull();
      const reuse = await b.post('/customers/email/verify', { token: second });
      expect(reuse.statusCode).toBe(422);
      expect(reuse.json().message).toBe(accountFieldTexts.token);

      await b.post('/customers/email/resend');
      const third = tokenIn((await lastMailTo(body.email))!.body);
      await t().db.update(s.customerTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(s.customerTokens.tokenHash, hashToken(third)));
      expect((await b.post('/customers/email/verify', { token: third })).statusCode).toBe(422);
      expect(customer.id).toBeGreaterThan(0);
    });

    it('reset: same answer for unknown e-mails; the token is single use, bound to the e-mail, expires; all sessions end', async () => {
      const { b: loggedIn, body } = await registered();
      const b = await browser();
      const unknown = await b.post('/customers/password/email', { email: 'finnes.ikke@example.no' });
      const known = await b.post('/customers/password/email', { email: body.email.toUpperCase() });
      expect(unknown.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      expect(await lastMailTo('finnes.ikke@example.no')).toBeNull();
      expect((await b.post('/customers/password/email', { email: 'tull' })).statusCode).toBe(422);
      const mail = await lastMailTo(body.email);
      expect(mail!.subject).toBe('Tilbakestill passordet ditt');
      const token = tokenIn(mail!.body);
      const newPassword = 'nytt-passord-456';

      expect((await b.post('/customers/password/reset', { token, email: body.email, password: 'kort', password_confirmation: 'kort' })).statusCode).toBe(422);
      const ok = await b.post('/customers/password/reset', { token, email: body.email, password: newPassword, password_confirmation: newPassword });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await b.post('/customers/password/reset', { token, email: body.email, password: newPassword, password_confirmation: newPassword })).statusCode).toBe(422);
      expect((await loggedIn.get('/customers/current')).statusCode).toBe(204);
      expect((await b.post('/customers/login', { username: body.email, password: PASSWORD })).statusCode).toBe(422);
      expect((await b.post('/customers/login', { username: body.email, password: newPassword })).statusCode).toBe(200);
      await b.post('/customers/logout');

      await b.post('/customers/password/email', { email: body.email });
      const wrongEmailToken = tokenIn((await lastMailTo(body.email))!.body);
      expect((await b.post('/customers/password/reset', { token: wrongEmailToken, email: 'annen@example.no', password: newPassword, password_confirmation: newPassword })).statusCode).toBe(422);

      await b.post('/customers/password/email', { email: body.email });
      const expired = tokenIn((await lastMailTo(body.email))!.body);
      await t().db.update(s.customerTokens).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(s.customerTokens.tokenHash, hashToken(expired)));
      expect((await b.post('/customers/password/reset', { token: expired, email: body.email, password: newPassword, password_confirmation: newPassword })).statusCode).toBe(422);
    });
  });

  it('limits triggered e-mails: resend answers 429, reset requests stop sending but answer the same', async () => {
    const { b, body } = await registered();
    const count = async () => (await t().db.select().from(s.emailOutbox).where(eq(s.emailOutbox.to, body.email))).length;
    const before = await count();
    for (let i = 0; i < MAIL_LIMIT; i++) expect((await b.post('/customers/email/resend')).statusCode).toBe(200);
    expect((await b.post('/customers/email/resend')).statusCode).toBe(429);
    const anonymous = await browser();
    const answers = new Set<string>();
    for (let i = 0; i < MAIL_LIMIT + 2; i++) answers.add((await anonymous.post('/customers/password/email', { email: body.email })).body);
    expect(answers.size).toBe(1);
    expect(await count()).toBe(before + 2 * MAIL_LIMIT);
  });

  it('limits registrations per client (429, the spec text), 423 answers included; other clients still register', async () => {
    const ip = '10.250.0.1';
    const taken = await registered();
    const from = async () => new Browser(() => t().app, ip).open();
    const statuses: number[] = [(await (await from()).post('/customers/register', registration({ email: taken.body.email }))).statusCode];
    for (let i = 1; i < REGISTRATIONS_PER_CLIENT.max; i++) statuses.push((await (await from()).post('/customers/register', registration())).statusCode);
    expect(statuses).toEqual([423, ...Array(REGISTRATIONS_PER_CLIENT.max - 1).fill(201)]);
    const refused = await (await from()).post('/customers/register', registration());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(authErrorTexts[429]);
    expect((await (await browser()).post('/customers/register', registration())).statusCode).toBe(201);
  });

  it('limits reset mails per client, whichever the accounts; the answer stays the same', async () => {
    const accounts: string[] = [];
    for (let i = 0; i < 5; i++) accounts.push((await registered()).body.email);
    const mails = async () => (await t().db.select().from(s.emailOutbox).where(inArray(s.emailOutbox.to, accounts))).length;
    const before = await mails();
    const client = await new Browser(() => t().app, '10.251.0.1').open();
    const answers = new Set<string>();
    // MAIL_LIMIT per account would let all of these through; the client's limit stops them.
    for (let i = 0; i < 5 * MAIL_LIMIT; i++) {
      const res = await client.post('/customers/password/email', { email: accounts[i % accounts.length] });
      answers.add(`${res.statusCode} ${res.body}`);
    }
    expect(answers.size).toBe(1);
    expect(await mails()).toBe(before + MAILS_PER_CLIENT.max);
    // Another client is not affected.
    await (await browser()).post('/customers/password/email', { email: accounts[0] });
    expect(await mails()).toBe(before + MAILS_PER_CLIENT.max + 1);
  });

  it('limits verification mails per client across accounts: resend answers 429 with its text', async () => {
    const ip = '10.252.0.1';
    const shoppers: Browser[] = [];
    for (let i = 0; i < 5; i++) {
      const b = await new Browser(() => t().app, ip).open();
      expect((await b.post('/customers/register', registration())).statusCode).toBe(201);
      shoppers.push(b);
    }
    const statuses: number[] = [];
    for (let i = 0; i < MAILS_PER_CLIENT.max + 1; i++) statuses.push((await shoppers[i % shoppers.length]!.post('/customers/email/resend')).statusCode);
    expect(statuses).toEqual([...Array(MAILS_PER_CLIENT.max).fill(200), 429]);
    const refused = await shoppers[0]!.post('/customers/email/resend');
    expect(refused.json().message).toBe(accountMessages.tooManyMails);
  });

  describe('update and delete (ownership)', () => {
    it('PUT: 404 without a user, 401 for another id, 422 field messages, 423 on a used phone, partial updates', async () => {
      const a = await registered();
      const other = await registered();
      const anonymous = await browser();
      const none = await anonymous.put(`/customers/${a.customer.id}`, { first_name: 'X' });
      expect(none.statusCode).toBe(404);
      const foreign = await a.b.put(`/customers/${other.customer.id}`, { first_name: 'Hacker' });
      expect(foreign.statusCode).toBe(401);
      expect(foreign.json().message).toBe(accountTexts.otherUserLoggedIn);
      const [untouched] = await t().db.select().from(s.customers).where(eq(s.customers.id, other.customer.id));
      expect(untouched!.firstName).toBe('Ola');

      for (const field of ['first_name', 'last_name', 'phone', 'email'] as const) {
        const res = await a.b.put(`/customers/${a.customer.id}`, { [field]: ' ' });
        expect(res.statusCode).toBe(422);
        expect(res.json().message).toBe(requiredFieldTexts[field]);
      }
      expect((await a.b.put(`/customers/${a.customer.id}`, { phone: other.body.phone })).statusCode).toBe(423);
      expect((await a.b.put(`/customers/${a.customer.id}`, { email: other.body.email, current_password: PASSWORD })).statusCode).toBe(423);

      const res = await a.b.put(`/customers/${a.customer.id}`, { first_name: 'Kari', cookie_ga: 1, marketing: 1, club: 0, address: 'Storgata 1' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<RawCustomer>()).toMatchObject({ first_name: 'Kari', last_name: 'Nordmann', email: a.body.email, cookie_ga: 1, marketing: 1, club: 0, address: 'Storgata 1' });
      expect((await a.b.send('PUT', `/customers/${a.customer.id}`, { first_name: 'Y' }, { csrf: false })).statusCode).toBe(419);
    });

    // Changing the e-mail or the password (current password, confirmation link, sessions): account-changes.test.ts.

    it('DELETE: 404 without a user, 401 for another id; removes personal data, keeps orders anonymised, logs out', async () => {
      const a = await registered();
      const other = await registered();
      expect((await (await browser()).delete(`/customers/${a.customer.id}`)).statusCode).toBe(404);
      const foreign = await a.b.delete(`/customers/${other.customer.id}`);
      expect(foreign.statusCode).toBe(401);
      expect(foreign.json().message).toBe(accountTexts.otherUserLoggedIn);

      const [order] = await t().db.insert(s.orders).values({ customerId: a.customer.id, total: 12500 }).returning();
      const [reservation] = await t().db
        .insert(s.reservations)
        .values({ shopId: 1, customerId: a.customer.id, statusId: 5, name: 'Ola Nordmann', email: a.body.email, phone: a.body.phone, delivery: 'delivery', address: 'Storgata 1', city: 'OSLO', zipcode: '0150', total: 12500 })
        .returning();
      const [review] = await t().db.insert(s.reviews).values({ reviewableId: 101, customerId: a.customer.id, customerName: 'Ola N.', content: 'Fin', rating: 4 }).returning();

      const res = await a.b.delete(`/customers/${a.customer.id}`);
      expect(res.statusCode).toBe(200);
      expect(await t().db.select().from(s.customers).where(eq(s.customers.id, a.customer.id))).toEqual([]);
      const [keptOrder] = await t().db.select().from(s.orders).where(eq(s.orders.id, order!.id));
      expect(keptOrder).toMatchObject({ total: 12500, customerId: null });
      const [anonReservation] = await t().db.select().from(s.reservations).where(eq(s.reservations.id, reservation!.id));
      expect(anonReservation).toMatchObject({ customerId: null, email: '', phone: '', address: null, total: 12500 });
      expect(anonReservation!.name).not.toContain('Ola');
      const [anonReview] = await t().db.select().from(s.reviews).where(eq(s.reviews.id, review!.id));
      expect(anonReview).toMatchObject({ customerId: null, customerName: null, rating: 4 });
      expect(await t().db.select().from(s.customerTokens).where(eq(s.customerTokens.customerId, a.customer.id))).toEqual([]);
      expect((await a.b.get('/customers/current')).statusCode).toBe(204);
      // The page's session still works (fresh token), but the account cannot log in any more.
      const login = await a.b.post('/customers/login', { username: a.body.email, password: PASSWORD });
      expect(login.statusCode).toBe(422);
      // The e-mail and phone are free again.
      expect((await (await browser()).post('/customers/register', registration({ email: a.body.email, phone: a.body.phone }))).statusCode).toBe(201);
    });
  });

  describe('history, reviews and the member code (ownership)', () => {
    it('401 without a user on every /customers/current/* route', async () => {
      const b = await browser();
      for (const path of ['/customers/current/reservations', '/customers/current/orders', '/customers/current/reviews', '/customers/current/code']) {
        expect((await b.get(path)).statusCode, path).toBe(401);
      }
      expect((await b.post('/customers/current/reviews', { article_id: 101, rating: 5, content: 'x' })).statusCode).toBe(401);
    });

    it("shows only the customer's own orders (VAT derived), reservations and reviews, paged", async () => {
      const a = await registered();
      const other = await registered();
      const db = t().db;
      for (let i = 0; i < 12; i++) {
        const [o] = await db.insert(s.orders).values({ customerId: a.customer.id, total: 10000 + i, createdAt: new Date(Date.now() - (12 - i) * 60_000) }).returning();
        await db.insert(s.orderLines).values({ orderId: o!.id, ean: ean13('701011'), name: 'Jakke', count: 1, price: 10000 + i });
      }
      await db.insert(s.orders).values({ customerId: other.customer.id, total: 99999 });
      const [res1] = await db
        .insert(s.reservations)
        .values({ shopId: 1, customerId: a.customer.id, statusId: 4, name: 'Ola', email: a.body.email, phone: a.body.phone, delivery: 'click-and-collect', total: 49900, pickupUntil: new Date('2026-11-30T16:00:00Z') })
        .returning();
      await db.insert(s.reservationLines).values({ reservationId: res1!.id, variantId: 1011, articleId: 101, ean: ean13('701011'), name: 'Jakke', count: 1, price: 49900 });
      await db.insert(s.reservations).values({ shopId: 1, customerId: other.customer.id, name: 'Annen', email: 'x@example.no', phone: '91919191', delivery: 'delivery', total: 1 });

      const page1 = (await a.b.get('/customers/current/orders?page=1')).json<RawPaginated<RawCustomerOrder>>();
      expect(page1.meta).toEqual({ current_page: 1, last_page: 2, per_page: 10, total: 12 });
      expect(page1.data[0]).toMatchObject({ Total: 10011, VatPercentage: 25, Vat: 2002, NetAmount: 8009 });
      expect(page1.data[0]!.OrderLines).toEqual([{ EanNo: ean13('701011'), ArticleID: 101, Name: 'Jakke', Count: 1, Price: 10011 }]);
      const page2 = (await a.b.get('/customers/current/orders?page=2')).json<RawPaginated<RawCustomerOrder>>();
      expect(page2.data.map((o) => o.Total)).toEqual([10001, 10000]);
      expect((await a.b.get('/customers/current/orders?page=0')).statusCode).toBe(400);

      const reservations = (await a.b.get('/customers/current/reservations')).json<RawPaginated<RawReservation>>();
      expect(reservations.data).toHaveLength(1);
      expect(reservations.data[0]).toMatchObject({ ReservationID: res1!.id, StatusID: 4, Delivery: 0, Total: 49900, PickupUntil: '2026-11-30T16:00:00.000Z' });
      expect(reservations.data[0]!.Articles[0]).toMatchObject({ ArticleID: 101, Count: 1, Price: 49900 });
      expect(reservations.data[0]!.Articles[0]!.Image).toMatch(/^\/api\/v1\/images\/articles\//);

      const otherOrders = (await other.b.get('/customers/current/orders')).json<RawPaginated<RawCustomerOrder>>();
      expect(otherOrders.data.map((o) => o.Total)).toEqual([99999]);
      const otherReservations = (await other.b.get('/customers/current/reservations')).json<RawPaginated<RawReservation>>();
      expect(otherReservations.data.map((r) => r.CustomerName)).toEqual(['Annen']);
    });

    it('writes a review only for a bought article; it is listed for its author and shown on the product once approved', async () => {
      const a = await registered();
      const db = t().db;
      const notBought = await a.b.post('/customers/current/reviews', { article_id: 102, rating: 4, content: 'Fin' });
      expect(notBought.statusCode).toBe(403);
      const [o] = await db.insert(s.orders).values({ customerId: a.customer.id, total: 20000, status: 'paid' }).returning();
      await db.insert(s.orderLines).values({ orderId: o!.id, ean: ean13('701021'), name: 'Bukse', count: 1, price: 20000 });
      expect((await a.b.post('/customers/current/reviews', { article_id: 102, rating: 9, content: 'Fin' })).statusCode).toBe(422);
      const created = await a.b.post('/customers/current/reviews', { article_id: 102, rating: 4, content: 'Passer godt', true_to_size: 0, size_color: 'M / Sort', anonymous: 0 });
      expect(created.statusCode, created.body).toBe(201);
      const review = created.json<RawReview>();
      expect(review).toMatchObject({ approved: 0, rating: 4, reviewable_id: 102, true_to_size: 0, size_color: 'M / Sort' });

      const mine = (await a.b.get('/customers/current/reviews')).json<RawPaginated<RawReview>>();
      expect(mine.data.map((r) => r.id)).toEqual([review.id]);
      const shown = async () => (await t().app.inject({ url: '/api/v1/articles/102' })).json<{ Reviews: RawReview[] }>().Reviews.map((r) => r.id);
      expect(await shown()).not.toContain(review.id);
      // Approval happens outside the API (moderation), so it announces the change as a write through the API would.
      await db.update(s.reviews).set({ approved: true }).where(eq(s.reviews.id, review.id));
      t().app.httpCache.invalidate();
      expect(await shown()).toContain(review.id);
      // Another customer does not see it among their reviews.
      const other = await registered();
      expect((await other.b.get('/customers/current/reviews')).json<RawPaginated<RawReview>>().data).toEqual([]);
    });

    it('member code: 403 for non-members, the code and an SVG for members', async () => {
      const member = await registered({ club: 1 });
      // A member once the address is verified (the club's rule).
      expect((await member.b.get('/customers/current/code')).statusCode).toBe(403);
      expect((await member.b.post('/customers/email/verify', { token: tokenIn((await lastMailTo(member.body.email))!.body) })).statusCode).toBe(200);
      const res = await member.b.get('/customers/current/code');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: (await member.b.get('/customers/current')).json<RawCustomer>().auth_id });
      expect(res.json().code).toMatch(/^M-\d{10}$/);
      expect(res.json().svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      const nonMember = await registered({ club: 0 });
      expect((await nonMember.b.get('/customers/current/code')).statusCode).toBe(403);
    });
  });

  it('documents every customer route at /api/docs', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    for (const path of [
      '/api/v1/customers/register', '/api/v1/customers/login', '/api/v1/customers/login/{type}', '/api/v1/customers/logout',
      '/api/v1/customers/current', '/api/v1/customers/{id}', '/api/v1/customers/email/resend', '/api/v1/customers/email/verify',
      '/api/v1/customers/password/email', '/api/v1/customers/password/reset', '/api/v1/customers/current/code',
      '/api/v1/customers/current/reservations', '/api/v1/customers/current/orders', '/api/v1/customers/current/reviews', '/api/v1/customers/current/club',
    ]) {
      expect(paths, path).toContain(path);
    }
  });

  it('keeps login_attempts in the right store', async () => {
    const rows = await t().db.select().from(s.loginAttempts).where(and(like(s.loginAttempts.key, 'login:%')));
    if (env.REDIS_URL) expect(rows).toEqual([]);
    else expect(rows.length).toBeGreaterThan(0);
  });
}

describe.each(testDatabaseKinds())('customer accounts on %s', (kind) => {
  // One database for the apps below, which differ only in TRUST_PROXY: every test registers its own customers and
  // comes from its own addresses (a database start is most of a PGlite file's set-up).
  const database = useTestDatabase(kind);

  describe('the API', () => {
    runCustomerSuite(database, { REDIS_URL: undefined, SMTP_URL: undefined });
  });

  // How the client is found behind a proxy does not depend on the database: PGlite only.
  if (kind !== 'pglite') return;
  describe.each([
    // The last octet of each app's clients is offset, so that the two apps' clients are not counted together.
    ['the load balancer\'s address', ['10.9.0.1'] as string[] | number, 0],
    ['a hop count', 1, 50],
  ])('TRUST_PROXY set to %s: X-Forwarded-For names the client', (_name, trustProxy, offset) => {
    const root = makeShellTree();
    const t = database.app({ rootDir: root, trustProxy });
    afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
    const [owner, attacker, other] = [`198.51.100.${7 + offset}`, `203.0.113.${9 + offset}`, `198.51.100.${8 + offset}`];

    it('shoppers behind the load balancer are separate clients; the forwarded address is the one slowed', async () => {
      const viaBalancer = await new Browser(() => t().app, '10.9.0.1').open();
      const ownerDevice = await new Browser(() => t().app, '10.9.0.1').open();
      const body = registration();
      const reg = await ownerDevice.send('POST', '/customers/register', body, { headers: { 'x-forwarded-for': owner } });
      expect(reg.statusCode, reg.body).toBe(201);
      await ownerDevice.send('POST', '/customers/logout', {}, { headers: { 'x-forwarded-for': owner } });
      const attempt = (b: Browser, client: string, password: string) =>
        b.send('POST', '/customers/login', { username: body.email, password }, { headers: { 'x-forwarded-for': client } });
      for (let i = 0; i < DEFAULT_RULES.pair.free; i++) expect((await attempt(viaBalancer, attacker, 'feil')).statusCode).toBe(422);
      expect((await attempt(viaBalancer, attacker, PASSWORD)).statusCode).toBe(429);
      // Another shopper through the same load balancer (a new device too) is another client.
      const elsewhere = await new Browser(() => t().app, '10.9.0.1').open();
      expect((await attempt(elsewhere, other, PASSWORD)).statusCode).toBe(200);
    });

    it.runIf(Array.isArray(trustProxy))('a client connecting directly cannot pick its address with X-Forwarded-For', async () => {
      const body = registration();
      const ownerDevice = await new Browser(() => t().app, '10.9.0.1').open();
      expect((await ownerDevice.send('POST', '/customers/register', body, { headers: { 'x-forwarded-for': '198.51.100.20' } })).statusCode).toBe(201);
      const direct = await new Browser(() => t().app, '192.0.2.50').open();
      const statuses: number[] = [];
      for (let i = 0; i <= DEFAULT_RULES.pair.free; i++) {
        const res = await direct.send('POST', '/customers/login', { username: body.email, password: 'feil' }, { headers: { 'x-forwarded-for': `203.0.113.${100 + i}` } });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([...Array(DEFAULT_RULES.pair.free).fill(422), 429]);
    });
  });
});
