/**
 * One payment per reservation (issue 19): Qliro and Klarna started and completed for one reservation in either
 * order, two tabs, repeated pushes, a push after the hold ended — exactly one capture-able payment, everything else
 * refused at validation or cancelled at the provider, stock conserved. Over real HTTP against the stand-ins, on every
 * test database.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { RawPaymentOrder } from '@shop/contracts/types';
import * as s from '../../src/db/schema.js';
import { expireDueReservations } from '../../src/payments/expiry.js';
import { escapeHtml } from '../../src/payments/standins/page.js';
import { paymentTexts } from '../../src/payments/texts.js';
import { qliroToken } from '../../src/payments/qliro.js';
import { CHECKOUTS_PER_RESERVATION, syncPayment } from '../../src/payments/service.js';
import type { PaymentProvider } from '../../src/payments/types.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { makeShellTree } from '../accounts/browser.js';
import { basicStandIn, HttpBrowser, klarnaManagement, openPaymentsShop, pay, paymentsOf, paymentTestEnv, reserve, settledOperations, standInLedger, stateOf, stockOf, waitFor } from './support.js';

const root = makeShellTree();
paymentTestEnv(400);

describe.each(testDatabaseKinds())('one payment per reservation on %s', (kind) => {
  const t = useTestApp(kind, { rootDir: root });
  let origin = '';
  beforeAll(async () => {
    origin = await openPaymentsShop(t());
  });
  const state = (id: number) => stateOf(t(), id);
  const start = async (b: HttpBrowser, provider: 'klarna' | 'qliro', reservationId: number) => {
    const res = await b.send('POST', `/payments/${provider}/orders`, { reservationId });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json as RawPaymentOrder;
  };
  const qliroAdmin = async (orderId: string) =>
    (await (await fetch(`${origin}/stand-in/qliro/checkout/adminapi/v2/orders/${orderId}`, { headers: { authorization: `Qliro ${qliroToken('', 'standin-secret')}` } })).json()) as {
      PaymentTransactions: Array<{ Type: string }>;
    };
  /**
   * Whether a provider still has a push to make about a checkout: one it completed that the shop has not taken in (its
   * row is acknowledged once the shop read it, by a push or the queue's re-read), or, at Qliro, whose completion push
   * the shop has not answered "received" (Klarna stops pushing once acknowledged; Qliro pushes until received).
   */
  const pushesDue = async (p: { provider: string; providerOrderId: string; acknowledgedAt: Date | null }) => {
    if (p.provider === 'klarna') return !p.acknowledgedAt && (await klarnaManagement(origin, p.providerOrderId)).status === 200;
    if (!(await qliroAdmin(p.providerOrderId)).PaymentTransactions.some((x) => x.Type === 'Preauthorization')) return false;
    const push = (await (await fetch(`${origin}/stand-in/qliro/_control/orders/${p.providerOrderId}/pushes`)).json()) as { received: boolean };
    return !p.acknowledgedAt || !push.received;
  };
  /**
   * Waits for the queue to settle: every push the stand-ins make about the reservation's checkouts (400 ms after a
   * payment, Qliro's sooner) landed and was applied, then the operations run. On that condition, not on a wait long
   * enough for the pushes.
   */
  const settle = async (reservationId: number) => {
    await waitFor(
      async () => {
        // What every process's timer does (PAYMENT_SWEEP_SECONDS, off in these tests): run what is due.
        await paymentsOf(t()).sweep();
        await paymentsOf(t()).idle();
        const due: number[] = [];
        for (const p of (await state(reservationId)).payments) if (await pushesDue(p)) due.push(p.id);
        return due;
      },
      (due) => due.length === 0,
    );
    await paymentsOf(t()).idle();
    await paymentsOf(t()).sweep();
    await paymentsOf(t()).idle();
  };

  it('two tabs starting at once get one checkout per provider', async () => {
    const b = await new HttpBrowser(origin).open();
    const r = await reserve(b, true, 1, false);
    for (const provider of ['klarna', 'qliro'] as const) {
      const tabs = await Promise.all([0, 1, 2].map(() => b.send('POST', `/payments/${provider}/orders`, { reservationId: r.ReservationID })));
      expect(tabs.map((x) => x.status)).toEqual([201, 201, 201]);
      expect(new Set(tabs.map((x) => x.json.OrderID)).size).toBe(1);
    }
    // The second provider gave up the first's open checkout.
    const { payments } = await state(r.ReservationID);
    expect(payments.map((p) => [p.provider, p.status])).toEqual([
      ['klarna', 'cancelled'],
      ['qliro', 'pending'],
    ]);
  });

  it.each(['klarna', 'qliro'] as const)('%s: when the reservation changed, the open checkout is updated at the provider, not replaced', async (provider) => {
    const b = await new HttpBrowser(origin).open();
    const r = await reserve(b, true, 2, false);
    const first = await start(b, provider, r.ReservationID);
    // A line shrinks (staff remove a unit that is not there, issue 20): one unit less on the reservation.
    const unit = r.Articles[0]!.Price;
    await t().db.update(s.reservationLines).set({ count: 1 }).where(eq(s.reservationLines.reservationId, r.ReservationID));
    await t().db.update(s.reservations).set({ total: r.Total - unit }).where(eq(s.reservations.id, r.ReservationID));
    const again = await start(b, provider, r.ReservationID);
    expect(again).toMatchObject({ OrderID: first.OrderID, Amount: r.Total - unit });
    if (provider === 'klarna') {
      const atKlarna = (await (await fetch(`${origin}/stand-in/klarna/checkout/v3/orders/${first.OrderID}`, { headers: { authorization: basicStandIn } })).json()) as { order_amount: number };
      expect(atKlarna.order_amount).toBe(r.Total - unit);
    }
    await pay(origin, again.HtmlSnippet);
    await settle(r.ReservationID);
    const st = await state(r.ReservationID);
    expect(st.reservation).toBe(3);
    expect(st.payments).toEqual([expect.objectContaining({ status: 'paid', amount: r.Total - unit, authorizedAmount: r.Total - unit })]);
  });

  it(`switching providers back and forth: at most ${CHECKOUTS_PER_RESERVATION} checkouts per reservation, then 429 and no more orders at the providers`, async () => {
    const b = await new HttpBrowser(origin).open();
    const r = await reserve(b, true, 1, false);
    for (let i = 0; i < CHECKOUTS_PER_RESERVATION; i++) await start(b, i % 2 === 0 ? 'klarna' : 'qliro', r.ReservationID);
    const refused = await b.send('POST', '/payments/klarna/orders', { reservationId: r.ReservationID });
    expect(refused.status).toBe(429);
    expect(refused.json.message).toBe(paymentTexts.tooManyCheckouts);
    const rows = (await state(r.ReservationID)).payments;
    expect(rows).toHaveLength(CHECKOUTS_PER_RESERVATION);
    // The open one (the last Qliro checkout) stays usable: a reload of that tab gets it back.
    expect((await b.send('POST', '/payments/qliro/orders', { reservationId: r.ReservationID })).status).toBe(201);
    await settle(r.ReservationID);
  });

  it('a Klarna checkout order that expired at Klarna (48 h) is replaced by a new one with a new merchant reference', async () => {
    const b = await new HttpBrowser(origin).open();
    const r = await reserve(b, true, 1, false);
    const first = await start(b, 'klarna', r.ReservationID);
    await fetch(`${origin}/stand-in/klarna/_control/orders/${first.OrderID}/expire`, { method: 'POST' });
    const second = await start(b, 'klarna', r.ReservationID);
    expect(second.OrderID).not.toBe(first.OrderID);
    const st = await state(r.ReservationID);
    expect(st.payments.map((p) => p.status)).toEqual(['cancelled', 'pending']);
    expect(st.payments[0]!.merchantReference).not.toBe(st.payments[1]!.merchantReference);
  });

  it('Klarna started, then Qliro: the stale Klarna tab is refused at validation, Qliro pays, Klarna is never paid', async () => {
    const b = await new HttpBrowser(origin).open();
    const r = await reserve(b, true, 1, false);
    const klarna = await start(b, 'klarna', r.ReservationID);
    const qliro = await start(b, 'qliro', r.ReservationID);
    const refused = await pay(origin, klarna.HtmlSnippet);
    expect(refused).toMatchObject({ status: 303, location: expect.stringContaining('/checkout?steg=betaling') });
    expect((await klarnaManagement(origin, klarna.OrderID)).status).toBe(404); // never completed
    await pay(origin, qliro.HtmlSnippet);
    await settle(r.ReservationID);
    const st = await state(r.ReservationID);
    expect(st.reservation).toBe(3);
    expect(st.payments.map((p) => [p.provider, p.status])).toEqual([
      ['klarna', 'cancelled'],
      ['qliro', 'paid'],
    ]);
  });

  it('Qliro started, then Klarna: the stale Qliro tab is declined at validation, Klarna pays', async () => {
    const b = await new HttpBrowser(origin).open();
    const r = await reserve(b, false, 1);
    const qliro = await start(b, 'qliro', r.ReservationID);
    const klarna = await start(b, 'klarna', r.ReservationID);
    // Qliro declines in its own checkout and shows the shop's DeclineReasonMessage.
    const declined = await pay(origin, qliro.HtmlSnippet);
    expect(declined.status).toBe(409);
    expect(declined.text).toContain(escapeHtml(paymentTexts.replaced));
    await pay(origin, klarna.HtmlSnippet);
    await settle(r.ReservationID);
    const st = await state(r.ReservationID);
    expect(st.reservation).toBe(3);
    expect(st.payments.map((p) => [p.provider, p.status])).toEqual([
      ['qliro', 'cancelled'],
      ['klarna', 'paid'],
    ]);
    expect((await qliroAdmin(qliro.OrderID)).PaymentTransactions).toEqual([]);
  });

  it.each(['klarna-first', 'qliro-first'] as const)('both completed (%s, the second after validation passed): exactly one payment, the other cancelled at the provider', async (order) => {
    const b = await new HttpBrowser(origin).open();
    const r = await reserve(b, true, 1, false);
    const web = await stockOf(t(), 1011, 55);
    const first = order === 'klarna-first' ? 'klarna' : 'qliro';
    const second = first === 'klarna' ? 'qliro' : 'klarna';
    // Both tabs got past the provider's validation while the reservation was open (the race the callbacks cannot
    // close): the first completes; the second tab's checkout is the open one of the other provider.
    const a = await start(b, first, r.ReservationID);
    await pay(origin, a.HtmlSnippet); // completes at the provider; its push comes later
    // Before the push lands, the shopper opens the other provider in a second tab and pays there too.
    const bOrder = await start(b, second, r.ReservationID);
    const paidSecond = await pay(origin, bOrder.HtmlSnippet);
    await settle(r.ReservationID);
    await settle(r.ReservationID);
    await settledOperations(t(), r.ReservationID);
    const st = await state(r.ReservationID);
    expect(st.reservation).toBe(3);
    const byProvider = Object.fromEntries(st.payments.map((p) => [p.provider, p]));
    const statuses = st.payments.map((p) => p.status).sort();
    expect(statuses).toEqual(['cancelled', 'paid']);
    // The one not paid was completed too (or refused at validation) — if completed, it is cancelled at the provider.
    const loser = st.payments.find((p) => p.status !== 'paid')!;
    if (loser.authorizedAmount > 0) {
      expect(st.operations.filter((o) => o.paymentOrderId === loser.id && o.kind === 'cancel').map((o) => o.state)).toEqual(['confirmed']);
      if (loser.provider === 'klarna') expect((await klarnaManagement(origin, loser.providerOrderId)).json.status).toBe('CANCELLED');
      else expect((await standInLedger(origin, 'qliro', loser.providerOrderId)).cancelled).toBe(true);
    } else {
      expect(paidSecond.status === 409 || paidSecond.location?.includes('steg=betaling')).toBe(true);
    }
    expect(byProvider[first]!.status === 'paid' || byProvider[second]!.status === 'paid').toBe(true);
    expect(await stockOf(t(), 1011, 55)).toBe(web); // taken once by the reservation, never returned, never twice
  });

  it.each([
    ['klarna', 'qliro'],
    ['qliro', 'klarna'],
  ] as const)('%s completed past validation, then %s paid while the first provider was down: the late one is cancelled at its provider and recorded', async (first, second) => {
    const b = await new HttpBrowser(origin).open();
    const r = await reserve(b, true, 1, false);
    const web = await stockOf(t(), 1011, 55);
    const early = await start(b, first, r.ReservationID);
    await pay(origin, early.HtmlSnippet); // validation passed, the provider completed; its push is on its way
    // The first provider's API is down for a while: neither its push nor the shop's re-read can see the completion.
    const control = (body: unknown) => fetch(`${origin}/stand-in/${first}/_control/fail`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await control({ status: 503, times: 100 });
    // Meanwhile the shopper pays the same reservation with the other provider in another tab: that is the payment.
    const other = await start(b, second, r.ReservationID);
    await pay(origin, other.HtmlSnippet);
    await waitFor(() => state(r.ReservationID), (v) => v.reservation === 3);
    await paymentsOf(t()).idle();
    await control({ status: 0 }); // back: the push retries and the queued re-read land now
    await t().db.update(s.paymentOperations).set({ nextAttemptAt: new Date() });
    await settle(r.ReservationID);
    await settle(r.ReservationID);
    await settledOperations(t(), r.ReservationID);
    const after = await state(r.ReservationID);
    expect(after.reservation).toBe(3);
    expect(after.payments.map((p) => [p.provider, p.status])).toEqual([
      [first, 'cancelled'],
      [second, 'paid'],
    ]);
    // The late payment was cancelled at its provider and recorded with its amount.
    expect(after.payments[0]).toMatchObject({ authorizedAmount: r.Total });
    expect(after.operations.find((o) => o.paymentOrderId === after.payments[0]!.id && o.kind === 'cancel')).toMatchObject({ state: 'confirmed', reason: 'duplicate-payment', amount: r.Total });
    if (first === 'klarna') expect((await klarnaManagement(origin, early.OrderID)).json.status).toBe('CANCELLED');
    else expect((await standInLedger(origin, 'qliro', early.OrderID)).cancelled).toBe(true);
    expect(await stockOf(t(), 1011, 55)).toBe(web);
  });

  it('a push after the hold ended: the reservation stays expired, its stock back once, the payment cancelled at Klarna', async () => {
    const b = await new HttpBrowser(origin).open();
    const r = await reserve(b, true, 2, false);
    const web = await stockOf(t(), 1011, 55);
    const klarna = await start(b, 'klarna', r.ReservationID);
    await pay(origin, klarna.HtmlSnippet); // completes; the push comes 400 ms later
    // The hold ends before the push arrives.
    await t().db.update(s.reservations).set({ holdUntil: new Date(Date.now() - 1000) }).where(eq(s.reservations.id, r.ReservationID));
    expect(await expireDueReservations(t().db)).toEqual([r.ReservationID]);
    expect(await stockOf(t(), 1011, 55)).toBe(web + 2);
    await settle(r.ReservationID);
    await settle(r.ReservationID);
    const st = await state(r.ReservationID);
    expect(st).toMatchObject({ reservation: 9, order: 'cancelled' });
    expect(st.expiredAt).not.toBeNull();
    expect(st.payments).toEqual([expect.objectContaining({ status: 'cancelled', authorizedAmount: r.Total })]);
    expect(st.operations.map((o) => [o.kind, o.state, o.reason])).toEqual([
      ['void', 'confirmed', 'expired'],
      ['cancel', 'confirmed', 'expired'],
    ]);
    expect((await klarnaManagement(origin, klarna.OrderID)).json.status).toBe('CANCELLED');
    expect(await stockOf(t(), 1011, 55)).toBe(web + 2); // returned once, not taken again
    // Repeated pushes change nothing.
    for (let i = 0; i < 3; i++) await fetch(`${origin}/api/v1/payments/klarna/push?klarna_order_id=${klarna.OrderID}`, { method: 'POST' });
    await settle(r.ReservationID);
    expect(await state(r.ReservationID)).toEqual(st);
    // The shopper who comes back is told in Norwegian.
    const late = await b.send('POST', '/payments/qliro/orders', { reservationId: r.ReservationID });
    expect(late.status).toBe(410);
    expect(late.json.message).toMatch(/^Reservasjonen er utløpt/);
  });

  it('a completed order whose amount or reference disagrees is flagged at error level for staff, not left pending', async () => {
    const b = await new HttpBrowser(origin).open();
    const r = await reserve(b, true, 1, false);
    const klarna = await start(b, 'klarna', r.ReservationID);
    const runtime = paymentsOf(t());
    const error = vi.fn();
    const log = Object.assign(Object.create(runtime.context.log), { error });
    const wrong: PaymentProvider = {
      ...runtime.provider('klarna'),
      name: 'klarna',
      readOrder: async (id) => ({ orderId: id, status: 'paid', amount: r.Total - 100, htmlSnippet: '', reference: 'someone-else' }),
      acknowledge: async () => {},
    } as PaymentProvider;
    const synced = await syncPayment({ ...runtime.context, log }, wrong, klarna.OrderID);
    expect(synced!.outcome).toBe('mismatch');
    expect(synced!.row).toMatchObject({ status: 'mismatch', mismatch: expect.stringContaining('reference') });
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ reservation: r.ReservationID, mismatch: expect.any(String) }), expect.stringContaining('flagged'));
    expect((await state(r.ReservationID)).reservation).toBe(1);
  });
});
