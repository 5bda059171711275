/**
 * Qliro-type adapter: the Qliro One merchant API and admin API.
 *   POST {base}/checkout/merchantapi/orders        → { OrderId }   (MerchantReference must be unique: ORDER_ALREADY_EXISTS)
 *   PUT  {base}/checkout/merchantapi/orders/{id}   update the items while InProcess (the cart changed)
 *   GET  {base}/checkout/merchantapi/orders/{id}   → { OrderHtmlSnippet, CustomerCheckoutStatus: InProcess | Completed | OnHold | Refused, … }
 *        While InProcess Qliro returns `OrderItems: []` and `TotalPrice: 0`: the amount is unknown until completion,
 *        so an open order is reused by id and status, never by amount.
 *   POST {base}/checkout/adminapi/v2/MarkItemsAsShipped | CancelOrder | ReturnItems   (RequestId: a new GUID per request;
 *        the answer only confirms receipt, the result comes as an order-management notification)
 *   GET  {base}/checkout/adminapi/v2/orders/{id}   → { PaymentTransactions: [{ PaymentTransactionId, Type, Status, Amount }] }
 * Auth: `Authorization: Qliro base64(sha256(body + secret))` (an empty body for GET); the merchant API key travels in
 * the body. Qliro pushes status changes to MerchantCheckoutStatusPushUrl and wants {"CallbackResponse":"received"}
 * quickly; before completing it asks MerchantOrderValidationUrl. Prices are decimal kroner, VatRate a percentage.
 */
import { createHash, createHmac } from 'node:crypto';
import { providerRequest } from './http.js';
import { qliroItems, qliroItemsFor, qliroTotalOre, type QliroOrderItem } from './money.js';
import { ProviderError, type CheckoutOrder, type LedgerTransaction, type MerchantUrls, type OperationAnswer, type OperationRequest, type PaymentProvider, type PaymentStatus, type ProviderLedger, type ProviderOrder } from './types.js';

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

/**
 * The token in the order-management notification URL. Qliro's notifications carry no authentication; its docs ask
 * for a URL holding a token the merchant checks (https://developers.qliro.com/qliro-checkout/order-management/notifications-adminapi).
 * Bound to one reservation with the merchant's secret: a leaked URL can only make the shop re-read that reservation's
 * orders from Qliro, which is what a notification does anyway (its body is never trusted).
 */
export function qliroNotificationToken(reservationId: number, secret: string): string {
  return createHmac('sha256', secret).update(`qliro-order-management:${reservationId}`).digest('base64url').slice(0, 32);
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

  private async send<T>(method: string, path: string, payload?: Record<string, unknown>): Promise<T> {
    const body = payload === undefined ? undefined : JSON.stringify({ MerchantApiKey: this.config.apiKey, ...payload });
    try {
      return await providerRequest<T>('qliro', `${this.config.baseUrl}${path}`, { method, headers: this.headers(body ?? ''), body });
    } catch (error) {
      throw qliroRetryable(error);
    }
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
      MerchantOrderManagementStatusPushUrl: urls.orderManagementPush ?? urls.push,
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

  /**
   * One admin call. Qliro's admin API answers only that it received the request (a PaymentTransactionId with status
   * Created); the result comes in an order-management notification (settled: false).
   * https://developers.qliro.com/api-reference/admin/orders/mark-items-as-shipped ("The response only confirms that
   * Qliro received the request"); RequestId: "stored for 7 days, and during that time, any requests sent with the
   * same GUID will be denied" — so request.requestId is new for every attempt.
   */
  private async admin(action: string, orderId: string, request: OperationRequest, extra: Record<string, unknown> = {}): Promise<OperationAnswer> {
    const raw = await this.send<Record<string, unknown> | undefined>('POST', `/checkout/adminapi/v2/${action}`, {
      RequestId: request.requestId,
      OrderId: Number(orderId),
      ...extra,
    });
    const transactions = (raw?.PaymentTransactions as Array<{ PaymentTransactionId?: number }> | undefined) ?? [];
    const id = transactions[transactions.length - 1]?.PaymentTransactionId;
    return { providerRef: id === undefined || id === null ? null : String(id), settled: false, raw: raw ?? {} };
  }

  /** MarkItemsAsShipped takes `Shipments: [{ PaymentTransactionId?, OrderItems }]` (required), never top-level items. */
  capture(orderId: string, request: OperationRequest) {
    return this.admin('MarkItemsAsShipped', orderId, request, { Currency: 'NOK', Shipments: qliroShipments(request) });
  }

  /** ReturnItems names, per return, the capture transaction the items were captured in (payments/allocation.ts). */
  async refund(orderId: string, request: OperationRequest) {
    if (!request.returns?.length) throw new ProviderError('qliro', null, 'a Qliro return needs the capture transactions it returns from', 'rejected');
    return this.admin('ReturnItems', orderId, request, { Currency: 'NOK', Returns: qliroReturns(request) });
  }

  /** CancelOrder cancels what is reserved and not shipped: the whole order before any capture. */
  cancel(orderId: string, request: OperationRequest) {
    return this.admin('cancelOrder', orderId, request);
  }

  /** After a partial capture the same CancelOrder cancels the items not shipped (the rest of the reservation). */
  release(orderId: string, request: OperationRequest) {
    return this.admin('cancelOrder', orderId, request);
  }

  /** Qliro's authorisations do not need extending through the API: nothing to call, recorded as such. */
  async extend(): Promise<OperationAnswer> {
    return { providerRef: null, settled: true, raw: { notNeeded: 'Qliro One has no extend-authorisation call' } };
  }

  /**
   * Admin GetOrder's PaymentTransactions as the shop's ledger: Capture/Refund/Reversal with their status (Created,
   * InProcess, OnHold … pending; Success; Error, Cancelled). Amounts are decimal kroner.
   * https://developers.qliro.com/qliro-checkout/order-management/get-payment-transaction-1 (statuses and types)
   */
  async readLedger(orderId: string): Promise<ProviderLedger> {
    const o = await this.send<QliroAdminOrder>('GET', `/checkout/adminapi/v2/orders/${encodeURIComponent(orderId)}`);
    return qliroLedger(o);
  }
}

/**
 * Qliro's "retry shortly" answers are not refusals: OPERATION_NOT_SUPPORTED with "Another transaction is already in
 * process. Please retry shortly", and PAYMENT_ONHOLD ("You need to schedule a re-try").
 * https://developers.qliro.com/qliro-checkout/get-started/checkout-basics (error codes)
 */
export function qliroRetryable(error: unknown): unknown {
  if (!(error instanceof ProviderError) || error.kind !== 'rejected') return error;
  const busy = error.code === 'PAYMENT_ONHOLD' || (error.code === 'OPERATION_NOT_SUPPORTED' && /another transaction is already in process/i.test(error.message));
  return busy ? new ProviderError('qliro', error.status, error.message, 'busy', error.code, error.correlationId) : error;
}

export interface QliroAdminOrder {
  OrderId: number;
  MerchantReference?: string;
  PaymentTransactions?: QliroPaymentTransaction[] | null;
}

const QLIRO_KIND: Record<string, LedgerTransaction['kind']> = { Capture: 'capture', Debit: 'capture', Refund: 'refund', Reversal: 'cancel' };

export function qliroTransactionStatus(status: string): LedgerTransaction['status'] {
  if (status === 'Success') return 'settled';
  if (status === 'Error' || status === 'Cancelled') return 'error';
  return 'pending';
}

/** The shop's ledger of a Qliro admin order (pure). */
export function qliroLedger(o: QliroAdminOrder): ProviderLedger {
  const transactions: LedgerTransaction[] = (o.PaymentTransactions ?? [])
    .filter((t) => t.Type in QLIRO_KIND)
    .map((t) => ({ id: String(t.PaymentTransactionId), kind: QLIRO_KIND[t.Type]!, amount: Math.round(Math.abs(Number(t.Amount)) * 100), status: qliroTransactionStatus(t.Status) }));
  const sum = (kind: LedgerTransaction['kind']) => transactions.filter((t) => t.kind === kind && t.status === 'settled').reduce((s, t) => s + t.amount, 0);
  return {
    captured: sum('capture'),
    refunded: sum('refund'),
    cancelled: transactions.some((t) => t.kind === 'cancel' && t.status === 'settled'),
    remainingAuthorized: null,
    fraudStatus: null,
    transactions,
  };
}

/** MarkItemsAsShipped's Shipments: one shipment with the lines handed over (all lines when the whole order goes). */
export function qliroShipments(request: OperationRequest): Array<{ OrderItems: QliroOrderItem[] }> {
  return [{ OrderItems: qliroItemsFor(request.order, request.lines) }];
}

/** ReturnItems' Returns: one per capture transaction the refunded lines were captured in. */
export function qliroReturns(request: OperationRequest): Array<{ PaymentTransactionId: number; OrderItems: QliroOrderItem[] }> {
  return (request.returns ?? []).map((r) => ({ PaymentTransactionId: Number(r.captureRef), OrderItems: qliroItemsFor(request.order, r.lines) }));
}
