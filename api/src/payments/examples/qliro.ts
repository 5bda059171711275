/**
 * Request bodies of Qliro One's admin API as its documentation describes them, written down as data (the values are
 * ours, the shape is theirs) so the adapter's requests are checked against the documented contract rather than
 * against our own stand-in. Each example names its source.
 */
export interface DocumentedRequest {
  source: string;
  path: string;
  body: Record<string, unknown>;
}

const item = { MerchantReference: '7038510000017', Type: 'Product', Quantity: 1, PricePerItemIncVat: 499, PricePerItemExVat: 399.2, VatRate: 25, Description: 'Skalljakke' };

export const qliroDocumented: Record<'capture' | 'refund' | 'cancel', DocumentedRequest> = {
  capture: {
    // "Shipments (object[], required): Array of each shipment containing the order items and the payment reference";
    // RequestId a GUID "stored for 7 days … any requests sent with the same GUID will be denied".
    source: 'https://developers.qliro.com/api-reference/admin/orders/mark-items-as-shipped',
    path: '/checkout/adminapi/v2/MarkItemsAsShipped',
    body: { RequestId: '6f1c1c3e-2d4b-4a8e-9d3c-0c0e7f2b9a11', MerchantApiKey: 'key', OrderId: 1001, Currency: 'NOK', Shipments: [{ OrderItems: [item] }] },
  },
  refund: {
    // "Returns (object[], required) … PaymentTransactionId (integer, required): … communicated in the notification
    // message after a MarkItemsAsShipped call was processed"; OrderItems required.
    source: 'https://developers.qliro.com/api-reference/admin/orders/return-with-items',
    path: '/checkout/adminapi/v2/ReturnItems',
    body: { RequestId: '0b3f2f0e-9a57-4c43-8f55-2d7e3e1d4c22', MerchantApiKey: 'key', OrderId: 1001, Currency: 'NOK', Returns: [{ PaymentTransactionId: 5001, OrderItems: [item] }] },
  },
  cancel: {
    // "Cancels an order that still has a reserved amount and items not marked as shipped": RequestId, MerchantApiKey, OrderId.
    source: 'https://developers.qliro.com/api-reference/admin/orders/cancel-order',
    path: '/checkout/adminapi/v2/cancelOrder',
    body: { RequestId: '9a7c0a64-5f0e-4f5e-8a8b-2b6f0d7c1e33', MerchantApiKey: 'key', OrderId: 1001 },
  },
};

/** The documented answer of an admin call: receipt only, the transaction just created. */
export const qliroReceived = {
  source: 'https://developers.qliro.com/api-reference/admin/orders/cancel-order',
  body: { PaymentTransactions: [{ PaymentTransactionId: 5002, Status: 'Created' }] },
};

/** Shape of a JSON value: objects by sorted keys, arrays by their first element, scalars by type. */
export function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return [value.length ? shapeOf(value[0]) : 'empty'];
  if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((k) => [k, shapeOf((value as Record<string, unknown>)[k])]));
  return typeof value;
}
