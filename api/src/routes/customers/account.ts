/**
 * PUT/DELETE /customers/{id} and the member code. Ownership: {id} must be the session's customer — nobody logged
 * in is 404, another customer's id is 401 ("En annen bruker er logget inn", SPEC §8).
 *
 * The session proves who is at the keyboard, not who owns the account: changing the e-mail or the password also
 * needs the current password (accounts/reauth.ts), and a refused request changes nothing of what it carried. A new
 * password ends every session of the account (this one continues on a new id); a new e-mail waits for the link
 * mailed to it (POST /customers/email/verify) while the old address is told.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import { accountTexts, authErrorTexts } from '@shop/contracts/texts/forms';
import type { RawCustomerCode } from '@shop/contracts/types';
import { customers, customerTokens, reservations, reviews, sessions } from '../../db/schema.js';
import { HttpError } from '../../server/errors.js';
import { CSRF_HEADER } from '../../server/session.js';
import { hashPassword } from '../../accounts/passwords.js';
import { nationalPhone, normaliseEmail, updateErrors } from '../../accounts/validation.js';
import { conflictingCustomer, isUniqueViolation, sessionCustomer, type AccountServices, type CustomerRow } from '../../accounts/services.js';
import { clubTexts, grantClubMembership, joinRefusal, recordClubConsent, leaveClub } from '../../accounts/club.js';
import { memberCodeSvg } from '../../accounts/qr.js';
import type { QueuedMail } from '../../accounts/mail.js';
import { issueToken, revokeTokens } from '../../accounts/tokens.js';
import { emailChangeEmail, emailChangeNotice, passwordChangedEmail, verifyPath } from '../../accounts/emails.js';
import { PreferencesSchema, preferencesErrors } from '../../accounts/preferences.js';
import { checkCurrentPassword, missingCurrentPassword, needsCurrentPassword, sensitiveChange } from '../../accounts/reauth.js';
import { assertSameShape, DbId, MessageSchema, type SameShape } from '../shared/schema.js';
import { RawCustomerSchema, toRawCustomer } from './raw.js';
import { accountMessages, asBool, Flag01, invalid, logIn, MAIL_LIMIT, rejectInvalidSchema, tooManyLogins } from './auth.js';


const UpdateBody = Type.Object({
  first_name: Type.Optional(Type.String({ maxLength: 100 })),
  last_name: Type.Optional(Type.String({ maxLength: 100 })),
  phone: Type.Optional(Type.String({ maxLength: 20 })),
  email: Type.Optional(Type.String({ maxLength: 254 })),
  birth_date: Type.Optional(Type.String({ maxLength: 10 })),
  gender_id: Type.Optional(DbId()),
  address: Type.Optional(Type.String({ maxLength: 200 })),
  postal_code: Type.Optional(Type.String({ pattern: '^\\d{4}$' })),
  city: Type.Optional(Type.String({ maxLength: 100 })),
  password: Type.Optional(Type.String({ maxLength: 200 })),
  password_confirmation: Type.Optional(Type.String({ maxLength: 200 })),
  current_password: Type.Optional(Type.String({ maxLength: 200, description: 'Needed when email changes or password is sent' })),
  terms_conditions: Type.Optional(Flag01),
  preferences: Type.Optional(PreferencesSchema),
  club: Type.Optional(Flag01),
  marketing: Type.Optional(Flag01),
  newsletter: Type.Optional(Flag01),
  event_invite: Type.Optional(Flag01),
  birthday_gift: Type.Optional(Flag01),
  cookies: Type.Optional(Flag01),
  cookie_default: Type.Optional(Flag01),
  cookie_ga: Type.Optional(Flag01),
  cookie_google_tag_manager: Type.Optional(Flag01),
  cookie_meta_pixel: Type.Optional(Flag01),
});

const CodeSchema = Type.Object({ code: Type.String(), svg: Type.String() });
assertSameShape<SameShape<Static<typeof CodeSchema>, RawCustomerCode>>();

export const notMemberText = 'Du er ikke medlem av kundeklubben.';
export const deletedText = 'Kontoen din er slettet.';
export const deletedCustomerName = 'Slettet kunde';

const FLAG_COLUMNS = {
  marketing: 'marketing',
  newsletter: 'newsletter',
  event_invite: 'eventInvite',
  birthday_gift: 'birthdayGift',
  cookie_default: 'cookieDefault',
  cookie_ga: 'cookieGa',
  cookie_google_tag_manager: 'cookieGoogleTagManager',
  cookie_meta_pixel: 'cookieMetaPixel',
} as const;

/** The columns a PUT sets besides the e-mail and the password (those two need the current password). */
function profileChanges(body: Static<typeof UpdateBody>, customer: CustomerRow, phone: string | undefined): Partial<typeof customers.$inferInsert> {
  const set: Partial<typeof customers.$inferInsert> = {};
  if (body.first_name !== undefined) set.firstName = body.first_name.trim();
  if (body.last_name !== undefined) set.lastName = body.last_name.trim();
  if (phone !== undefined) set.phone = phone;
  if (body.birth_date !== undefined) set.birthDate = body.birth_date || null;
  if (body.gender_id !== undefined) set.genderId = body.gender_id;
  if (body.address !== undefined) set.address = body.address.trim() || null;
  if (body.postal_code !== undefined) set.postalCode = body.postal_code;
  if (body.city !== undefined) set.city = body.city.trim() || null;
  if (body.terms_conditions !== undefined && asBool(body.terms_conditions)) set.termsConditions = true;
  if (body.preferences !== undefined) set.preferences = body.preferences;
  for (const [field, column] of Object.entries(FLAG_COLUMNS)) {
    const value = body[field as keyof typeof FLAG_COLUMNS];
    if (value !== undefined) set[column] = asBool(value);
  }
  // "cookies" is the legacy name of the default-cookie answer (see toRawCustomer).
  if (body.cookies !== undefined && body.cookie_default === undefined) set.cookieDefault = asBool(body.cookies);
  // Leaving the club is the customer's own choice; joining is not a field (accounts/club.ts).
  if (body.club !== undefined && !asBool(body.club)) Object.assign(set, leaveClub);
  return set;
}

export function accountRoutes(services: AccountServices): FastifyPluginAsyncTypebox {
  return async (app) => {
    const db = app.database.db;

    /** The session's customer when it owns {id}; else 404 (nobody) or 401 (somebody else). */
    async function owner(request: FastifyRequest, id: number): Promise<CustomerRow> {
      const customer = await sessionCustomer(db, request);
      if (!customer) throw new HttpError(404, authErrorTexts[404]);
      if (customer.id !== id) throw new HttpError(401, accountTexts.otherUserLoggedIn);
      return customer;
    }

    app.put(
      '/customers/:id',
      {
        attachValidation: true,
        schema: {
          tags: ['customers'],
          summary:
            "Update the logged-in customer's own account (fields left out are unchanged). Changing email or password needs current_password; a password change logs out every other session; a new email takes effect once confirmed through the link mailed to it (the old address gets a notice)",
          params: Type.Object({ id: DbId() }),
          body: UpdateBody,
          response: { 200: RawCustomerSchema },
        },
      },
      async (request, reply) => {
        const customer = await owner(request, Number((request.params as { id: unknown }).id));
        rejectInvalidSchema(request);
        const body = request.body;
        const email = body.email !== undefined ? normaliseEmail(body.email) : undefined;
        const change = sensitiveChange(customer, email, body.password);
        const missing = needsCurrentPassword(change) ? missingCurrentPassword(body.current_password) : null;
        const joining = body.club !== undefined && asBool(body.club) && !customer.club ? [{ field: 'club', message: clubTexts.joinSeparately }] : [];
        const errors = [...updateErrors(body), ...preferencesErrors(body.preferences), ...joining, ...(missing ? [missing] : [])];
        if (errors.length) throw invalid(errors);
        if (needsCurrentPassword(change)) {
          const verdict = await checkCurrentPassword(services, request, customer, body.current_password!);
          if (verdict.waitMs > 0) throw tooManyLogins(reply, verdict.waitMs);
          if (verdict.error) throw invalid([verdict.error]);
        }
        const phone = body.phone !== undefined ? nationalPhone(body.phone)! : undefined;
        if (await conflictingCustomer(db, change.newEmail ?? undefined, phone, customer.id)) throw new HttpError(423, authErrorTexts[423]);
        const emailChangeKey = `email-change:${customer.id}`;
        if (change.newEmail) {
          // Each request mails two addresses: bounded like the other mails a customer can trigger.
          if ((await services.throttle.store.count(emailChangeKey)) >= MAIL_LIMIT) throw new HttpError(429, accountMessages.tooManyMails);
        }

        const set = profileChanges(body, customer, phone);
        if (change.password) set.passwordHash = await hashPassword(body.password!);
        let updated = customer;
        let mails: QueuedMail[] = [];
        let ended: string[] = [];
        if (Object.keys(set).length > 0 || change.newEmail) {
          if (change.newEmail) await services.throttle.store.increment(emailChangeKey);
          try {
            // The change, the sessions it ends and the mails about it are written together (mails sent after the commit).
            ({ updated, mails, ended } = await db.transaction(async (tx) => {
              // The row is locked first, so two requests at once cannot both leave a valid e-mail-change link.
              await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customer.id)).for('update');
              const [row] = Object.keys(set).length
                ? ((await tx.update(customers).set(set).where(eq(customers.id, customer.id)).returning()) as [CustomerRow])
                : [customer];
              const queued: QueuedMail[] = [];
              let endedIds: string[] = [];
              if (change.password) {
                // Every session of the account ends, this one too: the request's session gets a new id below.
                endedIds = (await tx.delete(sessions).where(eq(sessions.customerId, customer.id)).returning({ id: sessions.id })).map((r) => r.id);
                // A change of address still waiting may be an intruder's: the new password cancels it.
                await revokeTokens(tx, customer.id, 'email-change');
                if (row.email) queued.push(await services.mailer.enqueue(tx, { to: row.email, ...passwordChangedEmail(row.firstName) }));
              }
              if (change.newEmail) {
                const token = await issueToken(tx, row.id, 'email-change', { newEmail: change.newEmail });
                const link = services.publicUrl + verifyPath(token);
                queued.push(await services.mailer.enqueue(tx, { to: change.newEmail, ...emailChangeEmail(row.firstName, change.newEmail, link) }));
                if (row.email) queued.push(await services.mailer.enqueue(tx, { to: row.email, ...emailChangeNotice(row.firstName, change.newEmail) }));
              }
              return { updated: row, mails: queued, ended: endedIds };
            }));
          } catch (error) {
            if (isUniqueViolation(error)) throw new HttpError(423, authErrorTexts[423]);
            throw error;
          }
        }
        if (change.password) {
          request.session.forgetEnded(ended);
          await logIn(request, reply, customer.id);
        }
        for (const mail of mails) void services.mailer.deliver(mail);
        return reply.header('cache-control', 'no-store').send(toRawCustomer(updated));
      },
    );

    app.delete(
      '/customers/:id',
      {
        schema: {
          tags: ['customers'],
          summary: 'Delete the own account: personal data is removed, orders stay (anonymised); logs out',
          params: Type.Object({ id: DbId() }),
          response: { 200: MessageSchema },
        },
      },
      async (request, reply) => {
        const customer = await owner(request, request.params.id);
        // A fresh anonymous session first, so the page keeps a valid one once the customer's sessions are gone.
        await request.session.rotate();
        const fresh = await request.session.setCustomer(null);
        reply.header(CSRF_HEADER, fresh.csrfToken);
        await db.transaction(async (tx) => {
          // Reservations and reviews keep what the shop needs (lines, totals, ratings), not who the person was.
          await tx
            .update(reservations)
            .set({ name: deletedCustomerName, email: '', phone: '', address: null, city: null, zipcode: null, customerId: null })
            .where(eq(reservations.customerId, customer.id));
          await tx.update(reviews).set({ customerId: null, customerName: null, anonymous: true }).where(eq(reviews.customerId, customer.id));
          await tx.delete(customerTokens).where(eq(customerTokens.customerId, customer.id));
          // Orders reference the customer with ON DELETE SET NULL, sessions with CASCADE: removing the row does both.
          await tx.delete(customers).where(eq(customers.id, customer.id));
        });
        return reply.header('cache-control', 'no-store').send({ message: deletedText });
      },
    );

    app.post(
      '/customers/current/club',
      {
        attachValidation: true,
        schema: {
          tags: ['customers'],
          summary:
            'Join the customer club: consent (1) accepts its terms; the member needs a verified e-mail (else 422, nothing recorded). 401 without a user; a member joining again changes nothing',
          body: Type.Object({ consent: Flag01 }),
          response: { 200: RawCustomerSchema },
        },
      },
      async (request, reply) => {
        const customer = await sessionCustomer(db, request);
        if (!customer) throw new HttpError(401, authErrorTexts[404]);
        rejectInvalidSchema(request);
        if (customer.club) return reply.header('cache-control', 'no-store').send(toRawCustomer(customer));
        const refusal = joinRefusal(customer, asBool(request.body.consent));
        if (refusal) throw invalid([{ field: refusal === 'consentRequired' ? 'consent' : 'club', message: clubTexts[refusal] }]);
        const updated = await db.transaction(async (tx) => {
          await recordClubConsent(tx, customer.id, new Date());
          await grantClubMembership(tx, customer.id);
          return (await tx.select().from(customers).where(eq(customers.id, customer.id)))[0]!;
        });
        return reply.header('cache-control', 'no-store').send(toRawCustomer(updated));
      },
    );

    app.get(
      '/customers/current/code',
      {
        schema: {
          tags: ['customers'],
          summary: "The logged-in club member's code and its QR code (SVG); 401 without a user, 403 for non-members",
          response: { 200: CodeSchema },
        },
      },
      async (request, reply) => {
        const customer = await sessionCustomer(db, request);
        if (!customer) throw new HttpError(401, authErrorTexts[404]);
        if (!customer.club || !customer.memberCode) throw new HttpError(403, notMemberText);
        return reply.header('cache-control', 'no-store').send({ code: customer.memberCode, svg: memberCodeSvg(customer.memberCode) });
      },
    );
  };
}
