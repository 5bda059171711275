/**
 * Outgoing e-mail (verification, password reset, staff invitations, order e-mails). Every message is first written
 * to email_outbox — inside the caller's transaction, so a message exists exactly when what it is about (a new
 * account, a reset token, an order status) was committed. When SMTP_URL is set it is then delivered over SMTP, after
 * the commit, and marked sent (sent_at) once the relay accepted it.
 *
 * Delivery failure (relay down, refused, timed out) never fails the request that wrote the message: it is logged
 * with the outbox id. What happens next depends on the row:
 * - an order e-mail (enqueued `retryable`, fulfilment/mail.ts) has `retry_until` (72 h, outbox.ts): the row stays
 *   unsent with `attempts`, `last_error` and `next_attempt_at` (backoff), and the outbox worker (outbox.ts) delivers
 *   it when the relay is back;
 * - a verification or reset link (retry_until null) is never re-sent automatically — a later copy of an old link
 *   would arrive after the link was replaced; the row gets `failed_at` and the shopper can ask for the e-mail again
 *   ("Send e-posten på nytt", which issues a fresh link).
 * A 5xx refusal of the sender, the recipient or the message is final for every row (failed_at).
 *
 * Both the first attempt and the worker claim the row with a lease (locked_until, outbox.ts claimMail), so the worker
 * of another API process never sends a row that this one is sending.
 *
 * The SMTP client is deliberately minimal (plain SMTP, no STARTTLS/AUTH, no SMTPUTF8): point SMTP_URL at a local relay
 * (smtp://host:port) that handles TLS and authentication. It still sends what relays require of a message: Date,
 * Message-ID, EHLO with the shop's host name (SMTP_HELO, else PUBLIC_URL's host), and 8-bit text only to a relay that
 * advertises 8BITMIME (else quoted-printable); an HTML mail goes as multipart/alternative (mime.ts). Addresses must be
 * ASCII (the forms refuse others: @shop/contracts/validation emailProblem).
 */
import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import type { Db } from '../db/index.js';
import type * as schema from '../db/schema.js';
import { emailOutbox } from '../db/schema.js';
import { buildMessage, dotStuff } from './mime.js';
import { claimMail, FIRST_ATTEMPT_GRACE_MS, mailBackoffMs, mailRetryWindowMs, ORDER_MAIL_RETRY_MS, type OutboxRow } from './outbox.js';

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
  /** The HTML alternative (multipart/alternative with `body` as the text part); stored in email_outbox.html. */
  html?: string | null;
  /**
   * Retried by the outbox worker until the Mailer's retry window (MAIL_RETRY_HOURS, 72 h) ends: order e-mails
   * (fulfilment/mail.ts orderMail). Never for a message carrying a link that a newer one replaces.
   */
  retryable?: boolean;
}

/** A message written to email_outbox. */
export interface QueuedMail extends MailMessage {
  outboxId: number;
}

export interface EnqueueOptions {
  /** Retry delivery this long (outbox worker); default: the message's `retryable` → the Mailer's window, else never. */
  retryForMs?: number | null;
}

/** The database or a transaction of it: what writes an outbox row together with the rows the mail is about. */
export type DbExecutor = PgDatabase<NodePgQueryResultHKT, typeof schema>;

/**
 * sent: delivered over SMTP (now or before); outbox: no SMTP_URL, the outbox is where mail ends; retrying: this
 * attempt failed, the outbox worker tries again; failed: given up (failed_at); taken: another worker holds the row.
 */
export type DeliveryResult = 'sent' | 'outbox' | 'retrying' | 'failed' | 'taken';

export type SmtpSender = (url: string, from: string, message: MailMessage) => Promise<void>;

export const MAIL_FROM = 'kundeservice@staut.no';

export interface MailerOptions {
  /** How long a `retryable` message is retried (default MAIL_RETRY_HOURS / 72 h). */
  retryWindowMs?: number;
  /** The lease on a row while it is being sent (default: outlasts the longest SMTP dialogue, OUTBOX_LEASE_MS). */
  leaseMs?: number;
}

export class Mailer {
  private readonly inFlight = new Set<Promise<DeliveryResult>>();
  readonly retryWindowMs: number;
  readonly leaseMs: number;

  constructor(
    readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly smtpUrl?: string,
    private readonly sender: SmtpSender = sendSmtp,
    options: MailerOptions = {},
  ) {
    this.retryWindowMs = options.retryWindowMs ?? ORDER_MAIL_RETRY_MS;
    this.leaseMs = options.leaseMs ?? OUTBOX_LEASE_MS;
  }

  /** Whether mail leaves the outbox at all (SMTP_URL set). */
  get deliversMail(): boolean {
    return Boolean(this.smtpUrl);
  }

  /** Writes the message to email_outbox through `executor` (pass the transaction that creates what it is about). */
  async enqueue(executor: DbExecutor, message: MailMessage, options: EnqueueOptions = {}): Promise<QueuedMail> {
    const retryForMs = options.retryForMs !== undefined ? options.retryForMs : message.retryable ? this.retryWindowMs : null;
    const retrying = retryForMs !== null && retryForMs > 0;
    const [row] = await executor
      .insert(emailOutbox)
      .values({
        to: message.to,
        subject: message.subject,
        body: message.body,
        html: message.html ?? null,
        retryUntil: retrying ? sql`now() + ${`${Math.ceil(retryForMs)} milliseconds`}::interval` : null,
        // The first attempt is Mailer.deliver's, right after the commit; the worker waits so as not to race it.
        nextAttemptAt: sql`now() + ${`${FIRST_ATTEMPT_GRACE_MS} milliseconds`}::interval`,
      })
      .returning({ id: emailOutbox.id });
    if (!row) throw new Error('email_outbox insert returned no row');
    this.log.info({ outboxId: row.id, to: message.to, subject: message.subject, retryable: retrying }, 'e-mail queued in email_outbox');
    return { ...message, outboxId: row.id };
  }

  /**
   * Delivers a queued message over SMTP (when SMTP_URL is set) and marks it sent. Call after the transaction that
   * wrote it has committed. Never rejects: a failure is logged, and the row is left for the worker or marked failed.
   */
  deliver(mail: QueuedMail): Promise<DeliveryResult> {
    if (!this.smtpUrl) return Promise.resolve('outbox');
    return this.track(this.deliverById(mail.outboxId));
  }

  /** Writes the message to the outbox on its own and starts delivery without waiting for it. */
  async send(message: MailMessage): Promise<QueuedMail> {
    const mail = await this.enqueue(this.db, message);
    void this.deliver(mail);
    return mail;
  }

  /** Waits for deliveries under way (app shutdown: they still mark their rows sent). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  /** Sends a row this process has claimed (outbox.ts claimMail) and records the outcome; never rejects. */
  deliverClaimed(row: OutboxRow): Promise<DeliveryResult> {
    if (!this.smtpUrl) return Promise.resolve('outbox');
    return this.track(this.attempt(this.smtpUrl, row));
  }

  private track(attempt: Promise<DeliveryResult>): Promise<DeliveryResult> {
    this.inFlight.add(attempt);
    void attempt.finally(() => this.inFlight.delete(attempt));
    return attempt;
  }

  private async deliverById(outboxId: number): Promise<DeliveryResult> {
    let row: OutboxRow | null;
    try {
      row = await claimMail(this.db, this.leaseMs, outboxId);
    } catch (error) {
      this.log.error({ err: error, outboxId }, 'could not claim the e-mail in email_outbox for delivery');
      return 'failed';
    }
    if (row) return this.attempt(this.smtpUrl!, row);
    // Already sent or given up, or the worker of another process has it (or the writing transaction rolled back).
    const [state] = await this.db
      .select({ sentAt: emailOutbox.sentAt, failedAt: emailOutbox.failedAt })
      .from(emailOutbox)
      .where(sql`${emailOutbox.id} = ${outboxId}`)
      .catch(() => []);
    if (!state) return 'failed';
    return state.sentAt ? 'sent' : state.failedAt ? 'failed' : 'taken';
  }

  private async attempt(url: string, row: OutboxRow): Promise<DeliveryResult> {
    const about = { outboxId: row.id, to: row.to, subject: row.subject, attempt: row.attempts };
    try {
      await this.sender(url, MAIL_FROM, { to: row.to, subject: row.subject, body: row.body, html: row.html });
    } catch (error) {
      return this.recordFailure(row, error, about);
    }
    // Only now, after the relay's 250 to the end of DATA. A crash (or a failed update) before this line leaves the
    // row unsent and leased: the worker sends it again after the lease — the one duplicate at-least-once allows.
    try {
      await this.db
        .update(emailOutbox)
        .set({ sentAt: sql`now()`, lockedUntil: null, lastError: null })
        .where(sql`${emailOutbox.id} = ${row.id}`);
    } catch (error) {
      this.log.warn({ err: error, ...about }, 'e-mail delivered but not marked sent in email_outbox');
    }
    return 'sent';
  }

  private async recordFailure(row: OutboxRow, error: unknown, about: Record<string, unknown>): Promise<DeliveryResult> {
    const permanent = error instanceof SmtpError && error.permanent;
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    let failedAt: Date | null = null;
    let nextAttemptAt: Date | null = null;
    try {
      const [updated] = await this.db
        .update(emailOutbox)
        .set({
          lockedUntil: null,
          lastError: message,
          nextAttemptAt: sql`now() + ${`${mailBackoffMs(row.attempts)} milliseconds`}::interval`,
          failedAt: sql`case when ${sql.raw(permanent ? 'true' : 'false')} or ${emailOutbox.retryUntil} is null or ${emailOutbox.retryUntil} <= now() then now() end`,
        })
        .where(sql`${emailOutbox.id} = ${row.id}`)
        .returning({ failedAt: emailOutbox.failedAt, nextAttemptAt: emailOutbox.nextAttemptAt });
      failedAt = updated?.failedAt ?? null;
      nextAttemptAt = updated?.nextAttemptAt ?? null;
    } catch (updateError) {
      // The lease runs out on its own; the worker then tries the row again.
      this.log.warn({ err: updateError, ...about }, 'could not record the failed e-mail delivery in email_outbox');
    }
    if (failedAt || row.retryUntil === null || permanent) {
      this.log.error(
        { err: error, ...about, permanent },
        permanent
          ? 'e-mail refused by the relay for good; given up (failed_at set in email_outbox)'
          : 'e-mail delivery failed; the message stays unsent in email_outbox',
      );
      return 'failed';
    }
    this.log.warn({ err: error, ...about, nextAttemptAt }, 'e-mail delivery failed; the outbox worker retries it');
    return 'retrying';
  }
}

/** The app's mailer from the environment: SMTP_URL (none = the outbox is where mail ends), EHLO name from SMTP_HELO/PUBLIC_URL, MAIL_RETRY_HOURS. */
export function createMailer(db: Db, log: FastifyBaseLogger, env: NodeJS.ProcessEnv = process.env): Mailer {
  const helo = smtpHeloName(env);
  return new Mailer(db, log, env.SMTP_URL || undefined, (url, from, message) => sendSmtp(url, from, message, { helo }), {
    retryWindowMs: mailRetryWindowMs(env),
  });
}

/**
 * The name the client gives in EHLO: SMTP_HELO, else the host of PUBLIC_URL, else `localhost`. Relays check it
 * (a bare "localhost" from a public address scores as spam); an IP address goes as an address literal (RFC 5321
 * §4.1.3). A name that could smuggle another SMTP command (spaces, CR/LF) is refused at start-up.
 */
export function smtpHeloName(env: NodeJS.ProcessEnv): string {
  const configured = env.SMTP_HELO?.trim();
  if (configured) {
    if (!/^([A-Za-z0-9-]+\.)*[A-Za-z0-9-]+$|^\[[0-9A-Fa-f:.IPv6]+\]$/.test(configured)) throw new Error(`SMTP_HELO must be a host name, got "${configured}"`);
    return configured;
  }
  let host = 'localhost';
  try {
    if (env.PUBLIC_URL?.trim()) host = new URL(env.PUBLIC_URL.trim()).hostname || 'localhost';
  } catch {
    // An unparsable PUBLIC_URL is reported where it is used (config.ts); EHLO falls back.
  }
  if (net.isIPv4(host)) return `[${host}]`;
  if (host.startsWith('[')) return `[IPv6:${host.slice(1, -1)}]`;
  return host;
}

/** The stages of one SMTP dialogue, each with its own wait for the server. */
export type SmtpStage = 'greeting' | 'ehlo' | 'mail' | 'rcpt' | 'data' | 'dataBlock' | 'dataEnd' | 'quit';
export type SmtpTimeouts = Record<SmtpStage, number>;

const MINUTE = 60_000;

/**
 * RFC 5321 §4.5.3.2 (Timeouts): an SMTP client must wait at least this long for each reply — relays that look an
 * address up or scan a message before answering are slow, and giving up early turns a delivery into a duplicate
 * (the relay may still accept). Initial 220 greeting 5 min; MAIL 5 min; RCPT 5 min; DATA initiation (354) 2 min;
 * each data block (our write of the message reaching the network) 3 min; DATA termination ("." → 250) 10 min.
 * EHLO is not in the list: it gets MAIL's 5 minutes. QUIT is after delivery: a short wait, then we hang up.
 */
export const SMTP_TIMEOUTS: Readonly<SmtpTimeouts> = Object.freeze({
  greeting: 5 * MINUTE,
  ehlo: 5 * MINUTE,
  mail: 5 * MINUTE,
  rcpt: 5 * MINUTE,
  data: 2 * MINUTE,
  dataBlock: 3 * MINUTE,
  dataEnd: 10 * MINUTE,
  quit: 30_000,
});

/**
 * The lease on a row being sent: longer than the longest dialogue the timeouts allow (each stage at its limit, with
 * the HELO fallback: about 46 min), so a slow live send is never taken over by another worker. A row whose process
 * died mid-send is retried after this.
 */
export const OUTBOX_LEASE_MS =
  Object.values(SMTP_TIMEOUTS).reduce((sum, ms) => sum + ms, 0) + SMTP_TIMEOUTS.ehlo /* HELO fallback */ + 5 * MINUTE;

export interface SmtpOptions {
  /** EHLO name (smtpHeloName); default `localhost`. */
  helo?: string;
  /** Per-stage waits (default SMTP_TIMEOUTS, RFC 5321 §4.5.3.2); tests shorten them. */
  timeouts?: Partial<SmtpTimeouts>;
}

/**
 * A failed SMTP dialogue. `permanent`: a 5xx reply to MAIL FROM, RCPT TO, DATA or the end of the message (RFC 5321
 * §4.2.1: the same request will be refused again), or an address the client cannot send — retrying cannot help.
 * Everything else (4xx, a 5xx greeting or EHLO from a misconfigured relay, timeouts, connection failures) may pass.
 */
export class SmtpError extends Error {
  constructor(
    message: string,
    readonly stage: SmtpStage,
    readonly code: number | null,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'SmtpError';
  }
}

const FINAL_STAGES: ReadonlySet<SmtpStage> = new Set(['mail', 'rcpt', 'data', 'dataEnd']);

/**
 * What the client can put in MAIL FROM/RCPT TO without SMTPUTF8 (which it does not offer): printable ASCII, no
 * spaces or angle brackets — so a non-ASCII address fails for good here, and no CR/LF can smuggle a command.
 */
const SENDABLE_ADDRESS = /^[\x21-\x3b\x3d\x3f-\x7e]+@[A-Za-z0-9.-]+$/;

interface SmtpReply {
  code: number;
  lines: string[];
}

/** Reads SMTP replies off a socket one at a time (a multi-line reply is "NNN-text" lines ending with "NNN text"). */
function replyReader(socket: net.Socket) {
  let buffer = '';
  let collected: string[] = [];
  const ready: SmtpReply[] = [];
  let waiting: { resolve: (r: SmtpReply) => void; reject: (e: Error) => void } | null = null;
  let ended: Error | null = null;
  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    let i: number;
    while ((i = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, i).replace(/\r$/, '');
      buffer = buffer.slice(i + 1);
      collected.push(line);
      if (/^\d{3}(?!-)/.test(line)) {
        const reply = { code: Number(line.slice(0, 3)), lines: collected.map((l) => l.slice(4)) };
        collected = [];
        if (waiting) {
          waiting.resolve(reply);
          waiting = null;
        } else ready.push(reply);
      }
    }
  });
  const fail = (error: Error) => {
    ended ??= error;
    waiting?.reject(ended);
    waiting = null;
  };
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('SMTP connection closed early')));
  return {
    fail,
    next(): Promise<SmtpReply> {
      const next = ready.shift();
      if (next) return Promise.resolve(next);
      if (ended) return Promise.reject(ended);
      return new Promise((resolve, reject) => (waiting = { resolve, reject }));
    },
  };
}

/** `work`, or an SmtpError (not permanent) after `ms`; the socket is destroyed then, so nothing more is said. */
function within<T>(socket: net.Socket, stage: SmtpStage, ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new SmtpError(`SMTP timeout: no ${stage} reply within ${ms} ms`, stage, null, false);
      socket.destroy(error);
      reject(error);
    }, ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * One message over plain SMTP (RFC 5321): EHLO with the shop's host name (HELO when a very old relay refuses EHLO),
 * MAIL FROM (BODY=8BITMIME when an 8-bit part goes to a relay that advertised it), RCPT TO, DATA, QUIT. The message
 * carries Date and Message-ID; its parts are 7bit, 8bit or quoted-printable by what the relay takes (mime.ts). Any
 * 4xx/5xx reply rejects with an SmtpError; resolving means the relay answered 250 to the end of DATA. Each wait has
 * its RFC 5321 §4.5.3.2 timeout (SMTP_TIMEOUTS).
 */
export async function sendSmtp(url: string, from: string, message: MailMessage, options: SmtpOptions = {}): Promise<void> {
  for (const [address, stage] of [[from, 'mail'], [message.to, 'rcpt']] as const) {
    if (!SENDABLE_ADDRESS.test(address)) {
      throw new SmtpError(`SMTP address not sendable without SMTPUTF8 (ASCII only, no spaces or <>): ${JSON.stringify(address)}`, stage, null, true);
    }
  }
  const { hostname, port } = new URL(url);
  const helo = options.helo ?? 'localhost';
  const timeouts: SmtpTimeouts = { ...SMTP_TIMEOUTS, ...options.timeouts };
  const socket = net.connect(Number(port || 25), hostname);
  const reader = replyReader(socket);
  const expect = async (stage: SmtpStage, command: string | null, ok: (code: number) => boolean = (c) => c < 400): Promise<SmtpReply> => {
    if (command !== null) socket.write(`${command}\r\n`);
    const reply = await within(socket, stage, timeouts[stage], reader.next());
    if (!ok(reply.code)) {
      const permanent = reply.code >= 500 && FINAL_STAGES.has(stage);
      throw new SmtpError(`SMTP ${reply.code} ${reply.lines.join(' ')}`.trim(), stage, reply.code, permanent);
    }
    return reply;
  };
  try {
    // The greeting's wait includes the TCP connect.
    await expect('greeting', null);
    let extensions: string[] = [];
    const ehlo = await expect('ehlo', `EHLO ${helo}`, () => true);
    if (ehlo.code >= 500) await expect('ehlo', `HELO ${helo}`);
    else if (ehlo.code >= 400) throw new SmtpError(`SMTP ${ehlo.code} ${ehlo.lines.join(' ')}`, 'ehlo', ehlo.code, false);
    // The first line greets; each further line names an extension ("8BITMIME", "SIZE 10240000", …).
    else extensions = ehlo.lines.slice(1).map((l) => l.split(' ')[0]!.toUpperCase());
    const eightBitMime = extensions.includes('8BITMIME');
    const built = buildMessage(
      { from, to: message.to, subject: message.subject, body: message.body, html: message.html ?? undefined },
      { eightBitMime, messageIdDomain: helo.startsWith('[') ? from.split('@')[1] ?? 'localhost' : helo },
    );
    await expect('mail', `MAIL FROM:<${from}>${built.eightBit ? ' BODY=8BITMIME' : ''}`);
    await expect('rcpt', `RCPT TO:<${message.to}>`);
    await expect('data', 'DATA');
    // The message is one data block: its wait ends when the socket has handed all of it to the network.
    await within(
      socket,
      'dataBlock',
      timeouts.dataBlock,
      new Promise<void>((resolve, reject) => socket.write(`${dotStuff(built.data)}\r\n.\r\n`, (error) => (error ? reject(error) : resolve()))),
    );
    await expect('dataEnd', null);
    await expect('quit', 'QUIT').catch(() => undefined); // delivered already; a relay that hangs up early is fine
  } finally {
    socket.destroy();
  }
}
