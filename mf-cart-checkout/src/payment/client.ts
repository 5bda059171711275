import { createPaymentOrder, getPaymentOrder } from '@shop/contracts/api';
import type { PaymentProviderName, PaymentStatus } from '@shop/contracts/types';

/**
 * The payment calls the checkout needs, over the contracts' API client. The step talks to this interface so tests
 * can drive it without a provider; the shop uses `paymentClient` (POST/GET /payments/{provider}/orders).
 */
export type PaymentProviderId = PaymentProviderName;

export interface PaymentSession {
  provider: PaymentProviderId;
  orderId: string;
  htmlSnippet: string;
}

export type PaymentState = 'incomplete' | 'complete' | 'refused';

export interface PaymentClient {
  /** Creates the provider order for a reservation and returns its checkout snippet. */
  start(provider: PaymentProviderId, reservationId: number): Promise<PaymentSession>;
  /** Reads the provider order again (the server asks the provider; the browser never decides it is paid). */
  state(provider: PaymentProviderId, orderId: string): Promise<PaymentState>;
}

/** Where the provider sends the shopper after paying: the checkout's confirmation step. */
export const confirmationPath = (provider: PaymentProviderId) => `/checkout?steg=bekreftelse&betaling=${provider}`;

/** `paid` is final; on-hold (Qliro-type review) is not paid yet; refused ends this attempt. */
export function paymentState(status: PaymentStatus): PaymentState {
  if (status === 'paid') return 'complete';
  if (status === 'refused') return 'refused';
  return 'incomplete';
}

export const paymentClient: PaymentClient = {
  async start(provider, reservationId) {
    const order = await createPaymentOrder(provider, reservationId, confirmationPath(provider));
    return { provider, orderId: order.orderId, htmlSnippet: order.htmlSnippet };
  },
  async state(provider, orderId) {
    return paymentState((await getPaymentOrder(provider, orderId)).status);
  },
};
