/**
 * Issue 18, PUT /customers/{id} on every database: changing the password or the e-mail needs the current password
 * (a session cookie alone, stolen or not, is not enough); a password change ends every other session of the account;
 * a new e-mail takes effect only through the link mailed to it; preferences are bounded.
 */
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { authErrorTexts, currentPasswordTexts } from '@shop/contracts/texts/forms';
import type { RawCustomer } from '@shop/contracts/types';
import * as s from '../../src/db/schema.js';
import { hashSessionId } from '../../src/server/session.js';
import { accountFieldTexts } from '../../src/accounts/validation.js';
import { hashToken } from '../../src/accounts/tokens.js';
import { PREFERENCES_LIMITS, preferencesTexts } from '../../src/accounts/preferences.js';
import { accountMessages, MAIL_LIMIT } from '../../src/routes/customers/auth.js';
import { DEFAULT_RULES } from '../../src/accounts/throttle.js';
import { testDatabaseKinds } from '../support/databases.js';
import { useTestApp } from '../support/app.js';
import { Browser, makeShellTree } from './browser.js';

const PASSWORD = 'hemmelig-123';
const NEW_PASSWORD = 'nytt-passord-456';
let seq = 0;
const uniqueEmail = (name: string) => `${name}${++seq}.${Date.now()}@example.no`;

function registration() {
  seq += 1;
  return {
    first_name: 'Ola',
    last_name: 'Nordmann',
    email: uniqueEmail('ola'),
    phone: `9${String(2000000 + seq * 7919).slice(-7)}`,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    terms_conditions: 1,
  };
}

type Field = { field: string; message: string };

describe.each(testDatabaseKinds())('account changes on %s', (kind) => {
  const root = makeShellTree();
  const t = useTestApp(kind, { rootDir: root });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  let ipSeq = 0;
  const browser = () => new Browser(() => t().app, `10.18.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`).open();

  async function registered() {
    const b = await browser();
    const body = registration();
    const res = await b.post('/customers/register', body);
    expect(res.statusCode, res.body).toBe(201);
    return { b, body, customer: res.json<RawCustomer>() };
  }

  async function loggedIn(email: string, password = PASSWORD) {
    const b = await browser();
    const res = await b.post('/customers/login', { username: email, password });
    expect(res.statusCode, res.body).toBe(200);
    return b;
  }

  const row = async (id: number) => (await t().db.select().from(s.customers).where(eq(s.customers.id, id)))[0]!;
  const mailsTo = (email: string) => t().db.select().from(s.emailOutbox).where(eq(s.emailOutbox.to, email)).orderBy(desc(s.emailOutbox.id));
  const tokenIn = (body: string) => /token=([A-Za-z0-9_-]+)/.exec(body)?.[1] ?? '';
  const canLogIn = async (email: string, password: string) => (await (await browser()).post('/customers/login', { username: email, password })).statusCode === 200;
  const fieldsOf = (res: { json: <T>() => T }) => res.json<{ errors?: Field[] }>().errors ?? [];

  describe('the current password', () => {
    it.each([
      ['without it', {}, currentPasswordTexts.required],
      ['empty', { current_password: '' }, currentPasswordTexts.required],
      ['wrong', { current_password: 'feil-passord' }, currentPasswordTexts.wrong],
    ])('password change %s: 422 on current_password, nothing of the request changes', async (_name, extra, message) => {
      const { b, body, customer } = await registered();
      const before = await row(customer.id);
      const res = await b.put(`/customers/${customer.id}`, { first_name: 'Kari', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, ...extra });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe(message);
      expect(fieldsOf(res)).toContainEqual({ field: 'current_password', message });
      expect(await row(customer.id)).toEqual(before);
      expect((await b.get('/customers/current')).json<RawCustomer>().first_name).toBe('Ola');
      expect(await canLogIn(body.email, PASSWORD)).toBe(true);
      expect(await canLogIn(body.email, NEW_PASSWORD)).toBe(false);
    });

    it.each([
      ['without it', {}, currentPasswordTexts.required],
      ['wrong', { current_password: 'feil-passord' }, currentPasswordTexts.wrong],
    ])('e-mail change %s: 422 on current_password, no token, no mail, nothing changes', async (_name, extra, message) => {
      const { b, customer } = await registered();
      const before = await row(customer.id);
      const newEmail = uniqueEmail('ny');
      const res = await b.put(`/customers/${customer.id}`, { email: newEmail, phone: '91919191', ...extra });
      expect(res.statusCode, res.body).toBe(422);
      expect(fieldsOf(res)).toContainEqual({ field: 'current_password', message });
      expect(await row(customer.id)).toEqual(before);
      expect(await mailsTo(newEmail)).toEqual([]);
      const tokens = await t().db.select().from(s.customerTokens).where(and(eq(s.customerTokens.customerId, customer.id), eq(s.customerTokens.kind, 'email-change')));
      expect(tokens).toEqual([]);
    });

    it('other fields, and the unchanged address in any spelling, change without it', async () => {
      const { b, body, customer } = await registered();
      const res = await b.put(`/customers/${customer.id}`, { first_name: 'Kari', email: ` ${body.email.toUpperCase()} `, address: 'Storgata 1', newsletter: 1 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<RawCustomer>()).toMatchObject({ first_name: 'Kari', email: body.email, address: 'Storgata 1', newsletter: 1 });
    });

    it('keeps the confirmation rule: a right current password with differing new passwords is still 422', async () => {
      const { b, customer } = await registered();
      const res = await b.put(`/customers/${customer.id}`, { password: NEW_PASSWORD, password_confirmation: 'noe-annet-789', current_password: PASSWORD });
      expect(res.statusCode).toBe(422);
      expect(fieldsOf(res)).toEqual([{ field: 'password_confirmation', message: accountFieldTexts.passwordConfirmation }]);
    });

    it('a stolen session cookie alone changes neither the password nor the e-mail', async () => {
      const { b: victim, body, customer } = await registered();
      // The thief has the cookie and, by opening the shop with it, the page's CSRF token.
      const thief = new Browser(() => t().app, '10.66.6.6');
      thief.cookie = victim.cookie;
      await thief.open();
      expect((await thief.get('/customers/current')).json<RawCustomer>().id).toBe(customer.id);
      const before = await row(customer.id);
      const outboxBefore = (await t().db.select().from(s.emailOutbox)).length;
      const attempts = [
        { password: 'tyvens-passord-1', password_confirmation: 'tyvens-passord-1' },
        { password: 'tyvens-passord-1', password_confirmation: 'tyvens-passord-1', current_password: 'gjetning-123' },
        { email: 'tyv@example.no' },
        { email: 'tyv@example.no', current_password: 'gjetning-123' },
      ];
      for (const attempt of attempts) expect((await thief.put(`/customers/${customer.id}`, attempt)).statusCode).toBe(422);
      expect(await row(customer.id)).toEqual(before);
      expect((await t().db.select().from(s.emailOutbox)).length).toBe(outboxBefore);
      expect(await canLogIn(body.email, PASSWORD)).toBe(true);
    });
    it('a wrong current password is a login attempt: guesses through the account page are slowed like the login form', async () => {
      const { body, customer } = await registered();
      const thief = await loggedIn(body.email);
      const before = await row(customer.id);
      const guess = (current_password: string) =>
        thief.put(`/customers/${customer.id}`, { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, current_password });
      for (let i = 0; i < DEFAULT_RULES.pair.free; i++) expect((await guess(`gjetning-${i}`)).statusCode).toBe(422);
      // The next guess must wait, and so must the right password from this client, through either form.
      const slowed = await guess('gjetning-x');
      expect(slowed.statusCode).toBe(429);
      expect(slowed.json().message).toBe(authErrorTexts[429]);
      expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
      expect((await guess(PASSWORD)).statusCode).toBe(429);
      expect(await row(customer.id)).toEqual(before);
      // The owner, from another client, is not locked out.
      expect(await canLogIn(body.email, PASSWORD)).toBe(true);
    });
  });

  describe('a password change', () => {
    it('with the right current password: changes it, ends every other session of the account, keeps this one (new id)', async () => {
      const { b, body, customer } = await registered();
      const other = await loggedIn(body.email);
      expect((await other.get('/customers/current')).statusCode).toBe(200);
      const stranger = await registered();
      const cookieBefore = b.cookie!;
      const tokenBefore = b.token;

      const res = await b.put(`/customers/${customer.id}`, { first_name: 'Kari', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, current_password: PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<RawCustomer>().first_name).toBe('Kari');

      // This tab stays logged in, on a new session id and CSRF token (a copy of the old cookie is worth nothing).
      expect(b.cookie).not.toBe(cookieBefore);
      expect(b.token).not.toBe(tokenBefore);
      expect((await b.get('/customers/current')).json<RawCustomer>().id).toBe(customer.id);
      expect(await t().db.select().from(s.sessions).where(eq(s.sessions.id, hashSessionId(cookieBefore.slice(4))))).toEqual([]);
      const sessions = await t().db.select().from(s.sessions).where(eq(s.sessions.customerId, customer.id));
      expect(sessions.map((x) => x.id)).toEqual([hashSessionId(b.cookie!.slice(4))]);

      // The other session is logged out, and this process no longer takes its CSRF token (KnownSessions forgot it).
      expect((await other.get('/customers/current')).statusCode).toBe(204);
      expect((await other.post('/customers/logout')).statusCode).toBe(419);
      // Another account's session is untouched.
      expect((await stranger.b.get('/customers/current')).json<RawCustomer>().id).toBe(stranger.customer.id);

      expect(await canLogIn(body.email, PASSWORD)).toBe(false);
      expect(await canLogIn(body.email, NEW_PASSWORD)).toBe(true);
      const [notice] = await mailsTo(body.email);
      expect(notice!.subject).toBe('Passordet ditt er endret');
      expect(notice!.body).toContain('logget ut på alle andre enheter');
    });
  });

  describe('an e-mail change', () => {
    async function askForChange(b: Browser, id: number, newEmail: string) {
      const res = await b.put(`/customers/${id}`, { email: newEmail, current_password: PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
      return res;
    }

    it('mails a link to the new address and a notice to the old; takes effect only through the link', async () => {
      const { b, body, customer } = await registered();
      const oldVerifyLink = tokenIn((await mailsTo(body.email))[0]!.body);
      const newEmail = uniqueEmail('ny');
      const res = await askForChange(b, customer.id, ` ${newEmail.toUpperCase()}`);
      // The answer (and the account) keep the old address until the link is opened.
      expect(res.json<RawCustomer>().email).toBe(body.email);
      expect((await row(customer.id)).email).toBe(body.email);
      expect(await canLogIn(newEmail, PASSWORD)).toBe(false);

      const [confirmation] = await mailsTo(newEmail);
      expect(confirmation!.subject).toBe('Bekreft den nye e-postadressen din');
      expect(confirmation!.body).toContain('/konto/bekreft-epost?token=');
      const [notice] = await mailsTo(body.email);
      expect(notice!.subject).toBe('E-postadressen din er i ferd med å bli endret');
      expect(notice!.body).toContain(newEmail);
      expect(notice!.body).not.toContain('token=');
      const link = tokenIn(confirmation!.body);
      const [token] = await t().db.select().from(s.customerTokens).where(eq(s.customerTokens.tokenHash, hashToken(link)));
      expect(token).toMatchObject({ kind: 'email-change', newEmail, usedAt: null });

      // Opened anywhere (the mailbox may be on another device): no session needed.
      const opened = await (await browser()).post('/customers/email/verify', { token: link });
      expect(opened.statusCode, opened.body).toBe(200);
      expect(opened.json().message).toBe(accountMessages.emailChanged);
      const after = await row(customer.id);
      expect(after.email).toBe(newEmail);
      expect(after.emailVerifiedAt).not.toBeNull();
      expect((await b.get('/customers/current')).json<RawCustomer>().email).toBe(newEmail);
      expect(await canLogIn(newEmail, PASSWORD)).toBe(true);
      // Single use; and the registration's verification link (sent to the old address) no longer confirms anything.
      expect((await b.post('/customers/email/verify', { token: link })).statusCode).toBe(422);
      expect((await b.post('/customers/email/verify', { token: oldVerifyLink })).statusCode).toBe(422);
    });

    it('a newer request supersedes the older: the first link stops working', async () => {
      const { b, customer } = await registered();
      const first = uniqueEmail('forste');
      const second = uniqueEmail('andre');
      await askForChange(b, customer.id, first);
      const firstLink = tokenIn((await mailsTo(first))[0]!.body);
      await askForChange(b, customer.id, second);
      const secondLink = tokenIn((await mailsTo(second))[0]!.body);
      const stale = await b.post('/customers/email/verify', { token: firstLink });
      expect(stale.statusCode).toBe(422);
      expect(stale.json().message).toBe(accountFieldTexts.token);
      expect((await row(customer.id)).email).not.toBe(first);
      expect((await b.post('/customers/email/verify', { token: secondLink })).statusCode).toBe(200);
      expect((await row(customer.id)).email).toBe(second);
    });

    it('the new address taken by another account meanwhile: 423, nothing changes', async () => {
      const { b, body, customer } = await registered();
      const wanted = uniqueEmail('onsket');
      await askForChange(b, customer.id, wanted);
      const link = tokenIn((await mailsTo(wanted))[0]!.body);
      const taker = await browser();
      expect((await taker.post('/customers/register', { ...registration(), email: wanted })).statusCode).toBe(201);
      const res = await b.post('/customers/email/verify', { token: link });
      expect(res.statusCode).toBe(423);
      expect(res.json().message).toBe(authErrorTexts[423]);
      expect((await row(customer.id)).email).toBe(body.email);
    });

    it('an address already in use is refused at once (423) once the current password is right', async () => {
      const { b, customer } = await registered();
      const other = await registered();
      const res = await b.put(`/customers/${customer.id}`, { email: other.body.email, current_password: PASSWORD });
      expect(res.statusCode).toBe(423);
      expect(await mailsTo(other.body.email).then((m) => m.filter((x) => x.subject.startsWith('Bekreft den nye')))).toEqual([]);
    });

    it.each(['a password reset', 'a password change'])('%s cancels a change still waiting (it may be an intruder\'s)', async (how) => {
      const { b, body, customer } = await registered();
      const wanted = uniqueEmail('inntrenger');
      await askForChange(b, customer.id, wanted);
      const link = tokenIn((await mailsTo(wanted))[0]!.body);
      if (how === 'a password reset') {
        await (await browser()).post('/customers/password/email', { email: body.email });
        const reset = tokenIn((await mailsTo(body.email))[0]!.body);
        const res = await (await browser()).post('/customers/password/reset', { token: reset, email: body.email, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
        expect(res.statusCode, res.body).toBe(200);
      } else {
        const res = await b.put(`/customers/${customer.id}`, { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, current_password: PASSWORD });
        expect(res.statusCode, res.body).toBe(200);
      }
      expect((await (await browser()).post('/customers/email/verify', { token: link })).statusCode).toBe(422);
      expect((await row(customer.id)).email).toBe(body.email);
    });

    it('e-mail and password in one request: both need the current password; the password changes, the address waits', async () => {
      const { b, body, customer } = await registered();
      const newEmail = uniqueEmail('begge');
      const res = await b.put(`/customers/${customer.id}`, { email: newEmail, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, current_password: PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<RawCustomer>().email).toBe(body.email);
      expect(await canLogIn(body.email, NEW_PASSWORD)).toBe(true);
      const link = tokenIn((await mailsTo(newEmail))[0]!.body);
      expect((await (await browser()).post('/customers/email/verify', { token: link })).statusCode).toBe(200);
      expect(await canLogIn(newEmail, NEW_PASSWORD)).toBe(true);
    });

    it(`at most ${MAIL_LIMIT} requests per window (each mails two addresses), then 429`, async () => {
      const { b, customer } = await registered();
      for (let i = 0; i < MAIL_LIMIT; i++) await askForChange(b, customer.id, uniqueEmail('mange'));
      const over = uniqueEmail('for-mange');
      const res = await b.put(`/customers/${customer.id}`, { email: over, current_password: PASSWORD });
      expect(res.statusCode).toBe(429);
      expect(await mailsTo(over)).toEqual([]);
    });
  });

  describe('preferences', () => {
    it('stores a flat object within the bounds and answers it back', async () => {
      const { b, customer } = await registered();
      const preferences = { theme: 'mørk', 'store.favourite': 55, compact: true, sizes: ['M', 'L', 42] };
      const res = await b.put(`/customers/${customer.id}`, { preferences });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<RawCustomer>().preferences).toEqual(preferences);
      expect((await row(customer.id)).preferences).toEqual(preferences);
    });

    it.each<[string, unknown, string]>([
      ['900 kB in one value', { blob: 'x'.repeat(900_000) }, 'preferences.blob'],
      ['200 kB of values each within its own bounds', Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, Array.from({ length: 20 }, () => 'y'.repeat(200))])), 'preferences'],
      ['too many keys', Object.fromEntries(Array.from({ length: PREFERENCES_LIMITS.keys + 1 }, (_, i) => [`k${i}`, 1])), 'preferences'],
      ['a key outside the pattern', { 'bad key': 1 }, 'preferences'],
      ['a nested object', { nested: { deeper: 1 } }, 'preferences.nested'],
      ['a long list', { list: Array.from({ length: PREFERENCES_LIMITS.listItems + 1 }, () => 1) }, 'preferences.list'],
      ['null', { gone: null }, 'preferences.gone'],
    ])('%s: 422 with the field error, nothing stored', async (_name, preferences, field) => {
      const { b, customer } = await registered();
      const before = await row(customer.id);
      const res = await b.put(`/customers/${customer.id}`, { first_name: 'Kari', preferences });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(422);
      expect(fieldsOf(res)[0]!.field.startsWith(field), JSON.stringify(fieldsOf(res))).toBe(true);
      expect(await row(customer.id)).toEqual(before);
    });

    it('a serialised size over the limit gets its own message', async () => {
      const { b, customer } = await registered();
      const preferences = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, 'z'.repeat(200)]));
      const res = await b.put(`/customers/${customer.id}`, { preferences });
      expect(res.statusCode).toBe(422);
      expect(fieldsOf(res)).toEqual([{ field: 'preferences', message: preferencesTexts.tooLarge }]);
    });
  });
});
