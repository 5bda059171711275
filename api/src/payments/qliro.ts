/**
 * Qliro-type adapter: the Qliro One merchant API.
 *   POST {base}/checkout/merchantapi/orders      → { OrderId }
 *   GET  {base}/checkout/merchantapi/orders/{id} → { OrderHtmlSnippet, CustomerCheckoutStatus: InProcess | Completed | OnHold | Refused, … }
 * Auth: `Authorization: Qliro base64(sha256(body + secret))` (an empty body for GET); the merchant API key travels in
 * the order body. Qliro pushes status changes to MerchantCheckoutStatusPushUrl and wants {"CallbackResponse":"received"}.
 * Prices are decimal kroner incl./excl. VAT. The shop keeps one Qliro order per shop (payments/service.ts).
 */
import { createHash } from 'node:crypto';
import { providerRequest } from './http.js';
import { qliroItems, qliroTotalOre, type QliroOrderItem } from './money.js';
import type { CheckoutOrder, MerchantUrls, PaymentProvider, PaymentStatus, ProviderOrder } from './types.js';

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
  OrderItems: QliroOrderItem[];
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

  async createOrder(order: CheckoutOrder, urls: MerchantUrls): Promise<ProviderOrder> {
    const body = JSON.stringify({
      MerchantApiKey: this.config.apiKey,
      MerchantReference: String(order.reservationId),
      Currency: 'NOK',
      Country: 'NO',
      Language: 'nb-no',
      MerchantTermsUrl: urls.terms,
      MerchantConfirmationUrl: urls.confirmation,
      MerchantCheckoutStatusPushUrl: urls.push,
      MerchantOrderManagementStatusPushUrl: urls.push,
      OrderItems: qliroItems(order),
    });
    const { OrderId } = await providerRequest<{ OrderId: number }>('qliro', `${this.config.baseUrl}/checkout/merchantapi/orders`, {
      method: 'POST',
      headers: this.headers(body),
      body,
    });
    return this.readOrder(String(OrderId));
  }

  async readOrder(orderId: string): Promise<ProviderOrder> {
    const o = await providerRequest<QliroOrderResource>('qliro', `${this.config.baseUrl}/checkout/merchantapi/orders/${encodeURIComponent(orderId)}`, {
      method: 'GET',
      headers: this.headers(''),
    });
    return {
      orderId: String(o.OrderId),
      status: qliroStatus(o.CustomerCheckoutStatus),
      amount: qliroTotalOre(o.OrderItems),
      htmlSnippet: o.OrderHtmlSnippet,
      reference: o.MerchantReference,
    };
  }

  /** Qliro needs no acknowledge call: answering the push is the receipt. */
  async acknowledge(): Promise<void> {}
}
