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
 * (smtp://host:port) that handles TLS and authentication. It still sends what relays require of a message: Date,
 * Message-ID, EHLO with the shop's host name (SMTP_HELO, else PUBLIC_URL's host), and 8-bit text only to a relay that
 * advertises 8BITMIME (else quoted-printable); an HTML mail goes as multipart/alternative (mime.ts).
 */
import net from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import type { Db } from '../db/index.js';
import type * as schema from '../db/schema.js';
import { emailOutbox } from '../db/schema.js';
import { buildMessage, dotStuff } from './mime.js';

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
  /** The HTML alternative (multipart/alternative with `body` as the text part); stored in email_outbox.html. */
  html?: string | null;
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

/**
 * The name the client gives in EHLO: SMTP_HELO, else the host of PUBLIC_URL, else `localhost`. Relays check it
 * (a bare "localhost" from a public address scores as spam); an IP address goes as an address literal (RFC 5321
 * §4.1.3). A name that could smuggle another SMTP command (spaces, CR/LF) is refused at start-up.
 */
/** The app's mailer from the environment: SMTP_URL (none = the outbox is where mail ends), EHLO name from SMTP_HELO/PUBLIC_URL. */
export function createMailer(db: Db, log: FastifyBaseLogger, env: NodeJS.ProcessEnv = process.env): Mailer {
  const helo = smtpHeloName(env);
  return new Mailer(db, log, env.SMTP_URL || undefined, (url, from, message) => sendSmtp(url, from, message, { helo }));
}

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

export interface SmtpOptions {
  /** EHLO name (smtpHeloName); default `localhost`. */
  helo?: string;
  timeoutMs?: number;
}

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
  return (): Promise<SmtpReply> => {
    const next = ready.shift();
    if (next) return Promise.resolve(next);
    if (ended) return Promise.reject(ended);
    return new Promise((resolve, reject) => (waiting = { resolve, reject }));
  };
}

/**
 * One message over plain SMTP (RFC 5321): EHLO with the shop's host name (HELO when a very old relay refuses EHLO),
 * MAIL FROM (BODY=8BITMIME when an 8-bit part goes to a relay that advertised it), RCPT TO, DATA, QUIT. The message
 * carries Date and Message-ID; its parts are 7bit, 8bit or quoted-printable by what the relay takes (mime.ts). Any
 * 4xx/5xx reply rejects.
 */
export async function sendSmtp(url: string, from: string, message: MailMessage, options: SmtpOptions = {}): Promise<void> {
  const { hostname, port } = new URL(url);
  const helo = options.helo ?? 'localhost';
  const socket = net.connect(Number(port || 25), hostname);
  socket.setTimeout(options.timeoutMs ?? 10_000, () => socket.destroy(new Error('SMTP timeout')));
  const read = replyReader(socket);
  const expect = async (command: string | null, ok: (code: number) => boolean = (c) => c < 400): Promise<SmtpReply> => {
    if (command !== null) socket.write(`${command}\r\n`);
    const reply = await read();
    if (!ok(reply.code)) throw new Error(`SMTP ${reply.code} ${reply.lines.join(' ')}`.trim());
    return reply;
  };
  try {
    await expect(null);
    let extensions: string[] = [];
    const ehlo = await expect(`EHLO ${helo}`, () => true);
    if (ehlo.code >= 500) await expect(`HELO ${helo}`);
    else if (ehlo.code >= 400) throw new Error(`SMTP ${ehlo.code} ${ehlo.lines.join(' ')}`);
    // The first line greets; each further line names an extension ("8BITMIME", "SIZE 10240000", …).
    else extensions = ehlo.lines.slice(1).map((l) => l.split(' ')[0]!.toUpperCase());
    const eightBitMime = extensions.includes('8BITMIME');
    const built = buildMessage(
      { from, to: message.to, subject: message.subject, body: message.body, html: message.html ?? undefined },
      { eightBitMime, messageIdDomain: helo.startsWith('[') ? from.split('@')[1] ?? 'localhost' : helo },
    );
    await expect(`MAIL FROM:<${from}>${built.eightBit ? ' BODY=8BITMIME' : ''}`);
    await expect(`RCPT TO:<${message.to}>`);
    await expect('DATA');
    await expect(`${dotStuff(built.data)}\r\n.`);
    await expect('QUIT').catch(() => undefined); // delivered already; a relay that hangs up early is fine
  } finally {
    socket.destroy();
  }
}
