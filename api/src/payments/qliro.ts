/**
 * Qliro-type adapter: the Qliro One merchant API and admin API.
 *   POST {base}/checkout/merchantapi/orders        → { OrderId }   (MerchantReference must be unique: ORDER_ALREADY_EXISTS)
 *   PUT  {base}/checkout/merchantapi/orders/{id}   update the items while InProcess (the cart changed)
 *   GET  {base}/checkout/merchantapi/orders/{id}   → { OrderHtmlSnippet, CustomerCheckoutStatus: InProcess | Completed | OnHold | Refused, … }
 *        While InProcess Qliro returns `OrderItems: []` and `TotalPrice: 0`: the amount is unknown until completion,
 *        so an open order is reused by id and status, never by amount.
 *   POST {base}/checkout/adminapi/v2/markItemsAsShipped | cancelOrder | returnItems   (RequestId: idempotency)
 *   GET  {base}/checkout/adminapi/v2/orders/{id}   → { PaymentTransactions: [{ PaymentTransactionId, Type, Status, Amount }] }
 * Auth: `Authorization: Qliro base64(sha256(body + secret))` (an empty body for GET); the merchant API key travels in
 * the body. Qliro pushes status changes to MerchantCheckoutStatusPushUrl and wants {"CallbackResponse":"received"}
 * quickly; before completing it asks MerchantOrderValidationUrl. Prices are decimal kroner, VatRate a percentage.
 */
import { createHash } from 'node:crypto';
import { providerRequest } from './http.js';
import { qliroItems, qliroItemsFor, qliroTotalOre, type QliroOrderItem } from './money.js';
import type { CheckoutOrder, MerchantUrls, OperationRequest, PaymentProvider, PaymentStatus, ProviderOrder } from './types.js';

export interface QliroConfig {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
}

export interface QliroOrderResource {
  OrderId: number;
  MerchantReference: string;
  Currency: string;
  TotalPrice: number;
  OrderHtmlSnippet: string;
  CustomerCheckoutStatus: 'InProcess' | 'Completed' | 'OnHold' | 'Refused' | string;
  /** Empty while InProcess; may be null. */
  OrderItems: QliroOrderItem[] | null;
}

export interface QliroPaymentTransaction {
  PaymentTransactionId: number;
  Type: 'Preauthorization' | 'Capture' | 'Refund' | 'Reversal' | string;
  Status: 'Success' | 'Pending' | 'Error' | string;
  Amount: number;
}

export function qliroToken(body: string, secret: string): string {
  return createHash('sha256').update(body + secret).digest('base64');
}

export function qliroStatus(status: string): PaymentStatus {
  if (status === 'Completed') return 'paid';
  if (status === 'OnHold') return 'onhold';
  if (status === 'Refused') return 'refused';
  return 'pending';
}

export class QliroProvider implements PaymentProvider {
  readonly name = 'qliro' as const;
  constructor(private readonly config: QliroConfig) {}

  private headers(body: string): Record<string, string> {
    return { authorization: `Qliro ${qliroToken(body, this.config.apiSecret)}`, 'content-type': 'application/json', accept: 'application/json' };
  }

  private send<T>(method: string, path: string, payload?: Record<string, unknown>): Promise<T> {
    const body = payload === undefined ? undefined : JSON.stringify({ MerchantApiKey: this.config.apiKey, ...payload });
    return providerRequest<T>('qliro', `${this.config.baseUrl}${path}`, { method, headers: this.headers(body ?? ''), body });
  }

  async createOrder(order: CheckoutOrder, urls: MerchantUrls, merchantReference: string): Promise<ProviderOrder> {
    const { OrderId } = await this.send<{ OrderId: number }>('POST', '/checkout/merchantapi/orders', {
      MerchantReference: merchantReference,
      Currency: 'NOK',
      Country: 'NO',
      Language: 'nb-no',
      MerchantTermsUrl: urls.terms,
      MerchantConfirmationUrl: urls.confirmation,
      MerchantCheckoutStatusPushUrl: urls.push,
      MerchantOrderManagementStatusPushUrl: urls.push,
      MerchantOrderValidationUrl: urls.validation,
      OrderItems: qliroItems(order),
    });
    return this.readOrder(String(OrderId));
  }

  async updateOrder(orderId: string, order: CheckoutOrder): Promise<ProviderOrder> {
    await this.send('PUT', `/checkout/merchantapi/orders/${encodeURIComponent(orderId)}`, { OrderItems: qliroItems(order) });
    return this.readOrder(orderId);
  }

  async readOrder(orderId: string): Promise<ProviderOrder> {
    const o = await this.send<QliroOrderResource>('GET', `/checkout/merchantapi/orders/${encodeURIComponent(orderId)}`);
    const status = qliroStatus(o.CustomerCheckoutStatus);
    return {
      orderId: String(o.OrderId),
      status,
      // Qliro reports no items and total 0 while InProcess: the amount is only known once completed.
      amount: status === 'pending' || !o.OrderItems?.length ? null : qliroTotalOre(o.OrderItems),
      htmlSnippet: o.OrderHtmlSnippet ?? '',
      reference: o.MerchantReference ?? '',
    };
  }

  /** Qliro needs no acknowledge call: answering the push is the receipt. */
  async acknowledge(): Promise<void> {}

  private admin(action: string, orderId: string, request: OperationRequest, extra: Record<string, unknown> = {}) {
    return this.send<Record<string, unknown>>('POST', `/checkout/adminapi/v2/${action}`, {
      RequestId: request.idempotencyKey,
      OrderId: Number(orderId),
      ...extra,
    });
  }

  capture(orderId: string, request: OperationRequest) {
    return this.admin('markItemsAsShipped', orderId, request, { Currency: 'NOK', OrderItems: qliroItemsFor(request.order, request.lines) });
  }

  async refund(orderId: string, request: OperationRequest) {
    // Returns name the capture (payment transaction) they undo: the first successful capture.
    const state = await this.send<{ PaymentTransactions: QliroPaymentTransaction[] | null }>('GET', `/checkout/adminapi/v2/orders/${encodeURIComponent(orderId)}`);
    const capture = (state.PaymentTransactions ?? []).find((t) => t.Type === 'Capture' && t.Status === 'Success');
    return this.admin('returnItems', orderId, request, {
      Currency: 'NOK',
      Returns: [{ PaymentTransactionId: capture?.PaymentTransactionId ?? null, OrderItems: qliroItemsFor(request.order, request.lines) }],
    });
  }

  cancel(orderId: string, request: OperationRequest) {
    return this.admin('cancelOrder', orderId, request);
  }

  /** Qliro One cancels what is not yet shipped of a partly shipped order with the same cancelOrder call. */
  release(orderId: string, request: OperationRequest) {
    return this.admin('cancelOrder', orderId, request);
  }

  /** Qliro's authorisations do not need extending through the API: nothing to call, recorded as such. */
  async extend(): Promise<Record<string, unknown>> {
    return { notNeeded: 'Qliro One has no extend-authorisation call' };
  }
}
