/**
 * What the customer routes need besides the database, built once per app from the environment:
 * REDIS_URL (shared login throttling), SMTP_URL (e-mail delivery), PUBLIC_URL (links in e-mails; default
 * http://localhost:8080), NODE_ENV=production (the device cookie is Secure, like the session cookie).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, isNull, or } from 'drizzle-orm';
import { customers } from '../db/schema.js';
import type { Db } from '../db/index.js';
import { createLoginThrottle, type LoginThrottle } from './throttle.js';
import { Mailer, type DbExecutor } from './mail.js';

export interface AccountServices {
  throttle: LoginThrottle;
  mailer: Mailer;
  publicUrl: string;
  /** Cookies the account routes set (the login device cookie) are Secure. */
  secureCookies: boolean;
}

/** How often ended login counters are removed from the database (Redis keys expire on their own). */
const PURGE_EVERY_MS = 60 * 60 * 1000;

export function createAccountServices(app: FastifyInstance, env: NodeJS.ProcessEnv = process.env): AccountServices {
  const db = app.database.db;
  const throttle = createLoginThrottle(db, env.REDIS_URL || undefined);
  // One mailer per app (routes/index.ts decorates it: the workspace and the payments write order mail too).
  const mailer = app.hasDecorator('mailer') ? app.mailer : new Mailer(db, app.log, env.SMTP_URL || undefined);
  const purge = setInterval(() => {
    throttle.purge().catch((error: unknown) => app.log.warn({ err: error }, 'could not purge ended login counters'));
  }, PURGE_EVERY_MS);
  purge.unref();
  app.addHook('onClose', async () => {
    clearInterval(purge);
    await mailer.drain();
    await throttle.store.close();
  });
  return {
    throttle,
    mailer,
    publicUrl: publicUrlOf(env),
    secureCookies: env.NODE_ENV === 'production',
  };
}

/** Where links in e-mails point (PUBLIC_URL, default http://localhost:8080), without a trailing slash. */
export const publicUrlOf = (env: NodeJS.ProcessEnv = process.env) => (env.PUBLIC_URL || 'http://localhost:8080').replace(/\/$/, '');

export type CustomerRow = typeof customers.$inferSelect;

/** The logged-in customer of this request's session, or null. */
export async function sessionCustomer(db: Db, request: FastifyRequest): Promise<CustomerRow | null> {
  const session = await request.session.get();
  if (!session?.customerId) return null;
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, session.customerId), isNull(customers.deletedAt)));
  return row ?? null;
}

/** Another live account that already uses this e-mail or phone (423). */
export async function conflictingCustomer(
  db: DbExecutor,
  email: string | undefined,
  phone: string | undefined,
  exceptId?: number,
): Promise<boolean> {
  const conditions = [email ? eq(customers.email, email) : undefined, phone ? eq(customers.phone, phone) : undefined].filter(
    (c) => c !== undefined,
  );
  if (conditions.length === 0) return false;
  const rows = await db.select({ id: customers.id }).from(customers).where(or(...conditions));
  return rows.some((r) => r.id !== exceptId);
}

/** A unique-index violation (PostgreSQL 23505), as pg reports it directly or wrapped by drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
