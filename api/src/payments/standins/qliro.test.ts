/**
 * The Qliro stand-in on its own Fastify app over real HTTP (the lost-answer fault needs a real socket), with a
 * receiver for its notifications on the same server. Tests wait for conditions, never for time.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const credentials = { apiKey: 'STANDIN-KEY', apiSecret: 'stand-in-secret' };
let app: FastifyInstance;
let origin = '';
const notifications: Array<{ tag: string; body: Record<string, unknown> }> = [];
const deliveries = new Map<string, number>();

beforeAll(async () => {
  // Read when the plugin is registered: retries of notifications every 50 ms, processing after 200 ms (long enough
  // for a second call to meet the first one pending).
  process.env.PAYMENT_STAND_IN_PUSH_DELAY_MS = '50';
  process.env.PAYMENT_STAND_IN_QLIRO_PROCESSING_MS = '200';
  const { qliroStandIn } = await import('./qliro.js');
  app = Fastify();
  await app.register(qliroStandIn(credentials), { prefix: '/q' });
  // A Qliro whose processing takes (practically) forever until the test ends it: a second call meets the first pending.
  process.env.PAYMENT_STAND_IN_QLIRO_PROCESSING_MS = '600000';
  await app.register(qliroStandIn(credentials), { prefix: '/qslow' });
  app.post<{ Params: { tag: string } }>('/om/:tag', async (request, reply) => {
    const { tag } = request.params;
    const n = (deliveries.get(tag) ?? 0) + 1;
    deliveries.set(tag, n);
    notifications.push({ tag, body: request.body as Record<string, unknown> });
    // "flaky": the shop fails twice before it answers as documented.
    if (tag.startsWith('flaky') && n <= 2) return reply.status(500).send({ error: 'busy' });
    return { CallbackResponse: 'received' };
  });
  app.post('/checkout-push', async () => ({ CallbackResponse: 'received' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app?.close();
});

afterEach(async () => {
  await post('/q/_control/faults', {});
});

const token = (raw: string) => `Qliro ${createHash('sha256').update(raw + credentials.apiSecret, 'utf8').digest('base64')}`;

async function post(path: string, body: unknown, authorization?: string | null) {
  const raw = JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (authorization !== null) headers.authorization = authorization ?? token(raw);
  const res = await fetch(`${origin}${path}`, { method: 'POST', headers, body: raw });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as Record<string, any> };
}

async function get(path: string, authorization?: string) {
  const res = await fetch(`${origin}${path}`, { headers: { authorization: authorization ?? token('') } });
  return { status: res.status, json: (await res.json()) as Record<string, any> };
}

async function waitFor<T>(probe: () => Promise<T> | T, done: (value: T) => boolean, what: string): Promise<T> {
  const until = Date.now() + 5000;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const item = (MerchantReference: string, Quantity: number, PricePerItemIncVat: number, Type = 'Product') => ({
  MerchantReference,
  Description: MerchantReference,
  Type,
  Quantity,
  PricePerItemIncVat,
  PricePerItemExVat: Math.round((PricePerItemIncVat / 1.25) * 100) / 100,
  VatRate: 25,
});
// 2 × 100 kr + 1 × 50 kr + 49 kr shipping = 299 kr.
const SOLD = [item('ean1', 2, 100), item('ean2', 1, 50), item('frakt', 1, 49, 'Shipping')];
const shipItem = (MerchantReference: string, Quantity: number, PricePerItemIncVat: number, Type = 'Product') => ({ MerchantReference, Type, Quantity, PricePerItemIncVat });

let counter = 0;
/** A completed (paid) order whose order-management notifications go to /om/<tag>. */
async function paidOrder(tag = `o${++counter}`, prefix = '/q'): Promise<{ id: number; tag: string }> {
  const created = await post(`${prefix}/checkout/merchantapi/orders`, {
    MerchantApiKey: credentials.apiKey,
    MerchantReference: `ref-${tag}-${counter}`.slice(0, 25),
    Currency: 'NOK',
    Country: 'NO',
    Language: 'nb-no',
    MerchantConfirmationUrl: `${origin}/confirmation`,
    MerchantTermsUrl: `${origin}/terms`,
    MerchantCheckoutStatusPushUrl: `${origin}/checkout-push`,
    MerchantOrderManagementStatusPushUrl: `${origin}/om/${tag}`,
    OrderItems: SOLD,
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const id = created.json.OrderId as number;
  const paid = await fetch(`${origin}${prefix}/pay/${id}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
  expect(paid.status).toBe(303);
  return { id, tag };
}

const base = (id: number) => ({ RequestId: randomUUID(), MerchantApiKey: credentials.apiKey, OrderId: id });
const ship = (id: number, items: unknown[], path = 'markItemsAsShipped', prefix = '/q') =>
  post(`${prefix}/checkout/adminapi/v2/${path}`, { ...base(id), Currency: 'NOK', Shipments: [{ OrderItems: items }] });
const giveBack = (id: number, returns: Array<{ PaymentTransactionId: number; OrderItems: unknown[] }>) =>
  post('/q/checkout/adminapi/v2/ReturnItems', { ...base(id), Currency: 'NOK', Returns: returns });
const cancel = (id: number, prefix = '/q') => post(`${prefix}/checkout/adminapi/v2/cancelOrder`, base(id));
const ledger = async (id: number, prefix = '/q') => (await get(`${prefix}/_control/orders/${id}/ledger`)).json;
const settled = (id: number) => waitFor(() => ledger(id), (l) => l.transactions.every((t: { status: string }) => t.status !== 'pending'), 'transactions processed');
const notified = (tag: string, transactionId: number) =>
  waitFor(() => notifications.filter((n) => n.tag === tag && n.body.PaymentTransactionId === transactionId), (list) => list.length > 0, `notification ${transactionId}`).then((l) => l[0]!.body);
const firstId = (res: { json: Record<string, any> }) => res.json.PaymentTransactions[0].PaymentTransactionId as number;

describe('Qliro stand-in: authorization', () => {
  it.each([
    ['no header', null],
    ['a token over another body', token('{}')],
    ['the token without the scheme', token('').slice('Qliro '.length)],
    ['another secret', `Qliro ${createHash('sha256').update('x', 'utf8').digest('base64')}`],
  ])('refuses %s with 401', async (_name, authorization) => {
    const { id } = await paidOrder();
    const res = await post('/q/checkout/adminapi/v2/markItemsAsShipped', { ...base(id), Currency: 'NOK', Shipments: [{ OrderItems: [shipItem('ean1', 1, 100)] }] }, authorization);
    expect(res.status).toBe(401);
    expect(res.json.ErrorCode).toBe('UNAUTHORIZED');
    expect((await ledger(id)).transactions).toEqual([]);
  });

  it('takes sha256(body + secret) in base64, an empty body for GET', async () => {
    const { id } = await paidOrder();
    expect((await get(`/q/checkout/adminapi/v2/orders/${id}`)).status).toBe(200);
    expect((await get(`/q/checkout/adminapi/v2/orders/${id}`, token('x'))).status).toBe(401);
  });
});

describe('Qliro stand-in: MarkItemsAsShipped', () => {
  it.each([
    ['a top-level OrderItems instead of Shipments', (id: number) => ({ ...base(id), Currency: 'NOK', OrderItems: [shipItem('ean1', 1, 100)] }), /OrderItems is not a property/],
    ['a top-level OrderItems beside Shipments', (id: number) => ({ ...base(id), Currency: 'NOK', Shipments: [{ OrderItems: [shipItem('ean1', 1, 100)] }], OrderItems: [shipItem('ean1', 1, 100)] }), /OrderItems is not a property/],
    ['no Currency', (id: number) => ({ ...base(id), Shipments: [{ OrderItems: [shipItem('ean1', 1, 100)] }] }), /Currency is required/],
    ['an empty shipment', (id: number) => ({ ...base(id), Currency: 'NOK', Shipments: [{ OrderItems: [] }] }), /Shipments\[0\]\.OrderItems is required/],
    ['an item without its price', (id: number) => ({ ...base(id), Currency: 'NOK', Shipments: [{ OrderItems: [{ MerchantReference: 'ean1', Type: 'Product', Quantity: 1 }] }] }), /PricePerItemIncVat/],
    ['a RequestId that is no GUID', (id: number) => ({ ...base(id), RequestId: 'abc', Currency: 'NOK', Shipments: [{ OrderItems: [shipItem('ean1', 1, 100)] }] }), /RequestId must be a GUID/],
  ])('refuses %s: 400 INVALID_REQUEST, nothing done', async (_name, body, detail) => {
    const { id } = await paidOrder();
    const res = await post('/q/checkout/adminapi/v2/markItemsAsShipped', body(id));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ ErrorCode: 'INVALID_REQUEST', DetailedErrorMessage: expect.stringMatching(detail), ErrorReference: expect.any(String) });
    expect((await ledger(id)).transactions).toEqual([]);
  });

  it.each(['markItemsAsShipped', 'MarkItemsAsShipped', 'markitemsasshipped'])(
    'accepts Shipments at %s: answers "received" (Created), is Pending until processed, then notifies Success',
    async (path) => {
      // On the slow stand-in the shipment stays in process until the test ends it: "Created" is seen without racing
      // the processing timer (on a loaded machine the read came after 200 ms and found it done).
      const slow = '/qslow';
      const { id, tag } = await paidOrder(`slow${++counter}`, slow);
      const res = await ship(id, [shipItem('ean1', 2, 100), shipItem('frakt', 1, 49, 'Shipping')], path, slow);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ PaymentTransactions: [{ PaymentTransactionId: expect.any(Number), Status: 'Created' }] });
      const txId = firstId(res);
      const before = (await get(`${slow}/checkout/adminapi/v2/orders/${id}`)).json;
      expect(before.PaymentTransactions.find((t: any) => t.PaymentTransactionId === txId)).toMatchObject({ Type: 'Capture', Status: 'Created', Amount: 249 });
      expect(notifications.filter((n) => n.tag === tag && n.body.PaymentTransactionId === txId)).toEqual([]);
      expect((await post(`${slow}/_control/orders/${id}/process`, {})).json).toEqual({ processed: 1 });
      expect(await notified(tag, txId)).toMatchObject({
        OrderId: id,
        MerchantReference: expect.any(String),
        PaymentTransactionId: txId,
        Amount: 249,
        Currency: 'NOK',
        Status: 'Success',
        PaymentType: 'Capture',
        Timestamp: expect.any(String),
      });
      const order = (await get(`${slow}/checkout/adminapi/v2/orders/${id}`)).json;
      expect(order).toMatchObject({ OrderId: id, Currency: 'NOK' });
      expect(order.PaymentTransactions.map((t: any) => [t.Type, t.Status, t.Amount])).toEqual([
        ['Preauthorization', 'Success', 299],
        ['Capture', 'Success', 249],
      ]);
      expect(order.OrderItemActions.filter((a: any) => a.ActionType === 'Ship').map((a: any) => [a.MerchantReference, a.Quantity, a.PaymentTransactionId])).toEqual([
        ['ean1', 2, txId],
        ['frakt', 1, txId],
      ]);
      expect(await ledger(id, slow)).toMatchObject({ captured: 24900, shipped: { ean1: 2, frakt: 1 }, transactions: [{ id: String(txId), kind: 'capture', amount: 24900, status: 'settled' }] });
    },
  );

  it.each([
    ['more than bought', [shipItem('ean1', 3, 100)], 'EXCEEDING_QUANTITY'],
    ['an item not on the order', [shipItem('ean9', 1, 100)], 'INVALID_ITEM'],
    ['a known reference at another price', [shipItem('ean1', 1, 99)], 'INVALID_ITEM'],
  ])('refuses %s', async (_name, items, code) => {
    const { id } = await paidOrder();
    const res = await ship(id, items);
    expect(res.status).toBe(400);
    expect(res.json.ErrorCode).toBe(code);
    expect((await ledger(id)).transactions).toEqual([]);
  });

  it('refuses what would exceed the bought quantity with what was shipped before', async () => {
    const { id } = await paidOrder();
    expect((await ship(id, [shipItem('ean1', 2, 100)])).status).toBe(200);
    await settled(id);
    const again = await ship(id, [shipItem('ean1', 1, 100)]);
    expect(again.json.ErrorCode).toBe('EXCEEDING_QUANTITY');
    expect((await ledger(id)).captured).toBe(20000);
  });

  it('denies a reused RequestId, even for the identical request, and does nothing twice', async () => {
    const { id } = await paidOrder();
    const body = { ...base(id), Currency: 'NOK', Shipments: [{ OrderItems: [shipItem('ean1', 1, 100)] }] };
    const first = await post('/q/checkout/adminapi/v2/markItemsAsShipped', body);
    expect(first.status).toBe(200);
    await settled(id);
    const second = await post('/q/checkout/adminapi/v2/markItemsAsShipped', body);
    expect(second.status).toBe(400);
    expect(second.json).toMatchObject({ ErrorCode: 'INVALID_REQUEST', DetailedErrorMessage: expect.stringContaining('already been used') });
    expect(second.json.PaymentTransactions).toBeUndefined();
    // Denied for another operation too.
    const cancelWithIt = await post('/q/checkout/adminapi/v2/cancelOrder', { RequestId: body.RequestId, MerchantApiKey: credentials.apiKey, OrderId: id });
    expect(cancelWithIt.json.ErrorCode).toBe('INVALID_REQUEST');
    expect(await ledger(id)).toMatchObject({ captured: 10000, cancelled: false, transactions: [{ kind: 'capture', status: 'settled' }] });
  });

  it('answers 400 OPERATION_NOT_SUPPORTED while another transaction of the order is processed, then accepts the retry', async () => {
    // On the slow stand-in the first shipment stays in process until the test ends it: no race with a timer.
    const slow = '/qslow';
    const processNow = (id: number) => post(`${slow}/_control/orders/${id}/process`, {});
    const { id } = await paidOrder(`slow${++counter}`, slow);
    expect((await ship(id, [shipItem('ean1', 1, 100)], 'markItemsAsShipped', slow)).status).toBe(200);
    const busy = await ship(id, [shipItem('ean2', 1, 50)], 'markItemsAsShipped', slow);
    expect(busy.status).toBe(400);
    expect(busy.json).toMatchObject({
      ErrorCode: 'OPERATION_NOT_SUPPORTED',
      ErrorMessage: 'Evaluation, Operation is not supported for this order Another transaction is already in process. Please retry shortly',
    });
    expect((await cancel(id, slow)).json.ErrorCode).toBe('OPERATION_NOT_SUPPORTED');
    expect((await processNow(id)).json).toEqual({ processed: 1 });
    expect((await ship(id, [shipItem('ean2', 1, 50)], 'markItemsAsShipped', slow)).status).toBe(200);
    await processNow(id);
    expect((await ledger(id, slow)).captured).toBe(15000);
  });

  it('refuses an order nobody paid, another currency and another merchant key', async () => {
    const created = await post('/q/checkout/merchantapi/orders', {
      MerchantApiKey: credentials.apiKey,
      MerchantReference: `unpaid-${++counter}`,
      Currency: 'NOK',
      MerchantConfirmationUrl: `${origin}/c`,
      MerchantCheckoutStatusPushUrl: `${origin}/checkout-push`,
      OrderItems: SOLD,
    });
    expect((await ship(created.json.OrderId, [shipItem('ean1', 1, 100)])).json.ErrorCode).toBe('NO_PAYMENT_TRANSACTION');
    const { id } = await paidOrder();
    expect((await post('/q/checkout/adminapi/v2/markItemsAsShipped', { ...base(id), Currency: 'SEK', Shipments: [{ OrderItems: [shipItem('ean1', 1, 100)] }] })).json.ErrorCode).toBe('CURRENCY_MISMATCH');
    expect((await post('/q/checkout/adminapi/v2/markItemsAsShipped', { ...base(id), MerchantApiKey: 'OTHER', Currency: 'NOK', Shipments: [{ OrderItems: [shipItem('ean1', 1, 100)] }] })).json.ErrorCode).toBe('MERCHANT_MISMATCH');
    expect((await ship(424242, [shipItem('ean1', 1, 100)])).json.ErrorCode).toBe('ORDER_NOT_FOUND');
  });
});

describe('Qliro stand-in: ReturnItems per capture transaction', () => {
  it('returns only what the named capture shipped, less what was returned from it', async () => {
    const { id, tag } = await paidOrder();
    const first = firstId(await ship(id, [shipItem('ean1', 1, 100)]));
    await settled(id);
    const second = firstId(await ship(id, [shipItem('ean1', 1, 100), shipItem('ean2', 1, 50)]));
    await settled(id);

    const cases: Array<[string, Array<{ PaymentTransactionId: number; OrderItems: unknown[] }>, string]> = [
      ['an item the capture did not ship (wrong capture)', [{ PaymentTransactionId: first, OrderItems: [shipItem('ean2', 1, 50)] }], 'INVALID_ITEM'],
      ['more than the capture shipped', [{ PaymentTransactionId: first, OrderItems: [shipItem('ean1', 2, 100)] }], 'EXCEEDING_QUANTITY'],
      ['a transaction that is no capture', [{ PaymentTransactionId: first - 1, OrderItems: [shipItem('ean1', 1, 100)] }], 'NO_PAYMENT_TRANSACTION'],
      ['an unknown transaction', [{ PaymentTransactionId: 999999, OrderItems: [shipItem('ean1', 1, 100)] }], 'NO_PAYMENT_TRANSACTION'],
    ];
    for (const [name, returns, code] of cases) {
      const res = await giveBack(id, returns);
      expect([name, res.status, res.json.ErrorCode]).toEqual([name, 400, code]);
    }
    const missing = await post('/q/checkout/adminapi/v2/ReturnItems', { ...base(id), Currency: 'NOK', Returns: [{ OrderItems: [shipItem('ean1', 1, 100)] }] });
    expect(missing.json).toMatchObject({ ErrorCode: 'INVALID_REQUEST', DetailedErrorMessage: expect.stringContaining('PaymentTransactionId') });

    const refund = await giveBack(id, [{ PaymentTransactionId: first, OrderItems: [shipItem('ean1', 1, 100)] }]);
    expect(refund.status).toBe(200);
    expect(await notified(tag, firstId(refund))).toMatchObject({ PaymentType: 'Refund', Status: 'Success', Amount: 100, OriginalPaymentTransactionId: first });
    await settled(id);
    expect((await giveBack(id, [{ PaymentTransactionId: first, OrderItems: [shipItem('ean1', 1, 100)] }])).json.ErrorCode).toBe('EXCEEDING_QUANTITY');

    // Both at once from the second capture: one refund per return.
    const rest = await giveBack(id, [{ PaymentTransactionId: second, OrderItems: [shipItem('ean1', 1, 100), shipItem('ean2', 1, 50)] }]);
    expect(rest.status).toBe(200);
    await settled(id);
    const truth = await ledger(id);
    expect(truth).toMatchObject({ captured: 25000, refunded: 25000, shipped: { ean1: 2, ean2: 1 }, returned: { ean1: 2, ean2: 1 } });
    const order = (await get(`/q/checkout/adminapi/v2/orders/${id}`)).json;
    expect(order.PaymentTransactions.filter((t: any) => t.Type === 'Refund').map((t: any) => [t.OriginalPaymentTransactionId, t.Amount, t.Status])).toEqual([
      [first, 100, 'Success'],
      [second, 150, 'Success'],
    ]);
  });
});

describe('Qliro stand-in: CancelOrder', () => {
  it('cancels the whole order before anything is shipped; nothing can be shipped after', async () => {
    const { id, tag } = await paidOrder();
    const res = await cancel(id);
    expect(res.status).toBe(200);
    expect(await notified(tag, firstId(res))).toMatchObject({ PaymentType: 'Reversal', Status: 'Success', Amount: 299 });
    expect(await ledger(id)).toMatchObject({ cancelled: true, captured: 0, transactions: [{ kind: 'cancel', amount: 29900, status: 'settled' }] });
    const after = await ship(id, [shipItem('ean1', 1, 100)]);
    expect(after.json.ErrorCode).toBe('OPERATION_NOT_SUPPORTED');
    expect(after.json.ErrorMessage).not.toContain('Another transaction is already in process');
    expect((await cancel(id)).json.ErrorCode).toBe('NO_ITEMS_TO_CANCEL');
  });

  it('after a partial shipment cancels only the rest', async () => {
    const { id } = await paidOrder();
    expect((await ship(id, [shipItem('ean1', 2, 100)])).status).toBe(200);
    await settled(id);
    expect((await cancel(id)).status).toBe(200);
    await settled(id);
    const truth = await ledger(id);
    expect(truth).toMatchObject({ captured: 20000, cancelled: true, shipped: { ean1: 2 } });
    expect(truth.transactions.map((t: any) => [t.kind, t.amount])).toEqual([
      ['capture', 20000],
      ['cancel', 9900],
    ]);
    const released = (await get(`/q/checkout/adminapi/v2/orders/${id}`)).json.OrderItemActions.filter((a: any) => a.ActionType === 'Release');
    expect(released.map((a: any) => [a.MerchantReference, a.Quantity])).toEqual([
      ['ean2', 1],
      ['frakt', 1],
    ]);
  });

  it.each([
    ['when everything is shipped', true],
    ['with a Currency (not in its request schema)', false],
  ])('refuses %s', async (name, shipAll) => {
    const { id } = await paidOrder();
    if (shipAll) {
      expect((await ship(id, [shipItem('ean1', 2, 100), shipItem('ean2', 1, 50), shipItem('frakt', 1, 49, 'Shipping')])).status).toBe(200);
      await settled(id);
      expect((await cancel(id)).json.ErrorCode).toBe('NO_ITEMS_TO_CANCEL');
    } else {
      expect((await post('/q/checkout/adminapi/v2/cancelOrder', { ...base(id), Currency: 'NOK' })).json.ErrorCode, name).toBe('INVALID_REQUEST');
    }
  });
});

describe('Qliro stand-in: notifications and faults', () => {
  it('retries a notification until answered {"CallbackResponse":"received"}', async () => {
    const { id, tag } = await paidOrder('flaky-1');
    const txId = firstId(await ship(id, [shipItem('ean1', 1, 100)]));
    await waitFor(() => deliveries.get(tag) ?? 0, (n) => n >= 3, 'three deliveries');
    expect(notifications.filter((n) => n.tag === tag).every((n) => n.body.PaymentTransactionId === txId && n.body.Status === 'Success')).toBe(true);
  });

  it('errorResultRate 1: received (Created), then notified Error and nothing done', async () => {
    const { id, tag } = await paidOrder();
    await post('/q/_control/faults', { seed: 7, errorResultRate: 1 });
    const res = await ship(id, [shipItem('ean1', 2, 100)]);
    expect(res.status).toBe(200);
    expect(res.json.PaymentTransactions[0].Status).toBe('Created');
    expect(await notified(tag, firstId(res))).toMatchObject({ Status: 'Error', PaymentType: 'Capture', Amount: 200 });
    expect(await ledger(id)).toMatchObject({ captured: 0, shipped: {}, transactions: [{ kind: 'capture', amount: 20000, status: 'error' }] });
    const order = (await get(`/q/checkout/adminapi/v2/orders/${id}`)).json;
    expect(order.PaymentTransactions.at(-1)).toMatchObject({ Type: 'Capture', Status: 'Error' });
    // Nothing was shipped: the same items can be shipped again.
    await post('/q/_control/faults', {});
    expect((await ship(id, [shipItem('ean1', 2, 100)])).status).toBe(200);
    await settled(id);
    expect((await ledger(id)).captured).toBe(20000);
  });

  it('lostAnswerRate 1: does the work, but the client gets a network error', async () => {
    const { id, tag } = await paidOrder();
    await post('/q/_control/faults', { seed: 1, lostAnswerRate: 1 });
    await expect(ship(id, [shipItem('ean1', 1, 100)])).rejects.toThrow();
    const truth = await settled(id);
    expect(truth).toMatchObject({ captured: 10000, shipped: { ean1: 1 }, transactions: [{ kind: 'capture', status: 'settled' }] });
    expect(await notified(tag, Number(truth.transactions[0].id))).toMatchObject({ Status: 'Success' });
  });

  it.each([
    ['serverErrorRate', { serverErrorRate: 1 }, 500, 'SYSTEM_ERROR'],
    ['busyRate', { busyRate: 1 }, 400, 'OPERATION_NOT_SUPPORTED'],
  ])('%s 1: answers %s without doing the work', async (_name, settings, status, code) => {
    const { id } = await paidOrder();
    await post('/q/_control/faults', { seed: 3, ...settings });
    const res = await ship(id, [shipItem('ean1', 1, 100)]);
    expect([res.status, res.json.ErrorCode]).toEqual([status, code]);
    expect((await ledger(id)).transactions).toEqual([]);
  });

  it('dropNotificationRate 1: processed, never notified', async () => {
    const { id, tag } = await paidOrder();
    await post('/q/_control/faults', { dropNotificationRate: 1 });
    expect((await ship(id, [shipItem('ean1', 1, 100)])).status).toBe(200);
    await settled(id);
    // A later notification of the same order (faults cleared) arrives; the dropped one never did.
    await post('/q/_control/faults', {});
    const later = firstId(await ship(id, [shipItem('ean2', 1, 50)]));
    await notified(tag, later);
    expect(notifications.filter((n) => n.tag === tag).map((n) => n.body.PaymentTransactionId)).toEqual([later]);
  });

  it('the ledger is the truth in øre, and agrees with admin GetOrder', async () => {
    const { id } = await paidOrder();
    const capture = firstId(await ship(id, [shipItem('ean1', 1, 100), shipItem('frakt', 1, 49, 'Shipping')]));
    expect((await ledger(id)).transactions).toEqual([{ id: String(capture), kind: 'capture', amount: 14900, status: 'pending' }]);
    await settled(id);
    firstId(await giveBack(id, [{ PaymentTransactionId: capture, OrderItems: [shipItem('frakt', 1, 49, 'Shipping')] }]));
    await settled(id);
    expect((await cancel(id)).status).toBe(200);
    const truth = await settled(id);
    expect(truth).toEqual({
      captured: 14900,
      refunded: 4900,
      cancelled: true,
      shipped: { ean1: 1, frakt: 1 },
      returned: { frakt: 1 },
      transactions: [
        { id: String(capture), kind: 'capture', amount: 14900, status: 'settled' },
        { id: expect.any(String), kind: 'refund', amount: 4900, status: 'settled' },
        { id: expect.any(String), kind: 'cancel', amount: 15000, status: 'settled' },
      ],
    });
    const order = (await get(`/q/checkout/adminapi/v2/orders/${id}`)).json;
    expect(order.PaymentTransactions.filter((t: any) => t.Type !== 'Preauthorization').map((t: any) => [String(t.PaymentTransactionId), Math.round(t.Amount * 100)])).toEqual(
      truth.transactions.map((t: any) => [t.id, t.amount]),
    );
    expect((await get('/q/_control/orders/424242/ledger')).status).toBe(404);
  });
});

describe('Qliro stand-in: merchant API unchanged', () => {
  it('GetOrder answers no items and total 0 while InProcess, the items once completed', async () => {
    const created = await post('/q/checkout/merchantapi/orders', {
      MerchantApiKey: credentials.apiKey,
      MerchantReference: `m-${++counter}`,
      Currency: 'NOK',
      MerchantConfirmationUrl: `${origin}/c`,
      MerchantCheckoutStatusPushUrl: `${origin}/checkout-push`,
      OrderItems: SOLD,
    });
    const id = created.json.OrderId as number;
    expect((await get(`/q/checkout/merchantapi/orders/${id}`)).json).toMatchObject({ CustomerCheckoutStatus: 'InProcess', TotalPrice: 0, OrderItems: [] });
    await fetch(`${origin}/q/pay/${id}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    expect((await get(`/q/checkout/merchantapi/orders/${id}`)).json).toMatchObject({ CustomerCheckoutStatus: 'Completed', TotalPrice: 299, OrderItems: SOLD });
  });
});
