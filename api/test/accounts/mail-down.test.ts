/**
 * E-mail delivery failing (SMTP_URL set, the relay down: a closed local port). Registration, password reset and an
 * e-mail change still succeed for the shopper; the messages stay unsent in email_outbox and the failure is logged.
 * A registration is all-or-nothing: when the e-mail cannot even be written, no account is left behind.
 * Also the Mailer on its own against a working and a refusing SMTP server. On every test database.
 */
import fs from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { resendTexts } from '@shop/contracts/texts/forms';
import type { RawCustomer } from '@shop/contracts/types';
import * as s from '../../src/db/schema.js';
import { Mailer } from '../../src/accounts/mail.js';
import { accountMessages } from '../../src/routes/customers/auth.js';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../support/databases.js';
import { useTestApp } from '../support/app.js';
import { Browser, makeShellTree } from './browser.js';

const PASSWORD = 'hemmelig-123';

/** A local port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
const downUrl = `smtp://127.0.0.1:${await closedPort()}`;

/** A minimal SMTP server that accepts everything (or refuses the recipient) and counts delivered messages. */
async function smtpServer(refuse = false) {
  let delivered = 0;
  const server = net.createServer((socket) => {
    let inData = false;
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let i: number;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            delivered += 1;
            socket.write('250 queued\r\n');
          }
        } else if (line.startsWith('RCPT') && refuse) socket.write('550 no such user\r\n');
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
    delivered: () => delivered,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

let seq = 0;
function registration(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    first_name: 'Siri',
    last_name: 'Strand',
    email: `siri${seq}.${Date.now()}@example.no`,
    phone: `9${String(2000000 + seq * 7727).slice(-7)}`,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    terms_conditions: 1,
    ...overrides,
  };
}

describe.each(testDatabaseKinds())('accounts with the mail relay down on %s', (kind) => {
  const root = makeShellTree();
  const logs: Array<Record<string, unknown>> = [];
  let saved: string | undefined;
  beforeAll(() => {
    saved = process.env.SMTP_URL;
    process.env.SMTP_URL = downUrl;
  });
  const t = useTestApp(kind, {
    rootDir: root,
    logger: { level: 'info', stream: { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) } },
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = saved;
    fs.rmSync(root, { recursive: true, force: true });
  });

  let ipSeq = 0;
  const browser = () => new Browser(() => t().app, `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`).open();
  const outboxTo = (email: string) => t().db.select().from(s.emailOutbox).where(eq(s.emailOutbox.to, email)).orderBy(desc(s.emailOutbox.id));
  const deliveryFailedFor = (outboxId: number) => until(() => logs.some((l) => l.outboxId === outboxId && l.level === 50));

  it('register: 201 and logged in; the verification e-mail stays unsent in the outbox and the failure is logged', async () => {
    const b = await browser();
    const body = registration();
    const res = await b.post('/customers/register', body);
    expect(res.statusCode, res.body).toBe(201);
    const customer = res.json<RawCustomer>();
    expect((await b.get('/customers/current')).json<RawCustomer>().id).toBe(customer.id);
    const [mail] = await outboxTo(body.email);
    expect(mail?.subject).toBe('Bekreft e-postadressen din');
    await deliveryFailedFor(mail!.id);
    expect((await outboxTo(body.email))[0]?.sentAt).toBeNull();

    // The account is complete: it logs in elsewhere, and registering it again is the ordinary 423.
    const other = await browser();
    expect((await other.post('/customers/login', { username: body.email, password: PASSWORD })).statusCode).toBe(200);
    expect((await (await browser()).post('/customers/register', registration({ email: body.email }))).statusCode).toBe(423);
  });

  it('send again: 503 "Epost ble ikke sendt" while the relay is down, with a fresh link left in the outbox', async () => {
    const b = await browser();
    const body = registration();
    expect((await b.post('/customers/register', body)).statusCode).toBe(201);
    const res = await b.post('/customers/email/resend');
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(resendTexts.failed);
    const mails = await outboxTo(body.email);
    expect(mails).toHaveLength(2);
    expect(mails.every((m) => m.sentAt === null)).toBe(true);
  });

  it('password reset request: the usual answer, the reset e-mail stays unsent in the outbox', async () => {
    const body = registration();
    expect((await (await browser()).post('/customers/register', body)).statusCode).toBe(201);
    const b = await browser();
    const res = await b.post('/customers/password/email', { email: body.email });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(accountMessages.resetRequested);
    const [mail] = await outboxTo(body.email);
    expect(mail?.subject).not.toBe('Bekreft e-postadressen din');
    await deliveryFailedFor(mail!.id);
    expect((await outboxTo(body.email))[0]?.sentAt).toBeNull();
  });

  it('changing the e-mail address: 200, the confirmation to the new address stays unsent in the outbox', async () => {
    const b = await browser();
    const body = registration();
    const res = await b.post('/customers/register', body);
    expect(res.statusCode).toBe(201);
    const newEmail = `ny${Date.now()}@example.no`;
    const put = await b.put(`/customers/${res.json<RawCustomer>().id}`, { email: newEmail, current_password: PASSWORD });
    expect(put.statusCode, put.body).toBe(200);
    // Not changed until the link mailed to the new address is opened.
    expect(put.json<RawCustomer>().email).toBe(body.email);
    const [mail] = await outboxTo(newEmail);
    await deliveryFailedFor(mail!.id);
  });

  it('register is all-or-nothing: when the e-mail cannot be written, no account is left and a retry succeeds', async () => {
    const body = registration();
    await t().db.execute(sql`alter table email_outbox rename to email_outbox_away`);
    let failed;
    try {
      failed = await (await browser()).post('/customers/register', body);
    } finally {
      await t().db.execute(sql`alter table email_outbox_away rename to email_outbox`);
    }
    expect(failed.statusCode).toBe(500);
    expect(await t().db.select().from(s.customers).where(eq(s.customers.email, body.email))).toEqual([]);
    const retry = await (await browser()).post('/customers/register', body);
    expect(retry.statusCode, retry.body).toBe(201);
  });
});

describe.each(testDatabaseKinds())('Mailer on %s', (kind) => {
  let testDb: TestDatabase;
  const logged: Array<{ level: string; obj: unknown }> = [];
  const log = {
    info: (obj: unknown) => logged.push({ level: 'info', obj }),
    warn: (obj: unknown) => logged.push({ level: 'warn', obj }),
    error: (obj: unknown) => logged.push({ level: 'error', obj }),
  } as unknown as FastifyBaseLogger;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
  });
  afterAll(() => testDb?.drop());
  const row = async (id: number) => (await testDb.database.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.id, id)))[0];
  const message = { to: 'kari@example.no', subject: 'Hei', body: 'Tekst' };

  it('delivers and marks the row sent', async () => {
    const smtp = await smtpServer();
    const mailer = new Mailer(testDb.database.db, log, smtp.url);
    const mail = await mailer.enqueue(testDb.database.db, message);
    expect(await mailer.deliver(mail)).toBe('sent');
    await smtp.close();
    expect(smtp.delivered()).toBe(1);
    expect((await row(mail.outboxId))?.sentAt).toBeInstanceOf(Date);
  });

  it('a refused or unreachable relay: "failed", logged with the outbox id, the row stays unsent; never rejects', async () => {
    const refusing = await smtpServer(true);
    for (const url of [refusing.url, downUrl]) {
      const mailer = new Mailer(testDb.database.db, log, url);
      const mail = await mailer.send(message);
      await mailer.drain();
      expect(await mailer.deliver(mail)).toBe('failed');
      expect((await row(mail.outboxId))?.sentAt).toBeNull();
      expect(logged).toContainEqual({ level: 'error', obj: expect.objectContaining({ outboxId: mail.outboxId }) });
    }
    await refusing.close();
  });

  it('without SMTP_URL the outbox is where mail ends', async () => {
    const mailer = new Mailer(testDb.database.db, log);
    const mail = await mailer.enqueue(testDb.database.db, message);
    expect(await mailer.deliver(mail)).toBe('outbox');
  });

  it('a rolled-back transaction leaves no message', async () => {
    const mailer = new Mailer(testDb.database.db, log, downUrl);
    const to = `rollback${Date.now()}@example.no`;
    await expect(
      testDb.database.db.transaction(async (tx) => {
        await mailer.enqueue(tx, { ...message, to });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await testDb.database.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.to, to))).toEqual([]);
  });
});
