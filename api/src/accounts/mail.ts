/**
 * Outgoing e-mail (verification, password reset). Every message is written to email_outbox, so the flow works on
 * a fresh machine and there is a record of what was sent; when SMTP_URL is set it is also delivered over SMTP and
 * marked sent. The SMTP client is deliberately minimal (plain SMTP, no STARTTLS/AUTH): point SMTP_URL at a local
 * relay (smtp://host:port) that handles TLS and authentication.
 */
import net from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.js';
import { emailOutbox } from '../db/schema.js';

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
}

export const MAIL_FROM = 'kundeservice@staut.no';

export class Mailer {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly smtpUrl?: string,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const [row] = await this.db.insert(emailOutbox).values(message).returning({ id: emailOutbox.id });
    this.log.info({ outboxId: row?.id, to: message.to, subject: message.subject }, 'e-mail queued in email_outbox');
    if (!this.smtpUrl || !row) return;
    await sendSmtp(this.smtpUrl, MAIL_FROM, message);
    await this.db.update(emailOutbox).set({ sentAt: new Date() }).where(eq(emailOutbox.id, row.id));
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
