/**
 * Staff accounts, for admins (/editor/staff…): list, invite by e-mail (the link sets the password), withdraw an
 * invitation, change the role, deactivate (every session of the account ends at once) and reactivate. Accepting an
 * invitation needs no login: inviteAcceptRoutes (POST /staff-invites/accept) lives outside the editor guard.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { AcceptStaffInviteInput, StaffAccount, StaffAccountUpdate, StaffInviteInput } from '@shop/contracts/types';
import { ADMIN_ROLES, STAFF_ROLES } from '@shop/contracts/constants';
import { customers, customerTokens, sessions, staffShops } from '../../db/schema.js';
import type { DbExecutor } from '../../accounts/mail.js';
import { HttpError } from '../../server/errors.js';
import { consumeTokenOf, issueToken, revokeTokens } from '../../accounts/tokens.js';
import { hashPassword, MIN_PASSWORD_LENGTH } from '../../accounts/passwords.js';
import { publicUrlOf } from '../../accounts/services.js';
import type { QueuedMail } from '../../accounts/mail.js';
import { recordAudit } from '../../content/history.js';
import { plainText } from '../../content/sanitize.js';
import { ROLE_NAMES, STAFF_TEXTS, staffInviteEmail } from '../../content/texts.js';
import { assertSameShape, errorResponses, type SameShape } from '../shared/schema.js';
import { staffOf } from './guard.js';
import type { GuardedResponses } from './index.js';

const STAFF_ROLE_VALUES = Object.values(STAFF_ROLES) as string[];
const AssignableRole = Type.Union([Type.Literal(STAFF_ROLES.editor), Type.Literal(STAFF_ROLES.admin)]);
const StaffAccountSchema = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  name: Type.String(),
  role: Type.String(),
  active: Type.Boolean(),
  invited: Type.Boolean(),
  invited_role: Type.Union([AssignableRole, Type.Null()]),
});
const InviteSchema = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 254 }),
    first_name: Type.String({ minLength: 1, maxLength: 100 }),
    last_name: Type.String({ minLength: 1, maxLength: 100 }),
    role: AssignableRole,
  },
  { additionalProperties: false },
);
const UpdateSchema = Type.Object({ role: Type.Optional(AssignableRole), active: Type.Optional(Type.Boolean()) }, { additionalProperties: false });
const AcceptSchema = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }), password: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

assertSameShape<SameShape<Static<typeof StaffAccountSchema>, StaffAccount>>();
assertSameShape<SameShape<Static<typeof InviteSchema>, StaffInviteInput>>();
assertSameShape<SameShape<Static<typeof UpdateSchema>, StaffAccountUpdate>>();
assertSameShape<SameShape<Static<typeof AcceptSchema>, AcceptStaffInviteInput>>();

/** The invitation link's page (the editor UI's accept screen). */
export const staffInvitePath = (token: string) => `/redaksjon/invitasjon?token=${encodeURIComponent(token)}`;

type CustomerRow = typeof customers.$inferSelect;
type InvitedRole = StaffAccount['invited_role'];
const assignable = (role: string | null | undefined): InvitedRole => (role === STAFF_ROLES.editor || role === STAFF_ROLES.admin ? role : null);
const toAccount = (row: CustomerRow, invitedRole: InvitedRole): StaffAccount => ({
  id: row.id,
  email: row.email ?? '',
  name: `${row.firstName} ${row.lastName}`.trim(),
  role: row.role,
  active: row.deactivatedAt === null,
  invited: row.passwordHash === null || invitedRole !== null,
  invited_role: invitedRole,
});

/** An invitation that can still be accepted (unused, not expired). */
const openInvite = (now: Date) => and(eq(customerTokens.kind, 'staff-invite'), isNull(customerTokens.usedAt), gt(customerTokens.expiresAt, now));

/** The role each account's open invitation grants (issueToken keeps one open token per kind and account). */
async function invitedRoles(db: DbExecutor, customerIds: number[], now = new Date()): Promise<Map<number, InvitedRole>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db
    .select({ customerId: customerTokens.customerId, role: customerTokens.role })
    .from(customerTokens)
    .where(and(openInvite(now), inArray(customerTokens.customerId, customerIds)))
    .orderBy(desc(customerTokens.id));
  const roles = new Map<number, InvitedRole>();
  for (const row of rows) if (!roles.has(row.customerId)) roles.set(row.customerId, assignable(row.role));
  return roles;
}

export const staffAdminRoutes =
  ({ guardedResponses }: { guardedResponses: GuardedResponses }): FastifyPluginAsyncTypebox =>
  async (app) => {
    const db = () => app.database.db;
    const admins = { staffRoles: ADMIN_ROLES };

    app.get(
      '/editor/staff',
      { config: admins, schema: { tags: ['editor'], summary: 'Staff accounts (admins only)', response: { 200: Type.Array(StaffAccountSchema), ...guardedResponses } } },
      async () => {
        const now = new Date();
        // Staff, and the customers an admin has invited (they become staff only when they accept).
        const invitees = db().select({ id: customerTokens.customerId }).from(customerTokens).where(openInvite(now));
        const rows = await db()
          .select()
          .from(customers)
          .where(and(or(inArray(customers.role, STAFF_ROLE_VALUES), inArray(customers.id, invitees)), isNull(customers.deletedAt)))
          .orderBy(asc(customers.id));
        const roles = await invitedRoles(db(), rows.map((r) => r.id), now);
        return rows.map((row) => toAccount(row, roles.get(row.id) ?? null));
      },
    );

    app.post(
      '/editor/staff/invites',
      {
        config: admins,
        schema: {
          tags: ['editor'],
          summary: 'Invite a staff member by e-mail (admins only): the e-mail has a link to choose a password; the role applies when it is used',
          body: InviteSchema,
          response: { 201: StaffAccountSchema, ...guardedResponses },
        },
      },
      async (request, reply) => {
        const actor = staffOf(request);
        const email = request.body.email.trim().toLowerCase();
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new HttpError(400, STAFF_TEXTS.badEmail, [{ field: 'email', message: STAFF_TEXTS.badEmail }]);
        const firstName = plainText(request.body.first_name) || 'Ansatt';
        const lastName = plainText(request.body.last_name) || 'Staut';
        const role = request.body.role;
        const publicUrl = publicUrlOf();
        const { account, mail } = await db().transaction(async (tx) => {
          const [existing] = await tx.select().from(customers).where(and(eq(customers.email, email), isNull(customers.deletedAt)));
          let row: CustomerRow;
          if (existing) {
            // An existing account (a customer, or staff invited to another role) changes nothing until the link is
            // used: the invitation carries the role, so a mistyped address gives a stranger's account no access.
            row = existing;
          } else {
            // A new account has no password, so it cannot log in until the link sets one: the role grants nothing before.
            [row] = (await tx
              .insert(customers)
              .values({ firstName, lastName, email, role, passwordHash: null, permissions: ['content:edit'], termsConditions: true })
              .returning()) as [CustomerRow];
          }
          const token = await issueToken(tx, row.id, 'staff-invite', { role });
          const queued: QueuedMail = await app.mailer.enqueue(tx, { to: email, ...staffInviteEmail(ROLE_NAMES[role] ?? role, publicUrl + staffInvitePath(token)) });
          await recordAudit(tx, actor, 'staff', String(row.id), 'invite', { role, email });
          return { account: toAccount(row, role), mail: queued };
        });
        void app.mailer.deliver(mail);
        return reply.status(201).send(account);
      },
    );

    app.put(
      '/editor/staff/:id',
      {
        config: admins,
        schema: {
          tags: ['editor'],
          summary: "Change a staff member's role, deactivate (every session ends at once) or reactivate (admins only; not oneself)",
          params: IdParams,
          body: UpdateSchema,
          response: { 200: StaffAccountSchema, ...guardedResponses },
        },
      },
      async (request) => {
        const actor = staffOf(request);
        const { id } = request.params;
        // An admin cannot lock themselves out (nor leave the shop without one by accident).
        if (id === actor.id) throw new HttpError(409, STAFF_TEXTS.notSelf);
        const { role, active } = request.body;
        return db().transaction(async (tx) => {
          const [row] = await tx.select().from(customers).where(and(eq(customers.id, id), isNull(customers.deletedAt)));
          if (!row || !STAFF_ROLE_VALUES.includes(row.role)) throw new HttpError(404, STAFF_TEXTS.notFound);
          const now = new Date();
          const deactivatedAt = active === undefined ? row.deactivatedAt : active ? null : (row.deactivatedAt ?? now);
          const [updated] = await tx
            .update(customers)
            .set({ ...(role ? { role } : {}), deactivatedAt })
            .where(eq(customers.id, id))
            .returning();
          // An open invitation grants the role chosen last, not the one it was sent with.
          if (role) await tx.update(customerTokens).set({ role }).where(and(eq(customerTokens.customerId, id), openInvite(now)));
          // Shops belong to the 'shop' role only (content/staff.ts): an account moved to another role keeps none.
          if (role && role !== row.role && row.role === STAFF_ROLES.shop) await tx.delete(staffShops).where(eq(staffShops.customerId, id));
          // Deactivated: logged out everywhere now, not when the sessions expire (the guard also refuses the account),
          // and an open invitation is withdrawn (accepting it would make the account active again).
          if (active === false) {
            await tx.delete(sessions).where(eq(sessions.customerId, id));
            await revokeTokens(tx, id, 'staff-invite', now);
          }
          const action = active === false ? 'deactivate' : active === true && row.deactivatedAt ? 'reactivate' : 'update';
          await recordAudit(tx, actor, 'staff', String(id), action, { ...(role ? { role, from: row.role } : {}) }, now);
          return toAccount(updated!, (await invitedRoles(tx, [id], now)).get(id) ?? null);
        });
      },
    );

    app.delete(
      '/editor/staff/:id/invitation',
      {
        config: admins,
        schema: {
          tags: ['editor'],
          summary:
            'Withdraw an open invitation (admins only): its link stops working at once; an account the invitation created (it never had a password) is removed with it',
          params: IdParams,
          response: { 204: Type.Null(), ...guardedResponses },
        },
      },
      async (request, reply) => {
        const actor = staffOf(request);
        const { id } = request.params;
        await db().transaction(async (tx) => {
          const now = new Date();
          // The invitation's token first, as accepting it does (token, then account): an acceptance and a withdrawal
          // at the same moment wait for each other instead of deadlocking, and exactly one of them wins.
          const revoked = await tx
            .update(customerTokens)
            .set({ usedAt: now })
            .where(and(eq(customerTokens.customerId, id), openInvite(now)))
            .returning({ id: customerTokens.id });
          const [row] = await tx.select().from(customers).where(and(eq(customers.id, id), isNull(customers.deletedAt)));
          if (!row) throw new HttpError(404, STAFF_TEXTS.notFound);
          if (revoked.length === 0) throw new HttpError(409, STAFF_TEXTS.noOpenInvite);
          // An account the invitation made has never been used (no password: it could not log in); it goes, so the
          // address is free to be invited again or to register as a customer. A customer's own account stays as it was.
          const created = row.passwordHash === null;
          if (created) await tx.delete(customers).where(eq(customers.id, id));
          await recordAudit(tx, actor, 'staff', String(id), 'withdraw-invite', { email: row.email, ...(created ? { removed: true } : {}) }, now);
        });
        return reply.status(204).send(null);
      },
    );
  };

/** POST /staff-invites/accept: no login needed — the token from the e-mail is the proof. */
export const inviteAcceptRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/staff-invites/accept',
    {
      schema: {
        tags: ['editor'],
        summary: 'Accept a staff invitation: sets the password (the token is single-use and expires after 7 days)',
        body: AcceptSchema,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { token, password } = request.body;
      if (password.length < MIN_PASSWORD_LENGTH) {
        const message = STAFF_TEXTS.shortPassword(MIN_PASSWORD_LENGTH);
        throw new HttpError(400, message, [{ field: 'password', message }]);
      }
      const passwordHash = await hashPassword(password);
      await app.database.db.transaction(async (tx) => {
        const invite = await consumeTokenOf(tx, ['staff-invite'], token);
        if (!invite) throw new HttpError(400, STAFF_TEXTS.inviteInvalid, [{ field: 'token', message: STAFF_TEXTS.inviteInvalid }]);
        const [before] = await tx.select({ role: customers.role }).from(customers).where(eq(customers.id, invite.customerId));
        // The role applies now, with the password: the invitation is the admin's word, the link the invitee's answer.
        // Tokens issued before invitations carried a role keep the account's role.
        const role = assignable(invite.role);
        await tx
          .update(customers)
          .set({ passwordHash, emailVerifiedAt: new Date(), deactivatedAt: null, ...(role ? { role, permissions: ['content:edit'] } : {}) })
          .where(eq(customers.id, invite.customerId));
        // Shops belong to the 'shop' role only: shop staff invited to the workspace keep none.
        if (role && before?.role === STAFF_ROLES.shop) await tx.delete(staffShops).where(eq(staffShops.customerId, invite.customerId));
      });
      return reply.status(204).send(null);
    },
  );
};
