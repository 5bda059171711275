import { afterEach, describe, expect, it, vi } from 'vitest';
import { qliroDocumented, qliroReceived, shapeOf } from './examples/qliro.js';
import { qliroLedger, QliroProvider, qliroRetryable } from './qliro.js';
import { ProviderError } from './types.js';
import type { CheckoutOrder, OperationRequest } from './types.js';

const order: CheckoutOrder = {
  reservationId: 7,
  shopId: 1,
  lines: [
    { reference: '7038510000017', name: 'Skalljakke', quantity: 2, unitPrice: 49900 },
    { reference: '7038510000024', name: 'Lue', quantity: 1, unitPrice: 19900 },
  ],
  shipping: 0,
  discount: 0,
  total: 119700,
};

const request = (over: Partial<OperationRequest> = {}): OperationRequest => ({ amount: 0, lines: null, idempotencyKey: 'k', requestId: crypto.randomUUID(), order, ...over });

function captureFetch() {
  const sent: Array<{ url: string; body: Record<string, unknown> }> = [];
  vi.stubGlobal('fetch', async (url: string, init: { body?: string }) => {
    sent.push({ url, body: init.body ? JSON.parse(init.body) : {} });
    return new Response(JSON.stringify(qliroReceived.body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('Qliro admin requests match the documented bodies', () => {
  const provider = new QliroProvider({ baseUrl: 'https://qliro.test', apiKey: 'key', apiSecret: 'secret' });
  it.each([
    ['full capture', 'capture', () => provider.capture('1001', request({ amount: 119700 }))],
    ['partial capture', 'capture', () => provider.capture('1001', request({ amount: 49900, lines: [{ reference: '7038510000017', quantity: 1 }] }))],
    ['cancel', 'cancel', () => provider.cancel('1001', request())],
    ['release after a partial capture (cancelOrder cancels what is not shipped)', 'cancel', () => provider.release('1001', request())],
    ['refund from one capture', 'refund', () => provider.refund('1001', request({ lines: [{ reference: '7038510000017', quantity: 1 }], returns: [{ captureRef: '5001', lines: [{ reference: '7038510000017', quantity: 1 }], amount: 49900 }] }))],
    [
      'refund from two captures',
      'refund',
      () =>
        provider.refund(
          '1001',
          request({
            returns: [
              { captureRef: '5001', lines: [{ reference: '7038510000017', quantity: 1 }], amount: 49900 },
              { captureRef: '5003', lines: [{ reference: '7038510000017', quantity: 1 }, { reference: '7038510000024', quantity: 1 }], amount: 69800 },
            ],
          }),
        ),
    ],
  ] as const)('%s', async (_name, kind, call) => {
    const sent = captureFetch();
    const answer = await call();
    const documented = qliroDocumented[kind];
    expect(sent).toHaveLength(1);
    expect(new URL(sent[0]!.url).pathname).toBe(documented.path);
    expect(shapeOf(sent[0]!.body)).toEqual(shapeOf(documented.body));
    expect(sent[0]!.body).not.toHaveProperty('OrderItems'); // items travel inside Shipments / Returns only
    expect(answer).toEqual({ providerRef: '5002', settled: false, raw: qliroReceived.body });
  });

  it('every attempt carries its own RequestId (Qliro denies a reused one for 7 days)', async () => {
    const sent = captureFetch();
    const one = request();
    const two = request();
    await provider.cancel('1001', one);
    await provider.cancel('1001', two);
    expect(sent.map((s) => s.body.RequestId)).toEqual([one.requestId, two.requestId]);
    expect(one.requestId).not.toBe(two.requestId);
  });

  it('returns name each capture transaction with its own items', async () => {
    const sent = captureFetch();
    await provider.refund('1001', request({ returns: [{ captureRef: '5001', lines: [{ reference: '7038510000017', quantity: 1 }], amount: 49900 }, { captureRef: '5003', lines: [{ reference: '7038510000024', quantity: 1 }], amount: 19900 }] }));
    const returns = sent[0]!.body.Returns as Array<{ PaymentTransactionId: number; OrderItems: Array<{ MerchantReference: string; Quantity: number }> }>;
    expect(returns.map((r) => [r.PaymentTransactionId, r.OrderItems.map((i) => `${i.MerchantReference}×${i.Quantity}`)])).toEqual([
      [5001, ['7038510000017×1']],
      [5003, ['7038510000024×1']],
    ]);
  });

  it('a refund without its captures is not sent', async () => {
    const sent = captureFetch();
    await expect(provider.refund('1001', request())).rejects.toMatchObject({ kind: 'rejected' });
    expect(sent).toHaveLength(0);
  });
});

describe('qliroRetryable: which refusals mean "retry shortly"', () => {
  const busy = 'Evaluation, Operation is not supported for this order Another transaction is already in process. Please retry shortly';
  it.each([
    ['another transaction in process', 'OPERATION_NOT_SUPPORTED', busy, 'busy'],
    ['payment on hold', 'PAYMENT_ONHOLD', 'On hold', 'busy'],
    ['operation not supported for another reason (cancelled order)', 'OPERATION_NOT_SUPPORTED', 'Order is cancelled', 'rejected'],
    ['too many items', 'EXCEEDING_QUANTITY', 'Exceeding quantity', 'rejected'],
  ])('%s', (_name, code, message, kind) => {
    expect(qliroRetryable(new ProviderError('qliro', 400, `qliro answered 400 ${code}: ${message}`, 'rejected', code))).toMatchObject({ kind });
  });
});

describe('qliroLedger', () => {
  it.each([
    ['nothing yet', [], { captured: 0, refunded: 0, cancelled: false, pending: 0 }],
    ['a settled capture', [{ PaymentTransactionId: 1, Type: 'Capture', Status: 'Success', Amount: 499 }], { captured: 49900, refunded: 0, cancelled: false, pending: 0 }],
    ['a capture in process', [{ PaymentTransactionId: 1, Type: 'Capture', Status: 'InProcess', Amount: 499 }], { captured: 0, refunded: 0, cancelled: false, pending: 1 }],
    ['a capture just created', [{ PaymentTransactionId: 1, Type: 'Capture', Status: 'Created', Amount: 499 }], { captured: 0, refunded: 0, cancelled: false, pending: 1 }],
    ['a failed capture', [{ PaymentTransactionId: 1, Type: 'Capture', Status: 'Error', Amount: 499 }], { captured: 0, refunded: 0, cancelled: false, pending: 0 }],
    ['refund (negative amounts count by size)', [{ PaymentTransactionId: 1, Type: 'Capture', Status: 'Success', Amount: 499 }, { PaymentTransactionId: 2, Type: 'Refund', Status: 'Success', Amount: -199.5 }], { captured: 49900, refunded: 19950, cancelled: false, pending: 0 }],
    ['a reversal cancels', [{ PaymentTransactionId: 3, Type: 'Reversal', Status: 'Success', Amount: 499 }], { captured: 0, refunded: 0, cancelled: true, pending: 0 }],
    ['the preauthorisation is not money moved', [{ PaymentTransactionId: 4, Type: 'Preauthorization', Status: 'Success', Amount: 998 }], { captured: 0, refunded: 0, cancelled: false, pending: 0 }],
  ])('%s', (_name, transactions, expected) => {
    const ledger = qliroLedger({ OrderId: 1, PaymentTransactions: transactions });
    expect({ captured: ledger.captured, refunded: ledger.refunded, cancelled: ledger.cancelled, pending: ledger.transactions.filter((t) => t.status === 'pending').length }).toEqual(expected);
  });
});
