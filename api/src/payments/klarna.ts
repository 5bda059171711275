/**
 * Klarna-type adapter: the Klarna Checkout v3 contract. Basic auth with the merchant's API username/password.
 *   POST {base}/checkout/v3/orders                         → { order_id, status: 'checkout_incomplete', html_snippet, … }
 *   GET  {base}/checkout/v3/orders/{id}                    → status 'checkout_complete' once paid
 *   POST {base}/ordermanagement/v1/orders/{id}/acknowledge → 204
 * Klarna substitutes `{checkout.order.id}` in merchant URLs (the push URL gets `?klarna_order_id=…`).
 */
import { providerRequest } from './http.js';
import { klarnaAmounts, type KlarnaOrderLine } from './money.js';
import type { CheckoutOrder, MerchantUrls, PaymentProvider, PaymentStatus, ProviderOrder } from './types.js';

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
  order_lines: KlarnaOrderLine[];
}

export function klarnaStatus(status: string): PaymentStatus {
  // `checkout_complete`: the shopper paid; `created` is what order management reports after that.
  return status === 'checkout_complete' || status === 'created' ? 'paid' : 'pending';
}

export class KlarnaProvider implements PaymentProvider {
  readonly name = 'klarna' as const;
  constructor(private readonly config: KlarnaConfig) {}

  private headers(): Record<string, string> {
    const basic = Buffer.from(`${this.config.username}:${this.config.password}`).toString('base64');
    return { authorization: `Basic ${basic}`, 'content-type': 'application/json', accept: 'application/json' };
  }

  private toOrder(o: KlarnaOrderResource): ProviderOrder {
    return {
      orderId: o.order_id,
      status: klarnaStatus(o.status),
      amount: o.order_amount,
      htmlSnippet: o.html_snippet,
      reference: o.merchant_reference1 ?? '',
    };
  }

  async createOrder(order: CheckoutOrder, urls: MerchantUrls): Promise<ProviderOrder> {
    const body = {
      purchase_country: 'NO',
      purchase_currency: 'NOK',
      locale: 'nb-NO',
      ...klarnaAmounts(order),
      merchant_reference1: String(order.reservationId),
      merchant_urls: urls,
    };
    const created = await providerRequest<KlarnaOrderResource>('klarna', `${this.config.baseUrl}/checkout/v3/orders`, {
      method: 'POST',
      headers: this.headers(),
      body: JSON.stringify(body),
    });
    return this.toOrder(created);
  }

  async readOrder(orderId: string): Promise<ProviderOrder> {
    const o = await providerRequest<KlarnaOrderResource>('klarna', `${this.config.baseUrl}/checkout/v3/orders/${encodeURIComponent(orderId)}`, {
      method: 'GET',
      headers: this.headers(),
    });
    return this.toOrder(o);
  }

  async acknowledge(orderId: string): Promise<void> {
    await providerRequest<void>('klarna', `${this.config.baseUrl}/ordermanagement/v1/orders/${encodeURIComponent(orderId)}/acknowledge`, {
      method: 'POST',
      headers: this.headers(),
    });
  }
}
