import { createServer, type Server, type Socket } from 'node:net';

/**
 * A local mail relay for journeys: the shop's server delivers e-mail over plain SMTP when SMTP_URL is set
 * (api/src/accounts/mail.ts), so a journey starts the shop with `SMTP_URL: mailbox.url` and reads the messages it
 * receives here. That is the production delivery path itself; nothing in the shop is opened up for the tests.
 * Speaks just enough SMTP (RFC 5321) for that client: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT.
 */
export interface ReceivedMail {
  to: string[];
  subject: string;
  body: string;
}

export interface Mailbox {
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or still to come) that matches. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** "=?UTF-8?B?…?=" (how the shop encodes a Norwegian subject) or plain text. */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?b\?([^?]*)\?=/gi, (_, b64: string) => Buffer.from(b64, 'base64').toString('utf8'));
}

function parseMessage(data: string, to: string[]): ReceivedMail {
  const lines = data.split('\r\n').map((line) => (line.startsWith('..') ? line.slice(1) : line));
  const blank = lines.indexOf('');
  const headers = blank === -1 ? lines : lines.slice(0, blank);
  const subject = headers.find((h) => /^subject:/i.test(h))?.replace(/^subject:\s*/i, '') ?? '';
  return { to, subject: decodeHeader(subject), body: blank === -1 ? '' : lines.slice(blank + 1).join('\n') };
}

export async function startMailbox(): Promise<Mailbox> {
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
    reply('220 mailbox.e2e ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          // The message may be the very first thing after "354": then it ends at ".\r\n" at the start.
          const endAtStart = buffer.startsWith('.\r\n');
          if (end === -1 && !endAtStart) return;
          const data = endAtStart ? '' : buffer.slice(0, end);
          buffer = endAtStart ? buffer.slice(3) : buffer.slice(end + 5);
          inData = false;
          deliver(parseMessage(data, to));
          to = [];
          reply('250 OK queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 mailbox.e2e');
        else if (verb === 'MAIL') reply('250 OK');
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
