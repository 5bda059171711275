/**
 * Register, login, logout, e-mail verification and password reset (issue 6; statuses per SPEC §8):
 * 401 already logged in, 404 nobody logged in, 419 CSRF (session.ts), 422 wrong username/password or invalid data
 * (with field errors; an empty username or password is invalid data, never a failed login), 423 e-mail/phone
 * already used, 429 too many failed logins (accounts/throttle.ts: the client must wait; Retry-After says how long)
 * or too many registrations from one client (accounts/clientLimits.ts).
 * The session id (and CSRF token) rotates on login, register and logout; the new token is sent in X-CSRF-TOKEN
 * so the page can keep working without a reload (the contracts' client picks it up).
 *
 * E-mail (accounts/mail.ts): the message goes to email_outbox in the transaction that creates what it is about and
 * is delivered after the commit. A relay that is down never fails registration or a reset request; only "send the
 * e-mail again", where the shopper waits for the outcome, answers 503 "Epost ble ikke sendt".
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { accountTexts, authErrorTexts, resendTexts } from '@shop/contracts/texts/forms';
import type { MessageResponse } from '@shop/contracts/types';
import { customers, emailOutbox, sessions } from '../../db/schema.js';
import { HttpError, validationBody } from '../../server/errors.js';
import { CSRF_HEADER } from '../../server/session.js';
import { hashPassword, verifyPassword } from '../../accounts/passwords.js';
import { consumeToken, consumeTokenOf, issueToken, revokeTokens } from '../../accounts/tokens.js';
import { resetEmail, resetPath, verificationEmail, verifyPath } from '../../accounts/emails.js';
import {
  accountFieldTexts,
  isValidEmail,
  nationalPhone,
  normaliseEmail,
  passwordRules,
  registrationErrors,
  type FieldError,
} from '../../accounts/validation.js';
import { accountOf } from '../../accounts/throttle.js';
import { MAILS_PER_CLIENT, REGISTRATIONS_PER_CLIENT, takeClientAllowance } from '../../accounts/clientLimits.js';
import { deviceCookieOf, setDeviceCookie } from '../../accounts/deviceCookie.js';
import { conflictingCustomer, isUniqueViolation, sessionCustomer, type AccountServices, type CustomerRow } from '../../accounts/services.js';
import { grantClubMembership } from '../../accounts/club.js';
import type { DbExecutor, QueuedMail } from '../../accounts/mail.js';
import { DbId, MessageSchema } from '../shared/schema.js';
import { RawCustomerSchema, toRawCustomer } from './raw.js';
import { clientOf } from '../../server/client.js';
import { rotateKeepingReservations } from '../../payments/expiry.js';

export const accountMessages = {
  resetRequested: 'Hvis det finnes en konto med denne e-postadressen, har vi sendt en lenke for å tilbakestille passordet.',
  passwordChanged: 'Passordet er endret. Du kan nå logge inn.',
  verified: 'E-postadressen er bekreftet.',
  emailChanged: 'E-postadressen er endret og bekreftet.',
  verificationSent: 'Epost sendt',
  tooManyMails: 'Vi har allerede sendt flere e-poster nylig. Prøv igjen om en stund.',
} as const;

/** E-mails a customer can trigger per throttle window (resend verification, password reset). */
export const MAIL_LIMIT = 5;

export const invalid = (errors: FieldError[]) => new HttpError(422, errors[0]?.message ?? authErrorTexts[422], errors);

/** Turns schema failures into 422 with field errors (the spec's "invalid data" status), not the generic 400. */
export function rejectInvalidSchema(request: FastifyRequest): void {
  if (!request.validationError) return;
  const body = validationBody(request.validationError.validation, request.validationError.validationContext);
  throw new HttpError(422, body.message, body.errors);
}

/** Binds the customer to a fresh session (prevents fixation) and hands the new CSRF token to the page. */
export async function logIn(request: FastifyRequest, reply: FastifyReply, customerId: number): Promise<void> {
  await rotateKeepingReservations(request.server.database.db, (await request.session.get())?.id ?? null, customerId, () => request.session.rotate());
  const session = await request.session.setCustomer(customerId);
  reply.header(CSRF_HEADER, session.csrfToken);
}

/** A 0/1 flag as forms send it (numbers, strings or booleans). */
export const Flag01 = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal('0'), Type.Literal('1'), Type.Boolean()]);
export const asBool = (v: unknown) => v === 1 || v === '1' || v === true;

const RegisterBody = Type.Object({
  first_name: Type.Optional(Type.String({ maxLength: 100 })),
  last_name: Type.Optional(Type.String({ maxLength: 100 })),
  email: Type.Optional(Type.String({ maxLength: 254 })),
  phone: Type.Optional(Type.String({ maxLength: 20 })),
  password: Type.Optional(Type.String({ maxLength: 200 })),
  password_confirmation: Type.Optional(Type.String({ maxLength: 200 })),
  terms_conditions: Type.Optional(Flag01),
  birth_date: Type.Optional(Type.String({ maxLength: 10 })),
  gender_id: Type.Optional(DbId()),
  postal_code: Type.Optional(Type.String({ pattern: '^(\\d{4})?$' })),
  club: Type.Optional(Flag01),
  marketing: Type.Optional(Flag01),
  newsletter: Type.Optional(Flag01),
  event_invite: Type.Optional(Flag01),
  birthday_gift: Type.Optional(Flag01),
});

const LoginBody = Type.Object({
  username: Type.String({ maxLength: 254 }),
  password: Type.String({ maxLength: 200 }),
});

/** Login fields left empty or blank (422 with these field errors; never counted as a failed login). */
export function loginFieldErrors(body: { username: string; password: string }): FieldError[] {
  const errors: FieldError[] = [];
  if (body.username.trim() === '') errors.push({ field: 'username', message: accountFieldTexts.username });
  if (body.password.trim() === '') errors.push({ field: 'password', message: accountFieldTexts.loginPassword });
  return errors;
}

/** 429 with the spec's text; Retry-After tells a client when the next attempt may be made. */
export function tooManyLogins(reply: FastifyReply, waitMs: number): HttpError {
  reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
  return new HttpError(429, authErrorTexts[429]);
}

export function authRoutes(services: AccountServices): FastifyPluginAsyncTypebox {
  return async (app) => {
    const db = app.database.db;
    const loginPath = `${app.prefix}/customers/login`;

    /** Sets or renews the device cookie and remembers it for the account (the login throttle's known devices). */
    async function rememberDevice(request: FastifyRequest, reply: FastifyReply, customer: CustomerRow): Promise<void> {
      const options = { path: loginPath, secure: services.secureCookies, maxAgeMs: services.throttle.rules.deviceMs };
      await services.throttle.rememberDevice(accountOf(customer, ''), setDeviceCookie(reply, deviceCookieOf(request), options));
    }

    /** A new verification link, written to the outbox through `tx`; deliver it after the commit. */
    async function queueVerification(tx: DbExecutor, customer: CustomerRow): Promise<QueuedMail | null> {
      if (!customer.email) return null;
      const token = await issueToken(tx, customer.id, 'verify');
      return services.mailer.enqueue(tx, { to: customer.email, ...verificationEmail(customer.firstName, services.publicUrl + verifyPath(token)) });
    }

    app.post(
      '/customers/register',
      {
        attachValidation: true,
        schema: {
          tags: ['customers'],
          summary: 'Create an account and log it in; sends the verification e-mail',
          body: RegisterBody,
          response: { 201: RawCustomerSchema },
        },
      },
      async (request, reply) => {
        rejectInvalidSchema(request);
        if (await sessionCustomer(db, request)) throw new HttpError(401, authErrorTexts[401]);
        const body = request.body;
        const errors = registrationErrors(body);
        if (errors.length) throw invalid(errors);
        // Counted before the 423 check, so probing which e-mails have accounts is limited too.
        if (!(await takeClientAllowance(services.throttle.store, REGISTRATIONS_PER_CLIENT, clientOf(request)))) {
          throw new HttpError(429, authErrorTexts[429]);
        }
        const email = normaliseEmail(body.email!);
        const phone = nationalPhone(body.phone!)!;
        if (await conflictingCustomer(db, email, phone)) throw new HttpError(423, authErrorTexts[423]);
        const passwordHash = await hashPassword(body.password!);
        // The club box is the consent; membership waits for the verified address (accounts/club.ts).
        const clubConsentAt = asBool(body.club) ? new Date() : null;
        // The account, its verification token and the e-mail in one transaction: all of it or none.
        let created: CustomerRow;
        let mail: QueuedMail | null;
        try {
          ({ created, mail } = await db.transaction(async (tx) => {
            const [row] = (await tx
              .insert(customers)
              .values({
                firstName: body.first_name!.trim(),
                lastName: body.last_name!.trim(),
                email,
                phone,
                passwordHash,
                birthDate: body.birth_date || null,
                genderId: body.gender_id ?? null,
                postalCode: body.postal_code || null,
                termsConditions: true,
                clubConsentAt,
                marketing: asBool(body.marketing),
                newsletter: asBool(body.newsletter),
                eventInvite: asBool(body.event_invite),
                birthdayGift: asBool(body.birthday_gift),
              })
              .returning()) as [CustomerRow];
            return { created: row, mail: await queueVerification(tx, row) };
          }));
        } catch (error) {
          // A concurrent registration with the same e-mail/phone lost the race to the unique index.
          if (isUniqueViolation(error)) throw new HttpError(423, authErrorTexts[423]);
          throw error;
        }
        try {
          await logIn(request, reply, created.id);
        } catch (error) {
          // The shopper gets an error, so no account may be left behind (a retry would answer 423). The session
          // rows are written outside the transaction above (server/session.ts), hence the undo by hand.
          await db
            .transaction(async (tx) => {
              if (mail) await tx.delete(emailOutbox).where(eq(emailOutbox.id, mail.outboxId));
              await tx.delete(customers).where(eq(customers.id, created.id));
            })
            .catch((undoError: unknown) => request.log.error({ err: undoError, customerId: created.id }, 'could not undo a failed registration'));
          throw error;
        }
        // Registering logs the device in: it is known to the account from now on.
        await rememberDevice(request, reply, created);
        if (mail) void services.mailer.deliver(mail);
        return reply.status(201).header('cache-control', 'no-store').send(toRawCustomer(created));
      },
    );

    // Two routes rather than an optional parameter, so the OpenAPI document lists both paths.
    for (const path of ['/customers/login', '/customers/login/:type']) {
      app.post(
        path,
        {
          attachValidation: true,
          schema: {
            tags: ['customers'],
            summary: 'Log in with e-mail or phone (optional /email or /phone suffix) and password',
            params: Type.Object({ type: Type.Optional(Type.Union([Type.Literal('email'), Type.Literal('phone')])) }),
            body: LoginBody,
            response: { 200: RawCustomerSchema },
          },
        },
        async (request, reply) => {
          rejectInvalidSchema(request);
          // Blank fields are invalid input, not a failed login: they get their own message and are not throttled.
          const blank = loginFieldErrors(request.body);
          if (blank.length) throw new HttpError(422, accountTexts.allFieldsRequired, blank);
          if (await sessionCustomer(db, request)) throw new HttpError(401, authErrorTexts[401]);
          const { username, password } = request.body;
          const type = request.params.type ?? (username.includes('@') ? 'email' : 'phone');
          const name = type === 'email' ? normaliseEmail(username) : (nationalPhone(username) ?? username.trim().toLowerCase());
          const [customer] =
            type === 'email'
              ? await db.select().from(customers).where(eq(customers.email, name))
              : await db.select().from(customers).where(eq(customers.phone, name));
          // E-mail and phone of one account are one account; an unknown name counts under itself.
          const account = accountOf(customer, `${type}:${name}`);
          const device = deviceCookieOf(request);
          const turn = await services.throttle.begin({
            account,
            client: clientOf(request),
            knownDevice: customer && device && (await services.throttle.isKnownDevice(account, device)) ? device : null,
          });
          if (turn.waitMs > 0) throw tooManyLogins(reply, turn.waitMs);
          const ok = await verifyPassword(customer?.passwordHash, password);
          // The failure was counted by begin().
          // A deactivated staff account (an admin ended it) cannot log in again; it answers as a wrong password would.
          if (!ok || !customer || customer.deletedAt || customer.deactivatedAt) throw new HttpError(422, authErrorTexts[422]);
          await turn.succeeded();
          await rememberDevice(request, reply, customer);
          await logIn(request, reply, customer.id);
          return reply.header('cache-control', 'no-store').send(toRawCustomer(customer));
        },
      );
    }

    app.post(
      '/customers/logout',
      {
        schema: {
          tags: ['customers'],
          summary: 'Log out: the session is replaced by a fresh anonymous one (needs X-CSRF-TOKEN)',
          response: { 200: MessageSchema },
        },
      },
      async (request, reply) => {
        const session = await request.session.get();
        if (session?.customerId) {
          await request.session.rotate();
          const fresh = await request.session.setCustomer(null);
          reply.header(CSRF_HEADER, fresh.csrfToken);
        }
        const body: MessageResponse = { message: LOGGED_OUT_TEXT };
        return reply.header('cache-control', 'no-store').send(body);
      },
    );

    // POST, not the SPEC's GET: it sends mail, so it takes the CSRF token like every other action (issue 33).
    app.post(
      '/customers/email/resend',
      {
        schema: {
          tags: ['customers'],
          summary: 'Send the verification e-mail again (404 without a user; 429 after too many; 503 when it could not be delivered). A POST: it needs X-CSRF-TOKEN',
          response: { 200: MessageSchema },
        },
      },
      async (request, reply) => {
        const customer = await sessionCustomer(db, request);
        if (!customer) throw new HttpError(404, authErrorTexts[404]);
        const mailKey = `verify:${customer.id}`;
        if ((await services.throttle.store.count(mailKey)) >= MAIL_LIMIT) throw new HttpError(429, accountMessages.tooManyMails);
        if (!(await takeClientAllowance(services.throttle.store, MAILS_PER_CLIENT, clientOf(request)))) {
          throw new HttpError(429, accountMessages.tooManyMails);
        }
        await services.throttle.store.increment(mailKey);
        const mail = await db.transaction((tx) => queueVerification(tx, customer));
        // The shopper asked for this e-mail and waits for it: say so when it could not be sent (SPEC §8).
        if (mail && (await services.mailer.deliver(mail)) === 'failed') throw new HttpError(503, resendTexts.failed);
        return reply.header('cache-control', 'no-store').send({ message: `${accountMessages.verificationSent} til ${customer.email ?? ''}` });
      },
    );

    app.post(
      '/customers/email/verify',
      {
        attachValidation: true,
        schema: {
          tags: ['customers'],
          summary:
            'Confirm the e-mail address with the token from the verification e-mail, or a new address with the token mailed to it by an e-mail change (single use, expires; 423 when the new address got an account meanwhile)',
          body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }),
          response: { 200: MessageSchema },
        },
      },
      async (request, reply) => {
        rejectInvalidSchema(request);
        const message = await db.transaction(async (tx) => {
          const token = await consumeTokenOf(tx, ['verify', 'email-change'], request.body.token);
          if (!token) throw invalid([{ field: 'token', message: accountFieldTexts.token }]);
          if (token.kind === 'verify') {
            await tx.update(customers).set({ emailVerifiedAt: new Date() }).where(eq(customers.id, token.customerId));
            await grantClubMembership(tx, token.customerId);
            return accountMessages.verified;
          }
          // Throwing rolls the token's use back with the rest: the link works again should the address come free.
          const newEmail = token.newEmail;
          if (!newEmail || (await conflictingCustomer(tx, newEmail, undefined, token.customerId))) throw new HttpError(423, authErrorTexts[423]);
          await tx.update(customers).set({ email: newEmail, emailVerifiedAt: new Date() }).where(eq(customers.id, token.customerId));
          await grantClubMembership(tx, token.customerId);
          // A verification link still out was sent to the old address: it must not confirm the new one.
          await revokeTokens(tx, token.customerId, 'verify');
          return accountMessages.emailChanged;
        }).catch((error: unknown) => {
          if (isUniqueViolation(error)) throw new HttpError(423, authErrorTexts[423]);
          throw error;
        });
        return reply.send({ message });
      },
    );

    app.post(
      '/customers/password/email',
      {
        attachValidation: true,
        schema: {
          tags: ['customers'],
          summary: 'Send a password reset link; answers the same whether the account exists or not',
          body: Type.Object({ email: Type.String({ maxLength: 254 }) }),
          response: { 200: MessageSchema },
        },
      },
      async (request, reply) => {
        rejectInvalidSchema(request);
        if (!isValidEmail(request.body.email)) throw invalid([{ field: 'email', message: accountFieldTexts.email }]);
        const email = normaliseEmail(request.body.email);
        const [customer] = await db.select().from(customers).where(eq(customers.email, email));
        // At most MAIL_LIMIT reset mails per address and window (no mail bombing), and MAILS_PER_CLIENT per client
        // whichever the address; the answer stays the same. Every request takes from the client's allowance, so
        // how far it lasts tells nothing about which addresses have accounts.
        const mailKey = `reset:${email}`;
        const clientAllowed = await takeClientAllowance(services.throttle.store, MAILS_PER_CLIENT, clientOf(request));
        const underLimit = clientAllowed && (await services.throttle.store.count(mailKey)) < MAIL_LIMIT;
        if (customer && !customer.deletedAt && underLimit) {
          await services.throttle.store.increment(mailKey);
          const mail = await db.transaction(async (tx) => {
            const token = await issueToken(tx, customer.id, 'reset');
            return services.mailer.enqueue(tx, { to: email, ...resetEmail(customer.firstName, services.publicUrl + resetPath(token, email)) });
          });
          // Not awaited: the answer must not depend on the relay, nor tell whether the account exists.
          void services.mailer.deliver(mail);
        }
        return reply.send({ message: accountMessages.resetRequested });
      },
    );

    app.post(
      '/customers/password/reset',
      {
        attachValidation: true,
        schema: {
          tags: ['customers'],
          summary: 'Set a new password with a reset token (single use, expires); logs the account out everywhere',
          body: Type.Object({
            token: Type.String({ maxLength: 200 }),
            email: Type.String({ maxLength: 254 }),
            password: Type.String({ maxLength: 200 }),
            password_confirmation: Type.String({ maxLength: 200 }),
          }),
          response: { 200: MessageSchema },
        },
      },
      async (request, reply) => {
        rejectInvalidSchema(request);
        const errors = passwordRules(request.body);
        if (errors.length) throw invalid(errors);
        const customerId = await consumeToken(db, 'reset', request.body.token);
        const [customer] = customerId ? await db.select().from(customers).where(eq(customers.id, customerId)) : [];
        if (!customer || customer.email !== normaliseEmail(request.body.email)) {
          throw invalid([{ field: 'token', message: accountFieldTexts.token }]);
        }
        const ended = await db.transaction(async (tx) => {
          await tx.update(customers).set({ passwordHash: await hashPassword(request.body.password) }).where(eq(customers.id, customer.id));
          // The owner of the mailbox takes the account back: a change of address still waiting may be an intruder's.
          await revokeTokens(tx, customer.id, 'email-change');
          return tx.delete(sessions).where(eq(sessions.customerId, customer.id)).returning({ id: sessions.id });
        });
        request.session.forgetEnded(ended.map((session) => session.id));
        // The owner proved the account is theirs: logins from new devices start afresh (the old password is gone).
        await services.throttle.forgetAccountFailures(accountOf(customer, ''));
        return reply.send({ message: accountMessages.passwordChanged });
      },
    );
  };
}

export const LOGGED_OUT_TEXT = 'Du er nå logget ut.';
