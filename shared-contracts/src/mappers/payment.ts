import type { PaymentOrder, RawPaymentOrder } from '../types/payment.js';

export function mapPaymentOrder(raw: RawPaymentOrder): PaymentOrder {
  return {
    provider: raw.Provider,
    orderId: raw.OrderID,
    reservationId: raw.ReservationID,
    shopId: raw.ShopID,
    status: raw.Status,
    amount: raw.Amount,
    htmlSnippet: raw.HtmlSnippet,
  };
}
