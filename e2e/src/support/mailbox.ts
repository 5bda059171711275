import { createServer, type Server, type Socket } from 'node:net';

/**
 * A local mail relay for journeys: the shop's server delivers e-mail over plain SMTP when SMTP_URL is set
 * (api/src/accounts/mail.ts), so a journey starts the shop with `SMTP_URL: mailbox.url` and reads the messages it
 * receives here. That is the production delivery path itself; nothing in the shop is opened up for the tests.
 * Speaks just enough SMTP (RFC 5321) for that client: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT. It advertises
 * 8BITMIME unless started with `{ eightBitMime: false }`, and decodes what the shop sends: 7bit/8bit or
 * quoted-printable parts, multipart/alternative split into the text (`body`) and the HTML (`html`).
 */
export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The plain-text part, decoded. */
  body: string;
  /** The HTML part, decoded; null for a text-only mail. */
  html: string | null;
  /** The raw header lines (unfolded), e.g. for Date/Message-ID checks. */
  headers: Record<string, string>;
  /** What MAIL FROM said, with its parameters (e.g. "BODY=8BITMIME"). */
  mailFrom: string;
}

export interface MailboxOptions {
  /** Advertise 8BITMIME in the EHLO reply (default true). */
  eightBitMime?: boolean;
}

export interface Mailbox {
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or still to come) that matches. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Bytes held one per character (latin1) → UTF-8 text. */
const utf8 = (latin1: string) => Buffer.from(latin1, 'latin1').toString('utf8');

/** "=?UTF-8?B?…?=" words (how the shop encodes a Norwegian subject; adjacent words join) or plain text. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?b\?([^?]*)\?=/gi, (_, b64: string) => Buffer.from(b64, 'base64').toString('utf8'));
}

/** Quoted-printable (soft breaks, =XX) back to the bytes it stands for, as latin1 characters. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Header lines (continuation lines unfolded) by lower-case name, and the body after the blank line. */
function splitEntity(entity: string): { headers: Record<string, string>; body: string } {
  const blank = entity.indexOf('\r\n\r\n');
  const head = blank === -1 ? entity : entity.slice(0, blank);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: blank === -1 ? '' : entity.slice(blank + 4) };
}

/** A part's body decoded by its Content-Transfer-Encoding, with \n line ends. */
function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const bytes = encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : encoding === 'base64' ? Buffer.from(body, 'base64').toString('latin1') : body;
  return utf8(bytes).replace(/\r\n/g, '\n');
}

/**
 * One message as the relay received it (DATA without the final ".", dot-stuffing still in, bytes as latin1
 * characters): subject decoded, text and HTML parts decoded.
 */
export function parseMessage(data: string, to: string[], mailFrom = ''): ReceivedMail {
  const raw = data
    .split('\r\n')
    .map((line) => (line.startsWith('..') ? line.slice(1) : line))
    .join('\r\n');
  const { headers, body } = splitEntity(raw);
  const subject = decodeHeader(utf8(headers.subject ?? ''));
  const boundary = /^multipart\/alternative;\s*boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  let text = '';
  let html: string | null = null;
  if (boundary) {
    const parts = body.split(`--${boundary}`).slice(1, -1).map((p) => splitEntity(p.replace(/^\r\n/, '').replace(/\r\n$/, '')));
    for (const part of parts) {
      const type = (part.headers['content-type'] ?? '').toLowerCase();
      if (type.startsWith('text/plain')) text = decodeBody(part.headers, part.body);
      else if (type.startsWith('text/html')) html = decodeBody(part.headers, part.body);
    }
  } else text = decodeBody(headers, body);
  return { to, subject, body: text, html, headers, mailFrom };
}

export async function startMailbox(options: MailboxOptions = {}): Promise<Mailbox> {
  const eightBitMime = options.eightBitMime ?? true;
  const messages: ReceivedMail[] = [];
  const waiters: Array<{ match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }> = [];
  const sockets = new Set<Socket>();

  const deliver = (mail: ReceivedMail) => {
    messages.push(mail);
    for (const waiter of [...waiters]) {
      if (!waiter.match(mail)) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(mail);
    }
  };

  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffer = '';
    let inData = false;
    let to: string[] = [];
    let mailFrom = '';
    reply('220 mailbox.e2e ESMTP');
    socket.on('data', (chunk) => {
      // Bytes as latin1 characters: an 8-bit body's UTF-8 may be split across chunks; parseMessage decodes it.
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          // The message may be the very first thing after "354": then it ends at ".\r\n" at the start.
          const endAtStart = buffer.startsWith('.\r\n');
          if (end === -1 && !endAtStart) return;
          const data = endAtStart ? '' : buffer.slice(0, end);
          buffer = endAtStart ? buffer.slice(3) : buffer.slice(end + 5);
          inData = false;
          deliver(parseMessage(data, to, mailFrom));
          to = [];
          mailFrom = '';
          reply('250 OK queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') {
          if (eightBitMime) reply('250-mailbox.e2e');
          reply(eightBitMime ? '250 8BITMIME' : '250 mailbox.e2e');
        } else if (verb === 'HELO') reply('250 mailbox.e2e');
        else if (verb === 'MAIL') {
          mailFrom = line.slice(10).trim();
          reply('250 OK');
        }
        else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET') {
          to = [];
          reply('250 OK');
        } else if (verb === 'NOOP') reply('250 OK');
        else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
          return;
        } else reply('502 Command not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(match, timeoutMs = 15_000) {
      const seen = messages.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          const at = waiters.indexOf(waiter);
          if (at === -1) return;
          waiters.splice(at, 1);
          reject(new Error(`no matching e-mail in ${timeoutMs} ms; received: ${JSON.stringify(messages.map((m) => [m.to, m.subject]))}`));
        }, timeoutMs).unref();
      });
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The first http(s) link in an e-mail's body. */
export function firstLink(mail: ReceivedMail): URL {
  const match = /https?:\/\/\S+/.exec(mail.body);
  if (!match) throw new Error(`no link in the e-mail "${mail.subject}":\n${mail.body}`);
  return new URL(match[0]);
}
