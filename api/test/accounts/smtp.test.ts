/**
 * The SMTP client against a real relay on a socket that records the dialogue: what relays require (Date,
 * Message-ID, EHLO with the shop's host name), 8-bit text only to a relay advertising 8BITMIME (else pure 7-bit
 * quoted-printable that decodes back to the æøå text), multipart/alternative for HTML, and the Mailer storing the
 * HTML part in email_outbox and marking the row sent only after delivery. The Mailer part runs on every test database.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import * as s from '../../src/db/schema.js';
import { Mailer, sendSmtp, smtpHeloName } from '../../src/accounts/mail.js';
import { decodeQuotedPrintable } from '../../src/accounts/mime.js';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../support/databases.js';

interface Dialogue {
  commands: string[];
  /** The DATA content as bytes (dot-stuffing undone). */
  data: Buffer;
}

/** A relay that records every command and message; advertises 8BITMIME only when told. */
async function recordingRelay(extensions: string[]) {
  const dialogues: Dialogue[] = [];
  const server = net.createServer((socket) => {
    const dialogue: Dialogue = { commands: [], data: Buffer.alloc(0) };
    dialogues.push(dialogue);
    let buffer = Buffer.alloc(0);
    let inData = false;
    const dataLines: Buffer[] = [];
    socket.write('220 relay.test ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      let i: number;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const raw = buffer.subarray(0, i);
        buffer = buffer.subarray(i + 2);
        const line = raw.toString('latin1');
        if (inData) {
          if (line === '.') {
            inData = false;
            dialogue.data = Buffer.concat(dataLines.flatMap((l, n) => (n ? [Buffer.from('\r\n'), l] : [l])));
            socket.write('250 queued\r\n');
          } else dataLines.push(line.startsWith('.') ? raw.subarray(1) : raw);
          continue;
        }
        dialogue.commands.push(line);
        if (/^EHLO /i.test(line)) socket.write(['250-relay.test hello', ...extensions.map((e) => `250-${e}`), '250 SIZE 10240000'].join('\r\n') + '\r\n');
        else if (line === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (line === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    dialogues,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Splits a raw message into headers (unfolded, by lower-case name) and body. */
function parse(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const h of raw.slice(0, at).replace(/\r\n[ \t]/g, ' ').split('\r\n')) {
    const colon = h.indexOf(':');
    headers.set(h.slice(0, colon).toLowerCase(), h.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(at + 4) };
}

const TEXT = 'Hei Åse!\nVarene dine er klare til henting i Oslo Sentrum.\n.Punktum først på linjen.\nSum: 1 299,00 kr';
const HTML = '<p style="margin:0">Hei Åse! Varene dine er klare – blåbærsyltetøy og ørret.</p>';
const SUBJECT = 'Ordre 42: klar til henting på Ørnes';

describe('SMTP client', () => {
  const relays: Array<{ close(): Promise<void> }> = [];
  afterAll(async () => {
    await Promise.all(relays.map((r) => r.close()));
  });
  const relay = async (extensions: string[]) => {
    const r = await recordingRelay(extensions);
    relays.push(r);
    return r;
  };

  it('to a relay advertising 8BITMIME: EHLO with the given host, BODY=8BITMIME, an 8bit body, Date and Message-ID', async () => {
    const r = await relay(['8BITMIME', 'PIPELINING']);
    await sendSmtp(r.url, 'kundeservice@staut.no', { to: 'aase@example.no', subject: SUBJECT, body: TEXT }, { helo: 'www.staut.no' });
    const { commands, data } = r.dialogues[0]!;
    expect(commands).toEqual(['EHLO www.staut.no', 'MAIL FROM:<kundeservice@staut.no> BODY=8BITMIME', 'RCPT TO:<aase@example.no>', 'DATA', 'QUIT']);
    const { headers, body } = parse(data.toString('utf8'));
    expect(headers.get('content-transfer-encoding')).toBe('8bit');
    expect(headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(body).toBe(TEXT.replace(/\n/g, '\r\n'));
    expect(new Date(headers.get('date')!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(headers.get('date')).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);
    expect(headers.get('message-id')).toMatch(/^<[0-9a-f-]{36}@www\.staut\.no>$/);
    const decodedSubject = headers.get('subject')!.split(' ').map((w) => Buffer.from(/^=\?UTF-8\?B\?(.*)\?=$/.exec(w)![1]!, 'base64').toString('utf8')).join('');
    expect(decodedSubject).toBe(SUBJECT);
  });

  it('to a relay without 8BITMIME: no BODY parameter, every byte 7-bit, quoted-printable that decodes to the æøå text', async () => {
    const r = await relay([]);
    await sendSmtp(r.url, 'kundeservice@staut.no', { to: 'aase@example.no', subject: SUBJECT, body: TEXT }, { helo: 'www.staut.no' });
    const { commands, data } = r.dialogues[0]!;
    expect(commands[1]).toBe('MAIL FROM:<kundeservice@staut.no>');
    expect([...data].every((b) => b < 128)).toBe(true);
    for (const line of data.toString('latin1').split('\r\n')) expect(line.length).toBeLessThanOrEqual(998);
    const { headers, body } = parse(data.toString('latin1'));
    expect(headers.get('content-transfer-encoding')).toBe('quoted-printable');
    expect(decodeQuotedPrintable(body)).toBe(TEXT.replace(/\n/g, '\r\n'));
  });

  it('with HTML: multipart/alternative, the text part first, then the HTML, each decoding back', async () => {
    for (const extensions of [['8BITMIME'], []]) {
      const r = await relay(extensions);
      await sendSmtp(r.url, 'kundeservice@staut.no', { to: 'aase@example.no', subject: SUBJECT, body: TEXT, html: HTML }, { helo: 'www.staut.no' });
      const raw = r.dialogues[0]!.data.toString(extensions.length ? 'utf8' : 'latin1');
      const { headers, body } = parse(raw);
      const boundary = /^multipart\/alternative; boundary="([^"]+)"$/.exec(headers.get('content-type')!)![1]!;
      const sections = body.split(`--${boundary}`);
      expect(sections.at(-1)).toBe('--\r\n');
      const parts = sections.slice(1, -1).map((p) => parse(p.replace(/^\r\n/, '').replace(/\r\n$/, '')));
      expect(parts.map((p) => p.headers.get('content-type'))).toEqual(['text/plain; charset=utf-8', 'text/html; charset=utf-8']);
      const decode = (p: { headers: Map<string, string>; body: string }) => (p.headers.get('content-transfer-encoding') === 'quoted-printable' ? decodeQuotedPrintable(p.body) : p.body);
      expect(parts.map((p) => p.headers.get('content-transfer-encoding'))).toEqual(extensions.length ? ['8bit', '8bit'] : ['quoted-printable', 'quoted-printable']);
      expect(decode(parts[0]!)).toBe(TEXT.replace(/\n/g, '\r\n'));
      expect(decode(parts[1]!)).toBe(HTML);
    }
  });

  it('a relay that refuses EHLO gets HELO; a refused recipient rejects', async () => {
    const server = net.createServer((socket) => {
      socket.write('220 old relay\r\n');
      socket.on('data', (chunk) => {
        const line = chunk.toString();
        if (line.startsWith('EHLO')) socket.write('502 not implemented\r\n');
        else if (line.startsWith('RCPT')) socket.write('550 no such user\r\n');
        else socket.write('250 ok\r\n');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    await expect(sendSmtp(url, 'a@staut.no', { to: 'b@example.no', subject: 's', body: 'b' })).rejects.toThrow(/^SMTP 550 no such user$/);
    server.close();
  });

  it.each([
    ['SMTP_HELO wins', { SMTP_HELO: 'mail.staut.no', PUBLIC_URL: 'https://www.staut.no' }, 'mail.staut.no'],
    ["else PUBLIC_URL's host", { PUBLIC_URL: 'https://www.staut.no' }, 'www.staut.no'],
    ['an IPv4 PUBLIC_URL as an address literal', { PUBLIC_URL: 'http://10.1.2.3:8080' }, '[10.1.2.3]'],
    ['an IPv6 PUBLIC_URL as an IPv6 literal', { PUBLIC_URL: 'http://[::1]:8080' }, '[IPv6:::1]'],
    ['else localhost', {}, 'localhost'],
  ])('EHLO name: %s', async (_, env, name) => {
    expect(smtpHeloName(env)).toBe(name);
    const r = await relay(['8BITMIME']);
    await sendSmtp(r.url, 'a@staut.no', { to: 'b@example.no', subject: 's', body: 'b' }, { helo: smtpHeloName(env) });
    expect(r.dialogues[0]!.commands[0]).toBe(`EHLO ${name}`);
  });

  it('an SMTP_HELO that could smuggle a command is refused at start-up', () => {
    expect(() => smtpHeloName({ SMTP_HELO: 'www.staut.no\r\nRCPT TO:<x@y.no>' })).toThrow(/SMTP_HELO/);
    expect(() => smtpHeloName({ SMTP_HELO: 'two words' })).toThrow(/SMTP_HELO/);
  });
});

describe.each(testDatabaseKinds())('Mailer with HTML on %s', (kind) => {
  let testDb: TestDatabase;
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await testDb.drop();
  });

  it('stores the HTML part in email_outbox, delivers both parts and marks the row sent only after delivery', async () => {
    const r = await recordingRelay([]);
    const mailer = new Mailer(testDb.database.db, log, r.url, (url, from, message) => sendSmtp(url, from, message, { helo: 'www.staut.no' }));
    const queued = await mailer.enqueue(testDb.database.db, { to: 'aase@example.no', subject: SUBJECT, body: TEXT, html: HTML });
    const [before] = await testDb.database.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.id, queued.outboxId));
    expect(before).toMatchObject({ body: TEXT, html: HTML, sentAt: null });
    expect(await mailer.deliver(queued)).toBe('sent');
    const [after] = await testDb.database.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.id, queued.outboxId));
    expect(after!.sentAt).not.toBeNull();
    expect(r.dialogues[0]!.data.toString('latin1')).toContain('Content-Type: multipart/alternative;');
    await r.close();
  });
});
