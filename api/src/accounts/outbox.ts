/**
 * The e-mail outbox worker: re-delivers order e-mails (confirmation, ready for pickup, shipped, refunded, cancelled,
 * not collected) whose first delivery, right after the commit (Mailer.deliver), failed — a relay outage must not
 * cost the shopper the "ready for pickup" mail and then, at the pickup deadline, the reservation.
 *
 * Which rows: `retry_until` set (Mailer.enqueue with `retryable`), not sent, not failed, `next_attempt_at` passed, no
 * live lease. Rows without `retry_until` (verification and password-reset links) are never retried: a late copy
 * would arrive after the link was replaced; the shopper asks again.
 *
 * Several API processes share one PostgreSQL and each runs this worker: a row is claimed with
 * `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`) written in the same short transaction, so two processes never
 * send one row at the same time, and a row whose process died mid-send is taken again once the lease ran out. The
 * lease outlasts the longest SMTP dialogue the client allows (mail.ts SMTP_TIMEOUTS), so a slow but live send is
 * never taken over.
 *
 * At-least-once, not exactly-once: the row is marked sent only after the relay answered 250 to the end of DATA. If
 * the process dies between that 250 and the update (or the update fails), the row is sent again after the lease —
 * one duplicate is possible; SMTP has no idempotency key to prevent it. An outage (relay down, 4xx, timeouts) never
 * duplicates: nothing was accepted, so the mail arrives once when the relay is back.
 *
 * Giving up: a 5xx refusal of the sender, recipient or message (mail.ts SmtpError.permanent), or `retry_until`
 * passed, sets `failed_at` and logs an error with the outbox id; the row stays for an operator.
 *
 *   MAIL_OUTBOX_SECONDS   how often each process looks for due rows (default 30; 0 = never, tests run it by hand)
 *   MAIL_RETRY_HOURS      how long order e-mails are retried (default 72)
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { emailOutbox } from '../db/schema.js';
import type { Mailer } from './mail.js';

export type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * Order e-mails are retried for 72 hours: long enough to outlast a relay outage over a weekend, short enough that a
 * mail still means what it says (a "ready for pickup" that arrives after the pickup window closed only confuses;
 * pickup windows are a few days). Past it the row is marked failed for an operator.
 */
export const ORDER_MAIL_RETRY_MS = 72 * 60 * 60 * 1000;

/** MAIL_RETRY_HOURS (default 72): how long an order e-mail is retried. */
export function mailRetryWindowMs(env: NodeJS.ProcessEnv = process.env): number {
  const hours = Number(env.MAIL_RETRY_HOURS);
  return env.MAIL_RETRY_HOURS && Number.isFinite(hours) && hours > 0 ? hours * 60 * 60 * 1000 : ORDER_MAIL_RETRY_MS;
}

/** MAIL_OUTBOX_SECONDS (default 30; 0 = never): how often each process runs the worker. */
export function outboxSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.MAIL_OUTBOX_SECONDS ?? 30);
  return Number.isFinite(n) && n >= 0 ? n : 30;
}

/** Wait before retry n+1 after n attempts: 30 s, 1, 2, 4, 8 min, then every 15 min. */
export const mailBackoffMs = (attempts: number) => Math.min(15 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));

/**
 * A retryable row's first attempt belongs to Mailer.deliver right after the commit; the worker leaves it alone this
 * long (it takes it only if that process died before delivering).
 */
export const FIRST_ATTEMPT_GRACE_MS = 30_000;

const leaseInterval = (ms: number) => sql`${`${Math.ceil(ms)} milliseconds`}::interval`;

/**
 * Claims one row for delivery: with `id`, that row (Mailer.deliver: the first attempt, whether due or not); without,
 * the next due retryable row. Null when there is none (sent, failed, leased by another process, or rolled back).
 */
export async function claimMail(db: Db, leaseMs: number, id?: number): Promise<OutboxRow | null> {
  return db.transaction(async (tx) => {
    const open = sql`${emailOutbox.sentAt} is null and ${emailOutbox.failedAt} is null and (${emailOutbox.lockedUntil} is null or ${emailOutbox.lockedUntil} <= now())`;
    const which =
      id === undefined
        ? sql`${open} and ${emailOutbox.retryUntil} > now() and ${emailOutbox.nextAttemptAt} <= now()`
        : sql`${open} and ${emailOutbox.id} = ${id}`;
    const [row] = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(which)
      .orderBy(emailOutbox.nextAttemptAt, emailOutbox.id)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return null;
    const [claimed] = await tx
      .update(emailOutbox)
      .set({ lockedUntil: sql`now() + ${leaseInterval(leaseMs)}`, attempts: sql`${emailOutbox.attempts} + 1` })
      .where(sql`${emailOutbox.id} = ${row.id}`)
      .returning();
    return claimed ?? null;
  });
}

/** Marks rows whose retry window ended (and that nobody holds) failed; returns them for the log. */
export async function failExpiredMail(db: Db): Promise<OutboxRow[]> {
  return db
    .update(emailOutbox)
    .set({ failedAt: sql`now()`, lockedUntil: null, lastError: sql`coalesce(${emailOutbox.lastError} || '; ', '') || 'retry window ended'` })
    .where(
      sql`${emailOutbox.sentAt} is null and ${emailOutbox.failedAt} is null and ${emailOutbox.retryUntil} <= now() and (${emailOutbox.lockedUntil} is null or ${emailOutbox.lockedUntil} <= now())`,
    )
    .returning();
}

/** One pass: gives up on expired rows, then delivers due ones (up to `limit`) one at a time. Returns how many were tried. */
export async function runDueMail(mailer: Mailer, log: FastifyBaseLogger, limit = 50): Promise<number> {
  if (!mailer.deliversMail) return 0;
  for (const row of await failExpiredMail(mailer.db)) {
    log.error(
      { outboxId: row.id, to: row.to, subject: row.subject, attempts: row.attempts, lastError: row.lastError },
      'e-mail not delivered within its retry window; given up (failed_at set in email_outbox)',
    );
  }
  let tried = 0;
  while (tried < limit) {
    const row = await claimMail(mailer.db, mailer.leaseMs);
    if (!row) break;
    await mailer.deliverClaimed(row);
    tried++;
  }
  return tried;
}

export interface OutboxWorker {
  /** One pass now (waits for a pass already under way first). */
  runNow(): Promise<number>;
  /** Stops the timer and waits for the pass under way. */
  stop(): Promise<void>;
}

/**
 * Runs the worker every `seconds` (0: only by hand) in this process. Passes never overlap within a process; across
 * processes the claim keeps them apart.
 */
const workers = new WeakMap<Mailer, OutboxWorker>();
/** The worker started for a mailer (tests and tools reach the app's one through `app.mailer`). */
export const outboxWorkerOf = (mailer: Mailer): OutboxWorker | undefined => workers.get(mailer);

export function startOutboxWorker(mailer: Mailer, log: FastifyBaseLogger, seconds: number): OutboxWorker {
  let current: Promise<number> | null = null;
  let stopped = false;
  const pass = (): Promise<number> => {
    if (current) return current;
    current = runDueMail(mailer, log)
      .catch((error: unknown) => {
        log.error({ err: error }, 'e-mail outbox worker pass failed');
        return 0;
      })
      .finally(() => (current = null));
    return current;
  };
  const timer =
    seconds > 0 && mailer.deliversMail
      ? setInterval(() => {
          if (!stopped && !current) void pass();
        }, seconds * 1000)
      : null;
  timer?.unref();
  const worker: OutboxWorker = {
    async runNow() {
      if (current) await current;
      return pass();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (current) await current;
    },
  };
  workers.set(mailer, worker);
  return worker;
}
