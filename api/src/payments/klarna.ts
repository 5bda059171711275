/**
 * Klarna-type adapter: the Klarna Checkout v3 + Order Management contract, served by Kustom since Klarna Checkout
 * moved there (hosts api.kustom.co / api.playground.kustom.co, same paths; *.klarna.com stopped 31 March 2026).
 * Basic auth with the merchant's API username/password.
 *   POST {base}/checkout/v3/orders                 → { order_id, status: 'checkout_incomplete', html_snippet, … }
 *   POST {base}/checkout/v3/orders/{id}            update while checkout_incomplete (the cart changed)
 *   GET  {base}/checkout/v3/orders/{id}            → status 'checkout_complete' once the shopper paid
 *   POST {base}/ordermanagement/v1/orders/{id}/acknowledge | /captures | /refunds | /cancel | /extend-authorization-time
 *   GET  {base}/ordermanagement/v1/orders/{id}     → status, fraud_status, captured/refunded/remaining_authorized_amount,
 *                                                    captures[], refunds[] (readLedger)
 * Order management calls carry Klarna-Idempotency-Key (the same key for every attempt of one decision): "Input values
 * of the operation are disregarded when evaluating the idempotency of the operation, only the key matters"
 * (https://docs.kustom.co/contents/api/order-management/captures/captureorder.md). Kustom's pages give no window;
 * Klarna's, whose API Kustom took over, honour a key for 24 hours after the first attempt
 * (https://docs.klarna.com/api/escalation-and-retry-policy/), so the operations queue must not resend a decision
 * with its old key after a day without reading the order first.
 * Kustom answers an order-management call when it is done: a 2xx is settled. A capture answers 201 with the new
 * capture's id in the Capture-Id header and Location
 * (https://docs.kustom.co/contents/order-management/manage-orders-with-the-api/capture-and-track-orders.md); a refund
 * likewise with Refund-Id / Location (https://docs.kustom.co/contents/api/order-management/refunds/refundorder).
 * Klarna substitutes `{checkout.order.id}` in merchant URLs (the push URL gets `?klarna_order_id=…`);
 * merchant_urls.notification gets the fraud decisions of pending orders
 * (https://docs.klarna.com/order-management/in-depth-knowledge/pending-orders).
 */
import { providerExchange, providerRequest } from './http.js';
import { klarnaAmounts, klarnaLinesFor, type KlarnaOrderLine } from './money.js';
import type { CheckoutOrder, LedgerTransaction, MerchantUrls, OperationAnswer, OperationRequest, PaymentProvider, PaymentStatus, ProviderLedger, ProviderOrder } from './types.js';

export interface KlarnaConfig {
  baseUrl: string;
  username: string;
  password: string;
}

/** The part of Klarna's order resource the shop reads. */
export interface KlarnaOrderResource {
  order_id: string;
  status: 'checkout_incomplete' | 'checkout_complete' | 'created' | string;
  html_snippet: string;
  order_amount: number;
  order_tax_amount: number;
  purchase_currency: string;
  merchant_reference1?: string;
  merchant_reference2?: string;
  order_lines: KlarnaOrderLine[];
}

/**
 * The order-management order (https://docs.kustom.co/v3/order-management/manage-orders-with-the-api/view-and-change-orders):
 * status AUTHORIZED | PART_CAPTURED | CAPTURED | CANCELLED | EXPIRED | CLOSED; fraud_status ACCEPTED | PENDING | REJECTED.
 */
export interface KlarnaManagementOrder {
  order_id: string;
  status: string;
  fraud_status?: string;
  order_amount: number;
  captured_amount: number;
  refunded_amount: number;
  remaining_authorized_amount?: number;
  captures?: Array<{ capture_id: string; captured_amount: number }>;
  refunds?: Array<{ refund_id: string; refunded_amount: number }>;
}

export function klarnaFraudStatus(value: unknown): ProviderLedger['fraudStatus'] {
  return value === 'ACCEPTED' || value === 'PENDING' || value === 'REJECTED' ? value : null;
}

/** The order-management order as the shop's ledger: captures and refunds are done when Kustom lists them. */
export function klarnaLedger(o: KlarnaManagementOrder): ProviderLedger {
  const transactions: LedgerTransaction[] = [
    ...(o.captures ?? []).map((c) => ({ id: c.capture_id, kind: 'capture' as const, amount: c.captured_amount, status: 'settled' as const })),
    ...(o.refunds ?? []).map((r) => ({ id: r.refund_id, kind: 'refund' as const, amount: r.refunded_amount, status: 'settled' as const })),
  ];
  return {
    captured: o.captured_amount ?? 0,
    refunded: o.refunded_amount ?? 0,
    cancelled: o.status === 'CANCELLED',
    remainingAuthorized: typeof o.remaining_authorized_amount === 'number' ? o.remaining_authorized_amount : null,
    fraudStatus: klarnaFraudStatus(o.fraud_status),
    transactions,
  };
}

/** The id Kustom gives a new capture or refund: its header, else the last segment of Location. */
export function createdId(headers: Headers, header: 'capture-id' | 'refund-id'): string | null {
  const direct = headers.get(header);
  if (direct) return direct;
  const location = headers.get('location');
  const last = location?.replace(/\/+$/, '').split('/').pop();
  return last ? decodeURIComponent(last) : null;
}

export function klarnaStatus(status: string): PaymentStatus {
  // `checkout_complete`: the shopper paid; `created` is what order management reports after that.
  return status === 'checkout_complete' || status === 'created' ? 'paid' : 'pending';
}

export class KlarnaProvider implements PaymentProvider {
  readonly name = 'klarna' as const;
  constructor(private readonly config: KlarnaConfig) {}

  private headers(idempotencyKey?: string): Record<string, string> {
    const basic = Buffer.from(`${this.config.username}:${this.config.password}`).toString('base64');
    return {
      authorization: `Basic ${basic}`,
      'content-type': 'application/json',
      accept: 'application/json',
      ...(idempotencyKey ? { 'klarna-idempotency-key': idempotencyKey } : {}),
    };
  }

  private toOrder(o: KlarnaOrderResource): ProviderOrder {
    return {
      orderId: o.order_id,
      status: klarnaStatus(o.status),
      amount: typeof o.order_amount === 'number' ? o.order_amount : null,
      htmlSnippet: o.html_snippet ?? '',
      reference: o.merchant_reference1 ?? '',
    };
  }

  private url(path: string) {
    return `${this.config.baseUrl}${path}`;
  }

  async createOrder(order: CheckoutOrder, urls: MerchantUrls, merchantReference: string): Promise<ProviderOrder> {
    const body = {
      purchase_country: 'NO',
      purchase_currency: 'NOK',
      locale: 'nb-NO',
      ...klarnaAmounts(order),
      merchant_reference1: merchantReference,
      merchant_reference2: String(order.reservationId),
      merchant_urls: urls,
    };
    const created = await providerRequest<KlarnaOrderResource>('klarna', this.url('/checkout/v3/orders'), {
      method: 'POST',
      headers: this.headers(),
      body: JSON.stringify(body),
    });
    return this.toOrder(created);
  }

  async updateOrder(orderId: string, order: CheckoutOrder): Promise<ProviderOrder> {
    const updated = await providerRequest<KlarnaOrderResource>('klarna', this.url(`/checkout/v3/orders/${encodeURIComponent(orderId)}`), {
      method: 'POST',
      headers: this.headers(),
      body: JSON.stringify({ purchase_country: 'NO', purchase_currency: 'NOK', locale: 'nb-NO', ...klarnaAmounts(order) }),
    });
    return this.toOrder(updated);
  }

  async readOrder(orderId: string): Promise<ProviderOrder> {
    const o = await providerRequest<KlarnaOrderResource>('klarna', this.url(`/checkout/v3/orders/${encodeURIComponent(orderId)}`), {
      method: 'GET',
      headers: this.headers(),
    });
    return this.toOrder(o);
  }

  async acknowledge(orderId: string): Promise<void> {
    await providerRequest<void>('klarna', this.url(`/ordermanagement/v1/orders/${encodeURIComponent(orderId)}/acknowledge`), {
      method: 'POST',
      headers: this.headers(),
    });
  }

  /** One order-management call; Kustom answers when it is done, so a 2xx is settled. */
  private async manage(orderId: string, action: string, request: OperationRequest, body?: unknown, created?: 'capture-id' | 'refund-id'): Promise<OperationAnswer> {
    const answer = await providerExchange<Record<string, unknown> | undefined>('klarna', this.url(`/ordermanagement/v1/orders/${encodeURIComponent(orderId)}/${action}`), {
      method: 'POST',
      headers: this.headers(request.idempotencyKey),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const providerRef = created ? createdId(answer.headers, created) : null;
    return { providerRef, settled: true, raw: { status: answer.status, ...(providerRef ? { [created!]: providerRef } : {}), ...(answer.body ?? {}) } };
  }

  capture(orderId: string, request: OperationRequest) {
    const order_lines = request.lines ? klarnaLinesFor(request.order, request.lines) : undefined;
    return this.manage(orderId, 'captures', request, { captured_amount: request.amount, ...(order_lines ? { order_lines } : {}) }, 'capture-id');
  }

  refund(orderId: string, request: OperationRequest) {
    const order_lines = request.lines ? klarnaLinesFor(request.order, request.lines) : undefined;
    return this.manage(orderId, 'refunds', request, { refunded_amount: request.amount, ...(order_lines ? { order_lines } : {}) }, 'refund-id');
  }

  cancel(orderId: string, request: OperationRequest) {
    return this.manage(orderId, 'cancel', request);
  }

  extend(orderId: string, request: OperationRequest) {
    return this.manage(orderId, 'extend-authorization-time', request);
  }

  release(orderId: string, request: OperationRequest) {
    return this.manage(orderId, 'release-remaining-authorization', request);
  }

  async readLedger(orderId: string): Promise<ProviderLedger> {
    const o = await providerRequest<KlarnaManagementOrder>('klarna', this.url(`/ordermanagement/v1/orders/${encodeURIComponent(orderId)}`), {
      method: 'GET',
      headers: this.headers(),
    });
    return klarnaLedger(o);
  }
}
