/**
 * Staff move money only through the workflow (issue 33): every route that moves money × every role, with the status
 * each must get, and nothing changed where it is refused; capture, cancel, release and refund by hand are customer
 * service's (or admin's), need a reason and are in the reservation's audit trail. Then the insider's sequence: a
 * payment cancelled (or captured) by hand and the goods handed over — refused, never recorded as paid in the shop,
 * and a capture by hand that is recorded (not repeated) by the hand-over instead of leaving the reservation stuck.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { STAFF_ROLES, type StaffRole } from '@shop/contracts/constants';
import { formatMoney } from '@shop/contracts/format';
import type { StaffReservationDetail } from '@shop/contracts/types';
import * as s from '../../src/db/schema.js';
import { fulfilmentTexts as T } from '../../src/fulfilment/texts.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { makeShellTree } from '../accounts/browser.js';
import { HttpBrowser, klarnaManagement, openPaymentsShop, paymentTestEnv, payReservation, reserve, settledOperations, staffHeaders } from './support.js';

const root = makeShellTree();
paymentTestEnv(100);

const OSLO = 1;
const BERGEN = 2;
const WEB = 55;

type Role = 'anonymous' | 'shopper' | 'shop staff here' | 'shop staff elsewhere' | 'customer service' | 'admin' | 'editor';
const ROLES: Role[] = ['anonymous', 'shopper', 'shop staff here', 'shop staff elsewhere', 'customer service', 'admin', 'editor'];

/** Money by hand, refunds, reconciliation and settling by hand: customer service and admin only. */
const SERVICE_ONLY: Record<Role, number> = { anonymous: 401, shopper: 403, 'shop staff here': 403, 'shop staff elsewhere': 403, 'customer service': 200, admin: 200, editor: 403 };
/** The workflow's hand-overs, and extending an authorisation (moves no money): the shop's own staff too. */
const WORKFLOW: Record<Role, number> = { anonymous: 401, shopper: 403, 'shop staff here': 200, 'shop staff elsewhere': 404, 'customer service': 200, admin: 200, editor: 403 };

interface Fixture {
  id: number;
  paymentId: number;
  operationId?: number;
}
type Answer = { status: number; json: Record<string, unknown> & { message?: string } };

describe.each(testDatabaseKinds())('staff money routes on %s', (kind) => {
  const t = useTestApp(kind, { rootDir: root });
  let origin = '';
  const headersOf = new Map<string, Record<string, string>>();
  let admin: Record<string, string> = {};
  let service: Record<string, string> = {};
  let oslo: Record<string, string> = {};

  beforeAll(async () => {
    origin = await openPaymentsShop(t());
    // Every cell of the matrix gets a reservation of its own: enough units on every shelf.
    await t().db.update(s.stock).set({ qty: 500 }).where(sql`${s.stock.variantId} = 1011`);
    const anonymous = await new HttpBrowser(origin).open();
    headersOf.set('anonymous', { cookie: anonymous.cookie, 'x-csrf-token': anonymous.token, 'x-requested-with': 'XMLHttpRequest' });
    headersOf.set('shopper', await staffHeaders(t(), 'customer' as StaffRole, [], 'Ola Kunde'));
    headersOf.set('editor', await staffHeaders(t(), STAFF_ROLES.editor, [], 'Rita Redaktør'));
    headersOf.set('customer service', (service = await staffHeaders(t(), STAFF_ROLES.customerService, [], 'Kari Kundeservice')));
    headersOf.set('admin', (admin = await staffHeaders(t(), STAFF_ROLES.admin, [], 'Ada Admin')));
    headersOf.set(`shop ${OSLO}`, (oslo = await staffHeaders(t(), STAFF_ROLES.shop, [OSLO], 'Nora Butikk')));
    headersOf.set(`shop ${WEB}`, await staffHeaders(t(), STAFF_ROLES.shop, [WEB], 'Lars Lager'));
    headersOf.set(`shop ${BERGEN}`, await staffHeaders(t(), STAFF_ROLES.shop, [BERGEN], 'Per Bergen'));
  });

  /** The headers of a role for a reservation picked up in (or sent from) `shopId`. */
  const as = (role: Role, shopId: number) =>
    role === 'shop staff here' ? headersOf.get(`shop ${shopId}`)! : role === 'shop staff elsewhere' ? headersOf.get(`shop ${BERGEN}`)! : headersOf.get(role)!;

  const call = async (headers: Record<string, string>, method: string, path: string, body?: unknown): Promise<Answer> => {
    const res = await fetch(`${origin}/api/v1${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : {} };
  };
  const detail = async (id: number) => (await call(admin, 'GET', `/staff/reservations/${id}`)).json as unknown as StaffReservationDetail;
  const version = async (id: number) => (await t().db.select({ v: s.reservations.version }).from(s.reservations).where(eq(s.reservations.id, id)))[0]!.v;
  const act = async (headers: Record<string, string>, id: number, action: string, body: Record<string, unknown> = {}) =>
    call(headers, 'POST', `/staff/reservations/${id}/${action}`, { requestKey: randomUUID(), version: await version(id), ...body });
  const byHand = (headers: Record<string, string>, paymentId: number, body: Record<string, unknown>) =>
    call(headers, 'POST', `/payments/staff/payments/${paymentId}/operations`, { requestKey: randomUUID(), ...body });
  const ok = (answer: Answer) => {
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return answer;
  };

  // ---- reservations in the state each route needs ----
  const paid = async (home = false, count = 1): Promise<Fixture> => {
    const b = await new HttpBrowser(origin).open();
    const r = await reserve(b, home, count, false);
    // How the shop learns of the payment is not what this file tests: the shopper comes back to the confirmation page.
    const { paymentId } = await payReservation(t(), origin, b, r.ReservationID, 'klarna', { returnToShop: true });
    return { id: r.ReservationID, paymentId };
  };
  const ready = async (count = 1) => {
    const f = await paid(false, count);
    ok(await act(admin, f.id, 'ready'));
    return f;
  };
  const capturedByHand = async (amount?: number, f?: Fixture) => {
    const x = f ?? (await paid());
    expect(ok(await byHand(admin, x.paymentId, { kind: 'capture', reason: 'Kunden ba om trekk nå', ...(amount ? { amount } : {}) })).json.state).toBe('confirmed');
    return x;
  };
  const collected = async (): Promise<Fixture> => {
    const f = await ready();
    ok(await act(admin, f.id, 'collected'));
    await settledOperations(t(), f.id);
    return f;
  };
  const unpaidReady = async (): Promise<Fixture> => {
    const b = await new HttpBrowser(origin).open();
    const r = await reserve(b, false, 1, false);
    ok(await act(admin, r.ReservationID, 'ready'));
    return { id: r.ReservationID, paymentId: 0 };
  };
  const withUnknownOperation = async (): Promise<Fixture> => {
    const f = await paid();
    const [op] = await t()
      .db.insert(s.paymentOperations)
      .values({ paymentOrderId: f.paymentId, reservationId: f.id, kind: 'capture', amount: 1000, idempotencyKey: randomUUID(), reason: 'staff', state: 'unknown', attempts: 8, followUp: 'Kustom svarte ikke.', doneAt: new Date() })
      .returning();
    return { ...f, operationId: op!.id };
  };

  /** Everything a refused request must leave as it was. */
  const snapshot = async (f: Fixture) => {
    const [r] = await t().db.select({ statusId: s.reservations.statusId, version: s.reservations.version, closedAt: s.reservations.closedAt }).from(s.reservations).where(eq(s.reservations.id, f.id));
    const events = await t().db.select({ kind: s.reservationEvents.kind }).from(s.reservationEvents).where(eq(s.reservationEvents.reservationId, f.id));
    const ops = await t().db.select({ id: s.paymentOperations.id, state: s.paymentOperations.state }).from(s.paymentOperations).where(eq(s.paymentOperations.reservationId, f.id)).orderBy(asc(s.paymentOperations.id));
    const payments = await t()
      .db.select({ status: s.paymentOrders.status, captured: s.paymentOrders.capturedAmount, refunded: s.paymentOrders.refundedAmount, authorized: s.paymentOrders.authorizedAmount, reconciledAt: s.paymentOrders.reconciledAt })
      .from(s.paymentOrders)
      .where(eq(s.paymentOrders.reservationId, f.id));
    const [order] = await t().db.select({ status: s.orders.status }).from(s.orders).where(eq(s.orders.reservationId, f.id));
    return { r, events: events.map((e) => e.kind), ops, payments, order: order?.status };
  };
  const handEvent = async (id: number) =>
    (await t().db.select().from(s.reservationEvents).where(eq(s.reservationEvents.reservationId, id)).orderBy(asc(s.reservationEvents.id))).filter((e) => e.kind === 'payment-by-hand');

  interface MoneyRoute {
    name: string;
    shopId: number;
    setup: () => Promise<Fixture>;
    send: (headers: Record<string, string>, f: Fixture) => Promise<Answer>;
    expected: Record<Role, number>;
    /** What a 200 must have done. */
    done?: (f: Fixture, answer: Answer, role: Role) => Promise<void>;
  }
  const auditedByHand = (operation: string) => async (f: Fixture, answer: Answer, role: Role) => {
    const events = await handEvent(f.id);
    expect(events.map((e) => [e.actorName, e.detail])).toContainEqual([
      role === 'admin' ? 'Ada Admin' : 'Kari Kundeservice',
      expect.objectContaining({ operation, operationId: answer.json.id, paymentId: f.paymentId, reason: `Matrise: ${operation}` }),
    ]);
  };
  const routes: MoneyRoute[] = [
    { name: 'operations capture', shopId: OSLO, setup: () => paid(), send: (h, f) => byHand(h, f.paymentId, { kind: 'capture', reason: 'Matrise: capture' }), expected: SERVICE_ONLY, done: auditedByHand('capture') },
    { name: 'operations refund', shopId: OSLO, setup: () => capturedByHand(), send: (h, f) => byHand(h, f.paymentId, { kind: 'refund', reason: 'Matrise: refund' }), expected: SERVICE_ONLY, done: auditedByHand('refund') },
    { name: 'operations cancel', shopId: OSLO, setup: () => paid(), send: (h, f) => byHand(h, f.paymentId, { kind: 'cancel', reason: 'Matrise: cancel' }), expected: SERVICE_ONLY, done: auditedByHand('cancel') },
    { name: 'operations release', shopId: OSLO, setup: () => capturedByHand(1000), send: (h, f) => byHand(h, f.paymentId, { kind: 'release', reason: 'Matrise: release' }), expected: SERVICE_ONLY, done: auditedByHand('release') },
    {
      name: 'operations extend',
      shopId: OSLO,
      setup: () => paid(),
      send: (h, f) => byHand(h, f.paymentId, { kind: 'extend' }),
      expected: WORKFLOW,
      done: async (f, answer) => expect((await handEvent(f.id)).map((e) => e.detail)).toContainEqual(expect.objectContaining({ operation: 'extend', operationId: answer.json.id })),
    },
    { name: 'workspace refund', shopId: OSLO, setup: collected, send: (h, f) => act(h, f.id, 'refund', { amount: 500, reason: 'Matrise: refusjon' }), expected: SERVICE_ONLY },
    {
      name: 'collected',
      shopId: OSLO,
      setup: () => ready(),
      send: (h, f) => act(h, f.id, 'collected'),
      expected: WORKFLOW,
      done: async (f, answer) => {
        expect(answer.json).toMatchObject({ statusId: 5 });
        expect((await settledOperations(t(), f.id)).map((o) => [o.kind, o.state])).toEqual([['capture', 'confirmed']]);
      },
    },
    {
      name: 'shipped',
      shopId: WEB,
      setup: () => paid(true),
      send: (h, f) => act(h, f.id, 'shipped', { trackingUrl: 'https://sporing.posten.no/sporing/MATRISE' }),
      expected: WORKFLOW,
      done: async (_, answer) => expect(answer.json).toMatchObject({ statusId: 6 }),
    },
    {
      name: 'paid-in-shop',
      shopId: OSLO,
      setup: unpaidReady,
      send: (h, f) => act(h, f.id, 'paid-in-shop'),
      expected: WORKFLOW,
      done: async (_, answer) => expect(answer.json).toMatchObject({ statusId: 5, events: expect.arrayContaining([expect.objectContaining({ kind: 'paid-in-shop', detail: expect.objectContaining({ paidInShop: true }) })]) }),
    },
    {
      name: 'reconcile',
      shopId: OSLO,
      // Reconciliation compares payments that moved money.
      setup: () => capturedByHand(),
      send: (h, f) => call(h, 'POST', '/payments/staff/reconcile', { paymentId: f.paymentId }),
      expected: SERVICE_ONLY,
      done: async (f, answer) => expect(answer.json).toMatchObject({ checked: 1, results: [{ paymentId: f.paymentId, outcome: 'agrees' }] }),
    },
    {
      name: 'resolve',
      shopId: OSLO,
      setup: withUnknownOperation,
      send: (h, f) => call(h, 'POST', `/payments/staff/operations/${f.operationId}/resolve`, { outcome: 'refused', reason: 'Matrise: ikke trukket hos Kustom' }),
      expected: SERVICE_ONLY,
      done: async (_, answer) => expect(answer.json).toMatchObject({ state: 'refused' }),
    },
  ];

  /** A refused request finds the route's shared reservation and must leave it exactly as it was. */
  const shared = new Map<string, Promise<Fixture>>();
  const cells = routes.flatMap((route) => ROLES.map((role) => [route.name, role, route.expected[role]] as const));

  it.each(cells)('%s by %s → %i', async (name, role, status) => {
    const route = routes.find((r) => r.name === name)!;
    const headers = as(role, route.shopId);
    if (status === 200) {
      const f = await route.setup();
      const answer = await route.send(headers, f);
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      await route.done?.(f, answer, role);
      return;
    }
    if (!shared.has(name)) shared.set(name, route.setup());
    const f = await shared.get(name)!;
    const before = await snapshot(f);
    const answer = await route.send(headers, f);
    expect(answer.status, JSON.stringify(answer.json)).toBe(status);
    expect(answer.json.message).toMatch(/[a-zæøå]/i);
    expect(await snapshot(f)).toEqual(before);
  });

  it.each(['capture', 'refund', 'cancel', 'release'])('%s by hand needs a reason (422, nothing queued or written)', async (operation) => {
    const f = operation === 'refund' ? await capturedByHand() : operation === 'release' ? await capturedByHand(1000) : await paid();
    const before = await snapshot(f);
    for (const reason of [undefined, '', '   ']) {
      const answer = await byHand(service, f.paymentId, { kind: operation, ...(reason === undefined ? {} : { reason }) });
      expect(answer).toMatchObject({ status: 422, json: { message: T.operationReason } });
    }
    expect(await snapshot(f)).toEqual(before);
  });

  it('shop staff are told in Norwegian that money moves by hand only through customer service', async () => {
    const f = await paid();
    expect(await byHand(oslo, f.paymentId, { kind: 'cancel', reason: 'Kunden angret' })).toMatchObject({ status: 403, json: { message: T.moneyByHandOnly } });
  });

  describe('cancel, then hand over', () => {
    it('shop staff cannot cancel; after customer service cancels, "Hentet" and "Betalt i butikken" are refused and nothing is paid in the shop', async () => {
      const f = await ready();
      const deniedCancel = await byHand(oslo, f.paymentId, { kind: 'cancel', reason: 'Kunden betaler kontant' });
      expect(deniedCancel).toMatchObject({ status: 403, json: { message: T.moneyByHandOnly } });
      expect((await detail(f.id)).payment).toMatchObject({ status: 'paid', operations: [] });

      const cancelled = ok(await byHand(service, f.paymentId, { kind: 'cancel', reason: 'Kunden ba om å avbryte betalingen' }));
      expect(cancelled.json).toMatchObject({ kind: 'cancel', state: 'confirmed' });
      // In the audit trail, by name and with the reason, in the same transaction as the operation.
      expect((await handEvent(f.id)).map((e) => [e.actorName, e.detail])).toEqual([
        ['Kari Kundeservice', expect.objectContaining({ operation: 'cancel', operationId: cancelled.json.id, reason: 'Kunden ba om å avbryte betalingen' })],
      ]);

      const shown = await detail(f.id);
      expect(shown).toMatchObject({ statusId: 4, payment: { status: 'cancelled' }, handOver: { mode: 'refused', message: T.handOverCancelled } });
      const before = await snapshot(f);
      for (const [headers, action] of [[oslo, 'collected'], [oslo, 'paid-in-shop'], [service, 'collected'], [admin, 'paid-in-shop']] as const) {
        expect(await act(headers, f.id, action), action).toMatchObject({ status: 422, json: { message: T.handOverCancelled } });
      }
      expect(await snapshot(f)).toEqual(before);
      const events = (await detail(f.id)).events;
      expect(events.map((e) => e.kind)).not.toContain('collected');
      expect(events.map((e) => e.kind)).not.toContain('paid-in-shop');
      expect(events.filter((e) => (e.detail as { paidInShop?: boolean }).paidInShop)).toEqual([]);
    });

    it('home delivery: a payment cancelled by hand is not shipped', async () => {
      const f = await paid(true);
      ok(await byHand(admin, f.paymentId, { kind: 'cancel', reason: 'Svindelmistanke' }));
      const before = await snapshot(f);
      expect(await act(headersOf.get(`shop ${WEB}`)!, f.id, 'shipped', { trackingUrl: 'https://sporing.posten.no/sporing/X1' })).toMatchObject({ status: 422, json: { message: T.handOverCancelled } });
      expect(await snapshot(f)).toEqual(before);
    });

    it.each([
      ['a cancel by hand in flight', 'cancel', 'queued', T.handOverInFlight],
      ['a capture by hand at the provider', 'capture', 'sent', T.handOverInFlight],
      ['an operation to be followed up', 'cancel', 'unknown', T.handOverFollowUp],
    ])('%s: the hand-over waits, with the reason', async (_, opKind, state, message) => {
      const f = await ready();
      await t()
        .db.insert(s.paymentOperations)
        .values({ paymentOrderId: f.paymentId, reservationId: f.id, kind: opKind, amount: opKind === 'capture' ? 1000 : null, idempotencyKey: randomUUID(), reason: 'staff', state, attempts: 1, nextAttemptAt: new Date(Date.now() + 3_600_000), lockedUntil: new Date(Date.now() + 3_600_000) });
      expect((await detail(f.id)).handOver).toEqual({ mode: 'refused', message });
      const before = await snapshot(f);
      expect(await act(oslo, f.id, 'collected')).toMatchObject({ status: 422, json: { message } });
      expect(await snapshot(f)).toEqual(before);
    });

    it('a payment that differs from the provider’s ledger is not handed over', async () => {
      const f = await ready();
      await t().db.update(s.paymentOrders).set({ discrepancy: 'Kustom har trukket 100,00 kr som butikken ikke har registrert.' }).where(eq(s.paymentOrders.id, f.paymentId));
      expect(await act(oslo, f.id, 'collected')).toMatchObject({ status: 422, json: { message: T.handOverDiscrepancy } });
    });
  });

  describe('captured by hand before the hand-over', () => {
    it('"Hentet" records the capture made by hand and captures nothing more', async () => {
      const f = await ready();
      const total = (await detail(f.id)).total;
      await capturedByHand(undefined, f);
      const handed = ok(await act(oslo, f.id, 'collected'));
      expect(handed.json.statusId).toBe(5);
      expect((handed.json as unknown as StaffReservationDetail).events.at(-1)).toMatchObject({ kind: 'collected', detail: { captured: 0, capturedBefore: total, operations: [] } });
      const ops = await settledOperations(t(), f.id);
      expect(ops.map((o) => [o.kind, o.amount, o.state])).toEqual([['capture', total, 'confirmed']]);
      const order = (await t().db.select().from(s.paymentOrders).where(eq(s.paymentOrders.id, f.paymentId)))[0]!;
      expect((await klarnaManagement(origin, order.providerOrderId)).json).toMatchObject({ captured_amount: total, refunded_amount: 0 });
    });

    it('part captured by hand: "Hentet" of more is refused with what to do; once the rest is captured it goes through', async () => {
      const f = await ready();
      const total = (await detail(f.id)).total;
      await capturedByHand(1000, f);
      expect(await act(oslo, f.id, 'collected')).toMatchObject({ status: 422, json: { message: T.capturedShort(formatMoney(1000), formatMoney(total)) } });
      ok(await byHand(service, f.paymentId, { kind: 'capture', reason: 'Resten trekkes før utlevering' }));
      const handed = ok(await act(oslo, f.id, 'collected'));
      expect((handed.json as unknown as StaffReservationDetail).events.at(-1)!.detail).toMatchObject({ captured: 0, capturedBefore: total });
    });

    it('remove-line after a capture by hand says what to do instead; a partial "Hentet" leaves the difference to refund, which customer service can', async () => {
      const f = await ready(2);
      const shown = await detail(f.id);
      const line = shown.lines[0]!;
      await capturedByHand(undefined, f);
      expect(await act(oslo, f.id, 'remove-line', { lineId: line.id, count: 1, restock: true })).toMatchObject({ status: 422, json: { message: T.removeAfterCapture } });
      const handed = ok(await act(oslo, f.id, 'collected', { lines: [{ lineId: line.id, count: 1 }] }));
      expect((handed.json as unknown as StaffReservationDetail).events.at(-1)!.detail).toMatchObject({ captured: 0, capturedBefore: shown.total, refundDue: shown.total - line.price });
      ok(await act(service, f.id, 'refund', { amount: shown.total - line.price, reason: 'Én vare ble ikke utlevert' }));
    });
  });
});
