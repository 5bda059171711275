/** Payment checkouts at the Klarna-type and Qliro-type providers (API: /payments/{provider}/orders). */

export type PaymentProviderName = 'klarna' | 'qliro';

/** `paid` is final; `onhold`/`refused` come from Qliro-type checkouts. */
export type PaymentStatus = 'pending' | 'paid' | 'onhold' | 'refused';

/** Answer of POST /payments/{provider}/orders and GET /payments/{provider}/orders/{id}. Amount in øre. */
export interface RawPaymentOrder {
  Provider: PaymentProviderName;
  /** The provider's order id (Klarna order_id, Qliro OrderId as text). */
  OrderID: string;
  ReservationID: number;
  ShopID: number;
  Status: PaymentStatus;
  Amount: number;
  /** The provider's checkout markup to insert into the page (Klarna html_snippet / Qliro OrderHtmlSnippet). */
  HtmlSnippet: string;
}

export interface PaymentOrder {
  provider: PaymentProviderName;
  orderId: string;
  reservationId: number;
  shopId: number;
  status: PaymentStatus;
  amount: number;
  htmlSnippet: string;
}
