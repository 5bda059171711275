import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { klarnaAmounts } from '../money.js';
import type { CheckoutOrder } from '../types.js';
import { klarnaRuleViolations, klarnaStandIn, pushSchedule } from './klarna.js';

const order = (lines: Array<[number, number]>, shipping = 0, discount = 0): CheckoutOrder => {
  const goods = lines.reduce((s, [q, p]) => s + q * p, 0);
  return {
    reservationId: 1,
    shopId: 55,
    lines: lines.map(([quantity, unitPrice], i) => ({ reference: `ean${i}`, name: `Vare ${i}`, quantity, unitPrice })),
    shipping,
    discount,
    total: goods + shipping - discount,
  };
};

describe("the stand-in's own reading of Klarna's amount rules", () => {
  it.each([
    ['one line', order([[1, 12500]])],
    ['odd øre', order([[3, 2990], [1, 1]], 9900)],
    ['a discount line', order([[2, 199900]], 0, 59970)],
    ['everything', order([[2, 249900], [5, 3], [1, 7]], 14900, 1)],
  ])("the shop's bodies pass: %s", (_name, o) => expect(klarnaRuleViolations(klarnaAmounts(o))).toEqual([]));

  it.each([
    ['no lines', { order_amount: 0, order_tax_amount: 0, order_lines: [] }, ['order_lines']],
    ['line total ≠ quantity × price', { order_amount: 101, order_tax_amount: 20, order_lines: [{ quantity: 1, unit_price: 100, tax_rate: 2500, total_amount: 101, total_tax_amount: 20 }] }, ['order_lines[0].total_amount']],
    ['tax off by 2', { order_amount: 100, order_tax_amount: 22, order_lines: [{ quantity: 1, unit_price: 100, tax_rate: 2500, total_amount: 100, total_tax_amount: 22 }] }, ['order_lines[0].total_tax_amount']],
    ['order amount ≠ Σ lines', { order_amount: 99, order_tax_amount: 20, order_lines: [{ quantity: 1, unit_price: 100, tax_rate: 2500, total_amount: 100, total_tax_amount: 20 }] }, ['order_amount']],
    ['a fractional quantity', { order_amount: 50, order_tax_amount: 10, order_lines: [{ quantity: 0.5, unit_price: 100, tax_rate: 2500, total_amount: 50, total_tax_amount: 10 }] }, ['order_lines[0].quantity']],
  ])('refused: %s', (_name, body, errors) => expect(klarnaRuleViolations(body)).toEqual(errors));
});

describe('the Kustom stand-in over HTTP: pushes, fraud review, idempotency, ledger and faults', () => {
  const PUSH_MS = 100;
  const auth = { authorization: `Basic ${Buffer.from('u:p').toString('base64')}` };
  let app: FastifyInstance;
  let origin = '';
  const pushes = new Map<string, number>();
  const notifications: Array<{ order_id: string; event_type: string }> = [];

  beforeAll(async () => {
    const before = process.env.PAYMENT_STAND_IN_PUSH_DELAY_MS;
    process.env.PAYMENT_STAND_IN_PUSH_DELAY_MS = String(PUSH_MS);
    app = Fastify();
    await app.register(klarnaStandIn({ username: 'u', password: 'p' }), { prefix: '/kustom' });
    // The merchant: answers every push 200 and never acknowledges by itself.
    await app.register(async (merchant) => {
      merchant.removeAllContentTypeParsers();
      merchant.addContentTypeParser('*', { parseAs: 'string' }, (_r, body, done) => done(null, body));
      merchant.post<{ Querystring: { id: string } }>('/merchant/push', async (request) => {
        pushes.set(request.query.id, (pushes.get(request.query.id) ?? 0) + 1);
        return {};
      });
      merchant.post('/merchant/notification', async (request) => {
        notifications.push(JSON.parse(request.body as string));
        return {};
      });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    if (before === undefined) delete process.env.PAYMENT_STAND_IN_PUSH_DELAY_MS;
    else process.env.PAYMENT_STAND_IN_PUSH_DELAY_MS = before;
  });
  afterAll(async () => app.close());

  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${origin}/kustom${path}`, {
      method,
      headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : null };
  };
  const control = (path: string, body: unknown) => call('POST', `/_control/${path}`, body);
  /** A completed (paid) order of 2 × 500 kr. */
  const paidOrder = async () => {
    const created = await call('POST', '/checkout/v3/orders', {
      purchase_currency: 'NOK',
      ...klarnaAmounts(order([[2, 50000]])),
      merchant_urls: {
        terms: `${origin}/t`,
        checkout: `${origin}/c`,
        confirmation: `${origin}/ok`,
        push: `${origin}/merchant/push?id={checkout.order.id}`,
        notification: `${origin}/merchant/notification?id={checkout.order.id}`,
      },
    });
    expect(created.status).toBe(201);
    const id = created.json.order_id as string;
    const paid = await fetch(`${origin}/kustom/pay/${id}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' });
    expect(paid.status).toBe(303);
    return id;
  };
  const until = async <T>(read: () => T | Promise<T>, done: (v: T) => boolean, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const v = await read();
      if (done(v)) return v;
      if (Date.now() > deadline) throw new Error(`condition not met: ${JSON.stringify(v)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it("compresses Kustom's push schedule (2 min, then +5, +15, +30, +60 min, every 4 h for 48 h) by the first delay", () => {
    const minutes = pushSchedule(120_000).map((ms) => ms / 60_000);
    expect(minutes.slice(0, 6)).toEqual([2, 7, 17, 32, 62, 302]);
    expect(minutes.at(-1)).toBeLessThanOrEqual(2 + 48 * 60);
    // 1000 times faster: a minute of Kustom's schedule is 60 ms.
    expect(pushSchedule(120)).toEqual(minutes.map((m) => Math.round(m * 60)));
  });

  it('pushes again while the order is not acknowledged, though every push was answered 200; not after it', async () => {
    const a = await paidOrder();
    await until(() => pushes.get(a) ?? 0, (n) => n >= 3);
    expect((await call('POST', `/ordermanagement/v1/orders/${a}/acknowledge`)).status).toBe(204);
    const atAcknowledgement = pushes.get(a)!;
    // A second order paid now: its 4th push comes after the slot of A's next push (A's 4th), whatever the timing.
    const b = await paidOrder();
    await until(() => pushes.get(b) ?? 0, (n) => n >= 4);
    expect(pushes.get(a)).toBe(atAcknowledgement);
    expect((await call('GET', `/_control/orders/${a}/pushes`)).json).toMatchObject({ pushes: atAcknowledgement, acknowledged: true });
    await call('POST', `/ordermanagement/v1/orders/${b}/acknowledge`);
  });

  it('a pending order cannot be captured; the decision changes fraud_status and is sent to merchant_urls.notification', async () => {
    expect((await control('fraud', { status: 'PENDING', times: 2 })).json).toEqual({ fraud: { status: 'PENDING', times: 2 } });
    const [one, two] = [await paidOrder(), await paidOrder()];
    const third = await paidOrder();
    expect((await call('GET', `/ordermanagement/v1/orders/${one}`)).json).toMatchObject({ status: 'AUTHORIZED', fraud_status: 'PENDING', remaining_authorized_amount: 100000 });
    expect((await call('GET', `/ordermanagement/v1/orders/${third}`)).json.fraud_status).toBe('ACCEPTED');
    const refused = await call('POST', `/ordermanagement/v1/orders/${one}/captures`, { captured_amount: 100000 }, { 'klarna-idempotency-key': randomUUID() });
    expect(refused).toMatchObject({ status: 403, json: { error_code: 'CAPTURE_NOT_ALLOWED' } });

    expect((await control(`orders/${one}/fraud`, { decision: 'ACCEPTED' })).json).toEqual({ order_id: one, fraud_status: 'ACCEPTED', event_type: 'FRAUD_RISK_ACCEPTED' });
    expect((await control(`orders/${two}/fraud`, { decision: 'STOPPED' })).json).toMatchObject({ fraud_status: 'REJECTED', event_type: 'FRAUD_RISK_STOPPED' });
    await until(() => notifications.filter((n) => n.order_id === one || n.order_id === two), (n) => n.length === 2);
    expect(notifications).toEqual(expect.arrayContaining([{ order_id: one, event_type: 'FRAUD_RISK_ACCEPTED' }, { order_id: two, event_type: 'FRAUD_RISK_STOPPED' }]));
    expect((await call('POST', `/ordermanagement/v1/orders/${one}/captures`, { captured_amount: 100000 }, { 'klarna-idempotency-key': randomUUID() })).status).toBe(201);
    // Rejected: never captured, but the merchant may cancel the authorisation.
    expect((await call('POST', `/ordermanagement/v1/orders/${two}/captures`, { captured_amount: 100000 })).status).toBe(403);
    expect((await call('POST', `/ordermanagement/v1/orders/${two}/cancel`)).status).toBe(204);
    expect((await call('GET', `/ordermanagement/v1/orders/${two}`)).json).toMatchObject({ status: 'CANCELLED', fraud_status: 'REJECTED', remaining_authorized_amount: 0 });
    for (const id of [one, two, third]) await call('POST', `/ordermanagement/v1/orders/${id}/acknowledge`);
  });

  it('one idempotency key, one capture: a repeat (whatever its body) gets the first answer; the key elsewhere is a conflict', async () => {
    const id = await paidOrder();
    const key = randomUUID();
    const first = await call('POST', `/ordermanagement/v1/orders/${id}/captures`, { captured_amount: 30000 }, { 'klarna-idempotency-key': key });
    expect(first.status).toBe(201);
    const captureId = first.headers.get('capture-id');
    expect(first.headers.get('location')).toMatch(new RegExp(`/captures/${captureId}$`));
    const again = await call('POST', `/ordermanagement/v1/orders/${id}/captures`, { captured_amount: 70000 }, { 'klarna-idempotency-key': key });
    expect([again.status, again.headers.get('capture-id')]).toEqual([201, captureId]);
    expect((await call('POST', `/ordermanagement/v1/orders/${id}/refunds`, { refunded_amount: 100 }, { 'klarna-idempotency-key': key })).status).toBe(409);
    expect((await call('GET', `/ordermanagement/v1/orders/${id}`)).json).toMatchObject({ status: 'PART_CAPTURED', captured_amount: 30000, remaining_authorized_amount: 70000, captures: [{ capture_id: captureId, captured_amount: 30000 }] });
    await call('POST', `/ordermanagement/v1/orders/${id}/acknowledge`);
  });

  it("keeps its own ledger by line reference; a lost answer did the work, a busy or failing Kustom did none", async () => {
    const id = await paidOrder();
    const [line] = klarnaAmounts(order([[2, 50000]])).order_lines;
    const one = { ...line!, quantity: 1, total_amount: 50000, total_tax_amount: 10000 };
    await control('faults', { seed: 7, lostAnswerRate: 1 });
    const key = randomUUID();
    await expect(fetch(`${origin}/kustom/ordermanagement/v1/orders/${id}/captures`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json', 'klarna-idempotency-key': key }, body: JSON.stringify({ captured_amount: 50000, order_lines: [one] }) })).rejects.toThrow();
    await control('faults', { busyRate: 1 });
    expect((await call('POST', `/ordermanagement/v1/orders/${id}/refunds`, { refunded_amount: 50000 }, { 'klarna-idempotency-key': randomUUID() })).json).toMatchObject({ error_code: 'TEMPORARILY_UNAVAILABLE' });
    await control('faults', { serverErrorRate: 1 });
    expect((await call('POST', `/ordermanagement/v1/orders/${id}/refunds`, { refunded_amount: 50000 }, { 'klarna-idempotency-key': randomUUID() })).status).toBe(500);
    await control('faults', {});
    const retried = await call('POST', `/ordermanagement/v1/orders/${id}/captures`, { captured_amount: 50000, order_lines: [one] }, { 'klarna-idempotency-key': key });
    expect(retried.status).toBe(201);
    const refund = await call('POST', `/ordermanagement/v1/orders/${id}/refunds`, { refunded_amount: 50000, order_lines: [one] }, { 'klarna-idempotency-key': randomUUID() });
    expect(refund.status).toBe(201);
    expect((await call('POST', `/ordermanagement/v1/orders/${id}/release-remaining-authorization`, undefined, { 'klarna-idempotency-key': randomUUID() })).status).toBe(204);
    const ledger = (await call('GET', `/_control/orders/${id}/ledger`)).json;
    expect(ledger).toEqual({
      captured: 50000,
      refunded: 50000,
      cancelled: false,
      shipped: { [line!.reference]: 1 },
      returned: { [line!.reference]: 1 },
      transactions: [
        { id: retried.headers.get('capture-id'), kind: 'capture', amount: 50000, status: 'settled' },
        { id: refund.headers.get('refund-id'), kind: 'refund', amount: 50000, status: 'settled' },
        { id: expect.any(String), kind: 'cancel', amount: 50000, status: 'settled' },
      ],
    });
    await call('POST', `/ordermanagement/v1/orders/${id}/acknowledge`);
  });
});
