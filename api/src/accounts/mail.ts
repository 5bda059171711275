/**
 * Outgoing e-mail (verification, password reset). Every message is first written to email_outbox — inside the
 * caller's transaction, so a message exists exactly when what it is about (a new account, a reset token) was
 * committed. When SMTP_URL is set it is then delivered over SMTP, after the commit, and marked sent (sent_at).
 *
 * Delivery failure (relay down, refused, timed out) never fails the request that wrote the message: it is logged
 * with the outbox id and the row stays unsent (sent_at null) for an operator to see; the shopper can ask for the
 * e-mail again ("Send e-posten på nytt", which issues a fresh link). There is no automatic re-send: a later copy of
 * an old verification or reset link would arrive after the link was replaced.
 *
 * The SMTP client is deliberately minimal (plain SMTP, no STARTTLS/AUTH): point SMTP_URL at a local relay
 * (smtp://host:port) that handles TLS and authentication.
 */
import net from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import type { Db } from '../db/index.js';
import type * as schema from '../db/schema.js';
import { emailOutbox } from '../db/schema.js';

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
  /** The HTML part (body is the plain-text part). */
  html?: string;
}

/** A message written to email_outbox. */
export interface QueuedMail extends MailMessage {
  outboxId: number;
}

/** The database or a transaction of it: what writes an outbox row together with the rows the mail is about. */
export type DbExecutor = PgDatabase<NodePgQueryResultHKT, typeof schema>;

/** sent: delivered over SMTP; outbox: no SMTP_URL, the outbox is where mail ends; failed: logged, left unsent. */
export type DeliveryResult = 'sent' | 'outbox' | 'failed';

export type SmtpSender = (url: string, from: string, message: MailMessage) => Promise<void>;

export const MAIL_FROM = 'kundeservice@staut.no';

export class Mailer {
  private readonly inFlight = new Set<Promise<DeliveryResult>>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly smtpUrl?: string,
    private readonly sender: SmtpSender = sendSmtp,
  ) {}

  /** Writes the message to email_outbox through `executor` (pass the transaction that creates what it is about). */
  async enqueue(executor: DbExecutor, message: MailMessage): Promise<QueuedMail> {
    const [row] = await executor
      .insert(emailOutbox)
      .values({ to: message.to, subject: message.subject, body: message.body, html: message.html ?? null })
      .returning({ id: emailOutbox.id });
    if (!row) throw new Error('email_outbox insert returned no row');
    this.log.info({ outboxId: row.id, to: message.to, subject: message.subject }, 'e-mail queued in email_outbox');
    return { ...message, outboxId: row.id };
  }

  /**
   * Delivers a queued message over SMTP (when SMTP_URL is set) and marks it sent. Call after the transaction that
   * wrote it has committed. Never rejects: a failure is logged and the row stays unsent.
   */
  deliver(mail: QueuedMail): Promise<DeliveryResult> {
    if (!this.smtpUrl) return Promise.resolve('outbox');
    const attempt = this.attempt(this.smtpUrl, mail);
    this.inFlight.add(attempt);
    void attempt.finally(() => this.inFlight.delete(attempt));
    return attempt;
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

  private async attempt(url: string, mail: QueuedMail): Promise<DeliveryResult> {
    try {
      await this.sender(url, MAIL_FROM, mail);
    } catch (error) {
      this.log.error(
        { err: error, outboxId: mail.outboxId, to: mail.to, subject: mail.subject },
        'e-mail delivery failed; the message stays unsent in email_outbox',
      );
      return 'failed';
    }
    try {
      await this.db.update(emailOutbox).set({ sentAt: new Date() }).where(eq(emailOutbox.id, mail.outboxId));
    } catch (error) {
      // Delivered all the same; only the record is behind.
      this.log.warn({ err: error, outboxId: mail.outboxId }, 'e-mail delivered but not marked sent in email_outbox');
    }
    return 'sent';
  }
}

/** One message over plain SMTP (RFC 5321): EHLO, MAIL FROM, RCPT TO, DATA, QUIT; any non-2xx/3xx reply rejects. */
export function sendSmtp(url: string, from: string, message: MailMessage, timeoutMs = 10_000): Promise<void> {
  const { hostname, port } = new URL(url);
  const lines = [
    `From: ${from}`,
    `To: ${message.to}`,
    `Subject: =?UTF-8?B?${Buffer.from(message.subject).toString('base64')}?=`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    // Dot-stuffing: a line starting with "." would otherwise end DATA early.
    ...message.body.split(/\r?\n/).map((l) => (l.startsWith('.') ? `.${l}` : l)),
  ].join('\r\n');
  const steps = [null, 'EHLO localhost', `MAIL FROM:<${from}>`, `RCPT TO:<${message.to}>`, 'DATA', `${lines}\r\n.`, 'QUIT'];
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port || 25), hostname);
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('SMTP timeout')));
    let buffer = '';
    let step = 0;
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      // A reply is complete at a line "NNN text" (multi-line replies use "NNN-text" until the last).
      const complete = buffer.split('\r\n').find((l) => /^\d{3} /.test(l));
      if (!complete) return;
      buffer = '';
      const code = Number(complete.slice(0, 3));
      if (code >= 400) return socket.destroy(new Error(`SMTP ${complete}`));
      step += 1;
      const next = steps[step];
      if (next === undefined) return socket.end();
      socket.write(`${next}\r\n`);
    });
    socket.on('error', reject);
    socket.on('close', () => (step >= steps.length - 1 ? resolve() : reject(new Error('SMTP connection closed early'))));
  });
}
