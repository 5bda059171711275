/**
 * The provider interface the shop codes against. Each provider has an adapter speaking its real HTTP contract
 * (klarna.ts: Klarna Checkout v3; qliro.ts: Qliro One) and a local stand-in speaking the same contract
 * (standins/), so tests and the embedded default run the real client code over real HTTP.
 */
export type ProviderName = 'klarna' | 'qliro';
export const PROVIDERS: readonly ProviderName[] = ['klarna', 'qliro'];

/** Provider status mapped to what the shop acts on. Only `paid` marks a reservation paid. */
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
}

export interface ProviderOrder {
  orderId: string;
  status: PaymentStatus;
  /** Øre. */
  amount: number;
  htmlSnippet: string;
  /** Our reservation id as the provider stores it (merchant reference). */
  reference: string;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createOrder(order: CheckoutOrder, urls: MerchantUrls): Promise<ProviderOrder>;
  readOrder(orderId: string): Promise<ProviderOrder>;
  /** Tell the provider the shop has taken the paid order (Klarna: order management acknowledge). */
  acknowledge(orderId: string): Promise<void>;
}

export class ProviderError extends Error {
  constructor(
    readonly provider: ProviderName,
    readonly status: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
