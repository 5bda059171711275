/**
 * Staff accounts, for admins (/editor/staff…): list, invite by e-mail (the link sets the password), change the role,
 * deactivate (every session of the account ends at once) and reactivate. Accepting an invitation needs no login:
 * inviteAcceptRoutes (POST /staff-invites/accept) lives outside the editor guard.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { AcceptStaffInviteInput, StaffAccount, StaffAccountUpdate, StaffInviteInput } from '@shop/contracts/types';
import { ADMIN_ROLES, STAFF_ROLES } from '@shop/contracts/constants';
import { customers, sessions, staffShops } from '../../db/schema.js';
import { HttpError } from '../../server/errors.js';
import { consumeTokenOf, issueToken } from '../../accounts/tokens.js';
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
const toAccount = (row: CustomerRow): StaffAccount => ({
  id: row.id,
  email: row.email ?? '',
  name: `${row.firstName} ${row.lastName}`.trim(),
  role: row.role,
  active: row.deactivatedAt === null,
  invited: row.passwordHash === null,
});

export const staffAdminRoutes =
  ({ guardedResponses }: { guardedResponses: GuardedResponses }): FastifyPluginAsyncTypebox =>
  async (app) => {
    const db = () => app.database.db;
    const admins = { staffRoles: ADMIN_ROLES };

    app.get(
      '/editor/staff',
      { config: admins, schema: { tags: ['editor'], summary: 'Staff accounts (admins only)', response: { 200: Type.Array(StaffAccountSchema), ...guardedResponses } } },
      async () => {
        const staffRoles = STAFF_ROLE_VALUES;
        const rows = await db().select().from(customers).where(and(inArray(customers.role, staffRoles), isNull(customers.deletedAt))).orderBy(asc(customers.id));
        return rows.map(toAccount);
      },
    );

    app.post(
      '/editor/staff/invites',
      {
        config: admins,
        schema: {
          tags: ['editor'],
          summary: 'Invite a staff member by e-mail (admins only): the account gets the role, the e-mail a link to choose a password',
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
            // Whoever reads this mailbox could reset the password anyway: the link is the same proof.
            [row] = (await tx.update(customers).set({ role, deactivatedAt: null }).where(eq(customers.id, existing.id)).returning()) as [CustomerRow];
          } else {
            [row] = (await tx
              .insert(customers)
              .values({ firstName, lastName, email, role, passwordHash: null, permissions: ['content:edit'], termsConditions: true })
              .returning()) as [CustomerRow];
          }
          const token = await issueToken(tx, row.id, 'staff-invite');
          const queued: QueuedMail = await app.mailer.enqueue(tx, { to: email, ...staffInviteEmail(ROLE_NAMES[role] ?? role, publicUrl + staffInvitePath(token)) });
          await recordAudit(tx, actor, 'staff', String(row.id), 'invite', { role, email });
          return { account: toAccount(row), mail: queued };
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
          // Shops belong to the 'shop' role only (content/staff.ts): an account moved to another role keeps none.
          if (role && role !== row.role && row.role === STAFF_ROLES.shop) await tx.delete(staffShops).where(eq(staffShops.customerId, id));
          // Deactivated: logged out everywhere now, not when the sessions expire (the guard also refuses the account).
          if (active === false) await tx.delete(sessions).where(eq(sessions.customerId, id));
          const action = active === false ? 'deactivate' : active === true && row.deactivatedAt ? 'reactivate' : 'update';
          await recordAudit(tx, actor, 'staff', String(id), action, { ...(role ? { role, from: row.role } : {}) }, now);
          return toAccount(updated!);
        });
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
        const customerId = (await consumeTokenOf(tx, ['staff-invite'], token))?.customerId ?? null;
        if (customerId === null) throw new HttpError(400, STAFF_TEXTS.inviteInvalid, [{ field: 'token', message: STAFF_TEXTS.inviteInvalid }]);
        await tx.update(customers).set({ passwordHash, emailVerifiedAt: new Date() }).where(eq(customers.id, customerId));
      });
      return reply.status(204).send(null);
    },
  );
};
