/**
 * The provider interface the shop codes against. Each provider has an adapter speaking its real HTTP contract
 * (klarna.ts: Kustom/Klarna Checkout v3 + Order Management; qliro.ts: Qliro One merchant + admin API) and a local
 * stand-in speaking the same contract (standins/), so tests and the embedded default run the real client code over
 * real HTTP.
 */
export type ProviderName = 'klarna' | 'qliro';
export const PROVIDERS: readonly ProviderName[] = ['klarna', 'qliro'];

/** Provider status mapped to what the shop acts on. Only `paid` (completed/authorised) can pay a reservation. */
export type PaymentStatus = 'pending' | 'paid' | 'onhold' | 'refused';

/** What the shop sells in one checkout (from the stored reservation; never from the browser). Øre incl. VAT. */
export interface CheckoutOrder {
  reservationId: number;
  shopId: number;
  lines: Array<{ reference: string; name: string; quantity: number; unitPrice: number }>;
  /** Øre, 0 when none. */
  shipping: number;
  /** Øre off the total, 0 when none. */
  discount: number;
  /** Must equal Σ lines + shipping − discount. */
  total: number;
}

/** Absolute URLs the provider calls or sends the shopper to. */
export interface MerchantUrls {
  terms: string;
  checkout: string;
  confirmation: string;
  push: string;
  /** Called by the provider before it completes a purchase; the shop may refuse (payments/validation.ts). */
  validation: string;
  /** Qliro MerchantOrderManagementStatusPushUrl: the results of admin calls (routes/payments/index.ts, with its token). */
  orderManagementPush?: string;
  /**
   * Kustom merchant_urls.notification: the fraud decision on a pending order (FRAUD_RISK_ACCEPTED / _REJECTED /
   * _STOPPED), https://docs.klarna.com/order-management/in-depth-knowledge/pending-orders. Qliro has none.
   */
  notification?: string;
}

export interface ProviderOrder {
  orderId: string;
  status: PaymentStatus;
  /** Øre; null while the provider does not tell (Qliro: no items and total 0 while InProcess). */
  amount: number | null;
  htmlSnippet: string;
  /** The merchant reference the provider stores (payments/reference.ts: leads back to the reservation). */
  reference: string;
}

/** A line of a partial capture or refund: the reservation line's reference (EAN) and how many units. */
export interface OperationLine {
  reference: string;
  quantity: number;
}

/** One provider operation: amount fixed when decided, the idempotency key sent with every attempt. */
export interface OperationRequest {
  amount: number;
  /** Null: the operation covers the whole order (capture/refund all that remains). */
  lines: OperationLine[] | null;
  idempotencyKey: string;
  /**
   * Qliro's RequestId for this attempt: a fresh GUID for every send (Qliro keeps a RequestId 7 days and denies any
   * request that reuses it). Kustom gets `idempotencyKey`, the same for every attempt of one decision.
   */
  requestId: string;
  /** The reservation as sold (lines for Qliro's item-based admin API, order_lines for Klarna). */
  order: CheckoutOrder;
  /**
   * A refund's lines split by the capture they were captured in (Qliro ReturnItems names one capture transaction per
   * return); computed from the confirmed captures (payments/allocation.ts). Absent for other kinds.
   */
  returns?: Array<{ captureRef: string; lines: OperationLine[]; amount: number }>;
}

/**
 * What an order-management call answered. Kustom answers when it is done (`settled`); Qliro's admin API only says it
 * received the request: the result comes later in an order-management notification (or by reading the order).
 */
export interface OperationAnswer {
  /** Qliro PaymentTransactionId; Kustom capture_id / refund_id where it names one; null otherwise. */
  providerRef: string | null;
  settled: boolean;
  raw: Record<string, unknown>;
}

/** `release`: give back what remains authorised after a partial capture (the rest of the order is not delivered). */
export type OperationKind = 'capture' | 'refund' | 'cancel' | 'extend' | 'release';

/**
 * What the provider's own records say happened to an order's money (Qliro admin GetOrder's PaymentTransactions;
 * Kustom's order-management order with captures and refunds). The operations queue reads it before it sends anything
 * again after a lost answer or a crash, and reconciliation compares it with what the shop recorded. Øre.
 */
export interface ProviderLedger {
  /** Settled captures / refunds (Qliro: transactions with Status Success; Kustom: captures[] / refunds[]). */
  captured: number;
  refunded: number;
  /** The authorisation was cancelled (nothing more can be captured); Kustom status CANCELLED, Qliro a Reversal. */
  cancelled: boolean;
  /** What is still authorised and can be captured; null where the provider does not say. */
  remainingAuthorized: number | null;
  /** Kustom fraud_status; null where the provider has none. */
  fraudStatus: 'ACCEPTED' | 'PENDING' | 'REJECTED' | null;
  /** Every money transaction the provider lists, oldest first. */
  transactions: LedgerTransaction[];
}

export interface LedgerTransaction {
  /** Qliro PaymentTransactionId; Kustom capture_id / refund_id. */
  id: string;
  kind: 'capture' | 'refund' | 'cancel' | 'other';
  amount: number;
  /** Qliro reports a request `Pending`/`Created` until it is processed, then `Success` or `Error`. Kustom: always settled. */
  status: 'settled' | 'pending' | 'error';
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createOrder(order: CheckoutOrder, urls: MerchantUrls, merchantReference: string): Promise<ProviderOrder>;
  /** The cart changed while the checkout is open: send the new lines and amount (KCO update order; Qliro update items). */
  updateOrder(orderId: string, order: CheckoutOrder): Promise<ProviderOrder>;
  readOrder(orderId: string): Promise<ProviderOrder>;
  /** Tell the provider the shop has taken the completed order (Klarna: order management acknowledge). */
  acknowledge(orderId: string): Promise<void>;
  /** Order management. Each call carries the request's idempotency key; a repeat is answered, never done twice. */
  capture(orderId: string, request: OperationRequest): Promise<OperationAnswer>;
  refund(orderId: string, request: OperationRequest): Promise<OperationAnswer>;
  cancel(orderId: string, request: OperationRequest): Promise<OperationAnswer>;
  extend(orderId: string, request: OperationRequest): Promise<OperationAnswer>;
  /** Releases the remaining authorisation after a partial capture (Klarna release-remaining-authorization; Qliro cancelOrder, which cancels the items not shipped). */
  release(orderId: string, request: OperationRequest): Promise<OperationAnswer>;
  /** The provider's own record of the order's money (verification before a resend; reconciliation). */
  readLedger(orderId: string): Promise<ProviderLedger>;
}

/**
 * What went wrong, as the shop treats it: `rejected` (the provider refused the request: a validation or business
 * rule; retrying the same call cannot help), `auth` (our credentials), `not-found`, `outage` (timeout, unreachable,
 * 5xx, 429: retry later), `busy` (the provider says retry shortly: Qliro OPERATION_NOT_SUPPORTED "another transaction
 * is already in process", PAYMENT_ONHOLD).
 */
export type ProviderErrorKind = 'rejected' | 'auth' | 'not-found' | 'outage' | 'busy';

export class ProviderError extends Error {
  constructor(
    readonly provider: ProviderName,
    readonly status: number | null,
    message: string,
    readonly kind: ProviderErrorKind = 'outage',
    /** The provider's error code (Klarna error_code, Qliro ErrorCode). */
    readonly code: string | null = null,
    /** The provider's id for this failure (Klarna correlation_id, Qliro ErrorReference), for their support. */
    readonly correlationId: string | null = null,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
