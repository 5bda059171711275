/**
 * Issue 32: the mail relay is down for two minutes during a hand-over step. The "ready for pickup" mail is written
 * with the change (email_outbox, in the same transaction) and its first delivery fails; once the relay is back the
 * outbox worker delivers it, exactly once. Time never really passes: "two minutes later" is the row's next attempt
 * moved into the past, as the clock would. Over real HTTP, on every test database.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import * as s from '../../src/db/schema.js';
import { outboxWorkerOf } from '../../src/accounts/outbox.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { relay } from '../support/smtpRelay.js';
import { makeShellTree } from '../accounts/browser.js';
import { HttpBrowser, openPaymentsShop, paymentsOf, paymentTestEnv, payReservation, reserve, staffHeaders } from '../payments/support.js';

const root = makeShellTree();
paymentTestEnv(100);
// The worker runs by hand here (its timer is what MAIL_OUTBOX_SECONDS sets in a real process).
process.env.MAIL_OUTBOX_SECONDS = '0';
const mailRelay = await relay();
process.env.SMTP_URL = mailRelay.url;
afterAll(async () => {
  delete process.env.SMTP_URL;
  await mailRelay.down();
});

describe.each(testDatabaseKinds())('order mail through a relay outage on %s', (kind) => {
  const t = useTestApp(kind, { rootDir: root });
  let origin = '';
  let staff: Record<string, string> = {};
  beforeAll(async () => {
    origin = await openPaymentsShop(t());
    staff = await staffHeaders(t());
  });

  it('"klar til henting" while the relay is down: sent once after it is back, never twice', async () => {
    const b = await new HttpBrowser(origin).open();
    const r = await reserve(b, false, 1, false);
    await payReservation(t(), origin, b, r.ReservationID, 'klarna');
    const subject = `Reservasjon ${r.ReservationID} er klar til henting`;
    const row = async () => (await t().db.select().from(s.emailOutbox).where(and(like(s.emailOutbox.subject, subject))))[0];
    const mailer = paymentsOf(t()).context.mailer!;
    const worker = outboxWorkerOf(mailer)!;

    // The relay serves every database kind of this file (reservation ids repeat across them): count from here.
    const acceptedBefore = mailRelay.accepted.length;
    await mailRelay.down();
    const detail = await (await fetch(`${origin}/api/v1/staff/reservations/${r.ReservationID}`, { headers: staff })).json() as { version: number };
    const ready = await fetch(`${origin}/api/v1/staff/reservations/${r.ReservationID}/ready`, {
      method: 'POST',
      headers: { ...staff, 'content-type': 'application/json' },
      body: JSON.stringify({ requestKey: randomUUID(), version: detail.version }),
    });
    expect(ready.status).toBe(200);
    // The first attempt (right after the commit) failed: the mail waits in the outbox for the worker.
    await mailer.drain();
    expect(await row()).toMatchObject({ sentAt: null, failedAt: null, attempts: 1, lastError: expect.any(String) });

    // A minute later the relay is still down: tried again, still waiting.
    await t().db.update(s.emailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(s.emailOutbox.subject, subject));
    await worker.runNow();
    expect(await row()).toMatchObject({ sentAt: null, failedAt: null, attempts: 2 });

    // Two minutes in, the relay is back: the next pass delivers it; later passes send nothing more.
    await mailRelay.up();
    await t().db.update(s.emailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(s.emailOutbox.subject, subject));
    await worker.runNow();
    await worker.runNow();
    expect(mailRelay.accepted.slice(acceptedBefore).filter((x) => x === subject)).toHaveLength(1);
    expect((await row())!.sentAt).toBeInstanceOf(Date);
  });
});
