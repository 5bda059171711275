/**
 * Klarna-type adapter: the Klarna Checkout v3 + Order Management contract, served by Kustom since Klarna Checkout
 * moved there (hosts api.kustom.co / api.playground.kustom.co, same paths; *.klarna.com stopped 31 March 2026).
 * Basic auth with the merchant's API username/password.
 *   POST {base}/checkout/v3/orders                 → { order_id, status: 'checkout_incomplete', html_snippet, … }
 *   POST {base}/checkout/v3/orders/{id}            update while checkout_incomplete (the cart changed)
 *   GET  {base}/checkout/v3/orders/{id}            → status 'checkout_complete' once the shopper paid
 *   POST {base}/ordermanagement/v1/orders/{id}/acknowledge | /captures | /refunds | /cancel | /extend-authorization-time
 * Order management calls carry Klarna-Idempotency-Key: a retried call with the same key is not done twice.
 * Klarna substitutes `{checkout.order.id}` in merchant URLs (the push URL gets `?klarna_order_id=…`).
 */
import { providerRequest } from './http.js';
import { klarnaAmounts, klarnaLinesFor, type KlarnaOrderLine } from './money.js';
import type { CheckoutOrder, MerchantUrls, OperationRequest, PaymentProvider, PaymentStatus, ProviderOrder } from './types.js';

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

  private async manage(orderId: string, action: string, request: OperationRequest, body?: unknown): Promise<Record<string, unknown>> {
    const answer = await providerRequest<Record<string, unknown> | undefined>('klarna', this.url(`/ordermanagement/v1/orders/${encodeURIComponent(orderId)}/${action}`), {
      method: 'POST',
      headers: this.headers(request.idempotencyKey),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return answer ?? {};
  }

  capture(orderId: string, request: OperationRequest) {
    const order_lines = request.lines ? klarnaLinesFor(request.order, request.lines) : undefined;
    return this.manage(orderId, 'captures', request, { captured_amount: request.amount, ...(order_lines ? { order_lines } : {}) });
  }

  refund(orderId: string, request: OperationRequest) {
    const order_lines = request.lines ? klarnaLinesFor(request.order, request.lines) : undefined;
    return this.manage(orderId, 'refunds', request, { refunded_amount: request.amount, ...(order_lines ? { order_lines } : {}) });
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
}
