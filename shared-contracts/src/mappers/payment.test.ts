import { describe, expect, it } from 'vitest';
import { mapPaymentOrder } from './payment.js';

describe('mapPaymentOrder', () => {
  it('maps the raw payment order to the web shape', () => {
    expect(
      mapPaymentOrder({ Provider: 'qliro', OrderID: '1001', ReservationID: 7, ShopID: 3, Status: 'paid', Amount: 49900, HtmlSnippet: '<div></div>' }),
    ).toEqual({ provider: 'qliro', orderId: '1001', reservationId: 7, shopId: 3, status: 'paid', amount: 49900, htmlSnippet: '<div></div>' });
  });
});
