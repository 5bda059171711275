/**
 * The e-mail outbox worker (accounts/outbox.ts) and the SMTP client's failure handling (accounts/mail.ts), against a
 * tiny local relay that can be taken down, slowed or made to refuse. Time never really passes: "later" is the row's
 * next_attempt_at moved into the past, the way the clock would. On every test database.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import * as s from '../../src/db/schema.js';
import { Mailer, OUTBOX_LEASE_MS, SMTP_TIMEOUTS, SmtpError, sendSmtp, type SmtpStage } from '../../src/accounts/mail.js';
import { claimMail, mailBackoffMs, ORDER_MAIL_RETRY_MS, runDueMail, startOutboxWorker } from '../../src/accounts/outbox.js';
import { orderMail, type OrderMailData } from '../../src/fulfilment/mail.js';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../support/databases.js';
import { relay } from '../support/smtpRelay.js';

const order = (reservationId: number): OrderMailData => ({
  reservationId,
  name: 'Åse Ørnes',
  email: 'aase@example.no',
  homeDelivery: false,
  shopName: 'Staut Oslo',
  shopAddress: 'Karl Johans gate 1',
  lines: [{ name: 'Genser', size: 'M', color: 'Blå', count: 1, price: 49900 }],
  shippingPrice: 0,
  discount: 0,
  total: 49900,
  pickupUntil: new Date('2030-11-22T17:00:00Z'),
  publicUrl: 'https://www.staut.no',
});

describe.each(testDatabaseKinds())('e-mail outbox worker on %s', (kind) => {
  let testDb: TestDatabase;
  let r: Awaited<ReturnType<typeof relay>>;
  const logged: Array<{ level: string; obj: Record<string, unknown>; msg?: string }> = [];
  const log = {
    info: () => undefined,
    warn: (obj: Record<string, unknown>, msg?: string) => logged.push({ level: 'warn', obj, msg }),
    error: (obj: Record<string, unknown>, msg?: string) => logged.push({ level: 'error', obj, msg }),
    child: () => log,
  } as unknown as FastifyBaseLogger;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    r = await relay();
  });
  afterAll(async () => {
    await r.down();
    await testDb?.drop();
  });
  const db = () => testDb.database.db;
  const row = async (id: number) => (await db().select().from(s.emailOutbox).where(eq(s.emailOutbox.id, id)))[0]!;
  /** As if the clock had moved past the row's next attempt. */
  const makeDue = (ids: number[]) => db().update(s.emailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(inArray(s.emailOutbox.id, ids));
  const mailer = () => new Mailer(db(), log, r.url);
  const seen = (subject: string) => r.accepted.filter((a) => a === subject).length;
  let reservation = 9000;
  /** A "ready for pickup" mail with a subject no other test uses (plain ASCII: the relay sees it as is). */
  const readyMail = () => {
    const message = orderMail('ready', order(++reservation));
    return { message, wire: message.subject };
  };

  it('relay down for two minutes during a hand-over mail: retried with backoff, delivered exactly once when it is back', async () => {
    const m = mailer();
    const worker = startOutboxWorker(m, log, 0);
    await r.down();
    const { message, wire } = readyMail();
    expect(message.retryable).toBe(true);
    const mail = await m.enqueue(db(), message);
    const queued = await row(mail.outboxId);
    const windowMs = queued.retryUntil!.getTime() - queued.createdAt.getTime();
    expect(Math.abs(windowMs - ORDER_MAIL_RETRY_MS)).toBeLessThan(60_000);

    // The first attempt right after the commit fails: the row waits for the worker, 30 s on.
    expect(await m.deliver(mail)).toBe('retrying');
    let now = await row(mail.outboxId);
    expect(now).toMatchObject({ sentAt: null, failedAt: null, attempts: 1, lockedUntil: null });
    expect(now.lastError).toMatch(/ECONNREFUSED|closed/);
    // Not due yet: the worker leaves it.
    expect(await worker.runNow()).toBe(0);

    // 30 s later, still down: attempt 2, next one a minute on.
    await makeDue([mail.outboxId]);
    expect(await worker.runNow()).toBe(1);
    now = await row(mail.outboxId);
    expect(now).toMatchObject({ sentAt: null, failedAt: null, attempts: 2 });
    const wait = now.nextAttemptAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(mailBackoffMs(2) - 10_000);
    expect(wait).toBeLessThanOrEqual(mailBackoffMs(2) + 10_000);

    // Two minutes in, the relay is back; the next due pass delivers it, once.
    await r.up();
    await makeDue([mail.outboxId]);
    expect(await worker.runNow()).toBe(1);
    now = await row(mail.outboxId);
    expect(now.sentAt).toBeInstanceOf(Date);
    expect(now).toMatchObject({ attempts: 3, lockedUntil: null, lastError: null, failedAt: null });
    await makeDue([mail.outboxId]);
    expect(await worker.runNow()).toBe(0);
    expect(seen(wire)).toBe(1);
    await worker.stop();
  });

  it('two workers (two processes on one database) racing: every row delivered once; the first attempt and a worker too', async () => {
    r.hold(30); // a slow relay keeps each row in flight while the other worker looks
    const a = mailer();
    const b = mailer();
    const mails = await Promise.all(Array.from({ length: 6 }, () => readyMail()).map(async ({ message, wire }) => ({ wire, mail: await a.enqueue(db(), message) })));
    await makeDue(mails.map((x) => x.mail.outboxId));
    // Process a's first attempt for one of them runs at the same time as both workers.
    const [first, ranA, ranB] = await Promise.all([a.deliver(mails[0]!.mail), runDueMail(a, log), runDueMail(b, log)]);
    // 'sent' also when a worker had already delivered it before the first attempt looked.
    expect(['sent', 'taken']).toContain(first);
    expect(ranA + ranB).toBeGreaterThanOrEqual(5);
    for (const { wire, mail } of mails) {
      expect(seen(wire)).toBe(1);
      // Claimed once: nobody started a second send.
      expect(await row(mail.outboxId)).toMatchObject({ attempts: 1, lockedUntil: null });
      expect((await row(mail.outboxId)).sentAt).toBeInstanceOf(Date);
    }
    r.hold(0);
  });

  it('a row leased by a process that died mid-send is taken again after the lease, not before', async () => {
    const m = mailer();
    const { message, wire } = readyMail();
    const mail = await m.enqueue(db(), message);
    await makeDue([mail.outboxId]);
    // Another process claimed it (lease) and is still sending (or died): nobody else may send it.
    expect(await claimMail(db(), OUTBOX_LEASE_MS)).toMatchObject({ id: mail.outboxId, attempts: 1 });
    expect(await runDueMail(m, log)).toBe(0);
    expect(await m.deliver(mail)).toBe('taken');
    // The lease ran out: that process is gone; the row is sent once.
    await db().update(s.emailOutbox).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(s.emailOutbox.id, mail.outboxId));
    expect(await runDueMail(m, log)).toBe(1);
    expect(seen(wire)).toBe(1);
    expect(await row(mail.outboxId)).toMatchObject({ attempts: 2, lockedUntil: null });
  });

  it('a permanent 550 to RCPT TO: failed_at set, an error logged, never retried; a 451 is retried', async () => {
    const m = mailer();
    r.setMode('refuse-rcpt');
    const refused = await m.enqueue(db(), readyMail().message);
    expect(await m.deliver(refused)).toBe('failed');
    const failed = await row(refused.outboxId);
    expect(failed.failedAt).toBeInstanceOf(Date);
    expect(failed.lastError).toBe('SMTP 550 5.1.1 no such user');
    expect(logged).toContainEqual(expect.objectContaining({ level: 'error', obj: expect.objectContaining({ outboxId: refused.outboxId, permanent: true }) }));

    r.setMode('busy-rcpt');
    const busy = await m.enqueue(db(), readyMail().message);
    expect(await m.deliver(busy)).toBe('retrying');
    expect(await row(busy.outboxId)).toMatchObject({ failedAt: null, lastError: 'SMTP 451 4.3.0 try again later' });

    r.setMode('accept');
    await makeDue([refused.outboxId, busy.outboxId]);
    expect(await runDueMail(m, log)).toBe(1);
    expect((await row(busy.outboxId)).sentAt).toBeInstanceOf(Date);
    expect(await row(refused.outboxId)).toMatchObject({ sentAt: null, attempts: 1 });
  });

  it('a verification mail (retry_until null) is never retried: one attempt, then failed_at', async () => {
    const m = mailer();
    await r.down();
    const mail = await m.enqueue(db(), { to: 'kari@example.no', subject: `Bekreft e-postadressen din ${Date.now()}`, body: 'lenke' });
    expect((await row(mail.outboxId)).retryUntil).toBeNull();
    expect(await m.deliver(mail)).toBe('failed');
    expect(await row(mail.outboxId)).toMatchObject({ sentAt: null, attempts: 1 });
    expect((await row(mail.outboxId)).failedAt).toBeInstanceOf(Date);
    // One whose first attempt never happened (the process died after the commit) is not the worker's either.
    const orphan = await m.enqueue(db(), { to: 'kari@example.no', subject: 'Nullstill passordet', body: 'lenke' });
    await r.up();
    await makeDue([mail.outboxId, orphan.outboxId]);
    expect(await runDueMail(m, log)).toBe(0);
    expect(await row(orphan.outboxId)).toMatchObject({ sentAt: null, attempts: 0 });
  });

  it('past retry_until the worker gives up: failed_at, an error logged, no more attempts', async () => {
    const m = mailer();
    await r.down();
    const mail = await m.enqueue(db(), readyMail().message);
    expect(await m.deliver(mail)).toBe('retrying');
    await r.up();
    await db()
      .update(s.emailOutbox)
      .set({ retryUntil: sql`now() - interval '1 second'`, nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(s.emailOutbox.id, mail.outboxId));
    expect(await runDueMail(m, log)).toBe(0);
    const given = await row(mail.outboxId);
    expect(given.failedAt).toBeInstanceOf(Date);
    expect(given.sentAt).toBeNull();
    expect(given.lastError).toMatch(/retry window ended$/);
    expect(logged).toContainEqual(expect.objectContaining({ level: 'error', obj: expect.objectContaining({ outboxId: mail.outboxId }), msg: expect.stringMatching(/retry window/) }));
  });

  it('without SMTP_URL the worker does nothing (the outbox is where mail ends)', async () => {
    const m = new Mailer(db(), log);
    const mail = await m.enqueue(db(), readyMail().message);
    await makeDue([mail.outboxId]);
    expect(await runDueMail(m, log)).toBe(0);
    expect(await row(mail.outboxId)).toMatchObject({ attempts: 0, sentAt: null, failedAt: null });
  });
});

describe('SMTP timeouts (RFC 5321 §4.5.3.2) and addresses', () => {
  it('the defaults are the RFC minimums, and the lease outlasts a whole dialogue', () => {
    const min = 60_000;
    expect(SMTP_TIMEOUTS).toMatchObject({ greeting: 5 * min, mail: 5 * min, rcpt: 5 * min, data: 2 * min, dataBlock: 3 * min, dataEnd: 10 * min });
    const dialogue = Object.values(SMTP_TIMEOUTS).reduce((sum, ms) => sum + ms, 0) + SMTP_TIMEOUTS.ehlo;
    expect(OUTBOX_LEASE_MS).toBeGreaterThan(dialogue);
  });

  /** A relay that goes silent at one stage (never answers it) and answers everything else at once. */
  async function silentAt(stage: SmtpStage) {
    const server = net.createServer((socket) => {
      let inData = false;
      if (stage !== 'greeting') socket.write('220 relay.test\r\n');
      socket.on('data', (chunk) => {
        for (const line of chunk.toString('latin1').split('\r\n').filter(Boolean)) {
          if (inData) {
            if (line === '.' && stage !== 'dataEnd') socket.write('250 queued\r\n');
            if (line === '.') inData = false;
            continue;
          }
          const at: SmtpStage | null = /^EHLO/.test(line) ? 'ehlo' : /^MAIL/.test(line) ? 'mail' : /^RCPT/.test(line) ? 'rcpt' : line === 'DATA' ? 'data' : line === 'QUIT' ? 'quit' : null;
          if (line === 'DATA' && stage !== 'data') inData = true;
          if (at === stage) continue;
          socket.write(line === 'DATA' ? '354 go on\r\n' : '250 ok\r\n');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`, close: () => server.close() };
  }

  it.each([['greeting'], ['ehlo'], ['mail'], ['rcpt'], ['data'], ['dataEnd']] as Array<[SmtpStage]>)(
    'a relay silent at %s: that stage times out on its own limit, and the failure may be retried',
    async (stage) => {
      const relay = await silentAt(stage);
      const started = Date.now();
      const error = await sendSmtp(relay.url, 'a@staut.no', { to: 'b@example.no', subject: 's', body: 'b' }, { timeouts: { [stage]: 150 } }).catch((e: unknown) => e);
      relay.close();
      expect(error).toBeInstanceOf(SmtpError);
      expect(error).toMatchObject({ stage, permanent: false, code: null });
      expect(Date.now() - started).toBeLessThan(5_000);
    },
  );

  it('a relay silent only at QUIT: the message counts as delivered', async () => {
    const relay = await silentAt('quit');
    await expect(sendSmtp(relay.url, 'a@staut.no', { to: 'b@example.no', subject: 's', body: 'b' }, { timeouts: { quit: 100 } })).resolves.toBeUndefined();
    relay.close();
  });

  it.each([['åse@example.no'], ['kari@ørsta.no'], ['kari @example.no'], ['kari@example.no>\r\nRCPT TO:<x@y.no']])(
    '%j cannot go without SMTPUTF8: refused for good before connecting',
    async (to) => {
      const error = await sendSmtp('smtp://127.0.0.1:1', 'a@staut.no', { to, subject: 's', body: 'b' }).catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'SmtpError', stage: 'rcpt', permanent: true });
    },
  );
});
