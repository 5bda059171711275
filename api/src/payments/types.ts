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
  /** The reservation as sold (lines for Qliro's item-based admin API, order_lines for Klarna). */
  order: CheckoutOrder;
}

/** `release`: give back what remains authorised after a partial capture (the rest of the order is not delivered). */
export type OperationKind = 'capture' | 'refund' | 'cancel' | 'extend' | 'release';

export interface PaymentProvider {
  readonly name: ProviderName;
  createOrder(order: CheckoutOrder, urls: MerchantUrls, merchantReference: string): Promise<ProviderOrder>;
  /** The cart changed while the checkout is open: send the new lines and amount (KCO update order; Qliro update items). */
  updateOrder(orderId: string, order: CheckoutOrder): Promise<ProviderOrder>;
  readOrder(orderId: string): Promise<ProviderOrder>;
  /** Tell the provider the shop has taken the completed order (Klarna: order management acknowledge). */
  acknowledge(orderId: string): Promise<void>;
  /** Order management. Each call carries the request's idempotency key; a repeat is answered, never done twice. */
  capture(orderId: string, request: OperationRequest): Promise<Record<string, unknown>>;
  refund(orderId: string, request: OperationRequest): Promise<Record<string, unknown>>;
  cancel(orderId: string, request: OperationRequest): Promise<Record<string, unknown>>;
  extend(orderId: string, request: OperationRequest): Promise<Record<string, unknown>>;
  /** Releases the remaining authorisation after a partial capture (Klarna release-remaining-authorization; Qliro cancelOrder, which cancels the items not shipped). */
  release(orderId: string, request: OperationRequest): Promise<Record<string, unknown>>;
}

/**
 * What went wrong, as the shop treats it: `rejected` (the provider refused the request: a validation or business
 * rule; retrying the same call cannot help), `auth` (our credentials), `not-found`, `outage` (timeout, unreachable,
 * 5xx, 429: retry later).
 */
export type ProviderErrorKind = 'rejected' | 'auth' | 'not-found' | 'outage';

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
