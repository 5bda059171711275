/** Test data in the API's shapes (tests only). */
import type { StaffFollowUpItem, StaffMe, StaffPaymentOperation, StaffReservationDetail, StaffReservationLine } from '@shop/contracts/types';

export const shopStaff: StaffMe = { id: 50, name: 'Berit Butikk', email: 'butikk@staut.no', role: 'shop', shops: [{ id: 1, name: 'Oslo Sentrum' }], canRefund: false };
export const customerService: StaffMe = {
  id: 51,
  name: 'Kari Kundeservice',
  email: 'kundeservice@staut.no',
  role: 'customer-service',
  shops: [
    { id: 1, name: 'Oslo Sentrum' },
    { id: 2, name: 'Bergen' },
  ],
  canRefund: true,
};

export const line = (over: Partial<StaffReservationLine> = {}): StaffReservationLine => ({
  id: 11,
  ean: '7010110000011',
  articleId: 101,
  name: 'Skalljakke',
  size: 'M',
  color: 'Blå',
  articleNo: '1010',
  count: 2,
  price: 49900,
  stockShopId: 1,
  stockShopName: 'Oslo Sentrum',
  fulfilledCount: null,
  removedCount: 0,
  refundedCount: 0,
  returnedCount: 0,
  ...over,
});

export const reservation = (over: Partial<StaffReservationDetail> = {}): StaffReservationDetail => ({
  id: 1001,
  statusId: 3,
  version: 4,
  shopId: 1,
  shopName: 'Oslo Sentrum',
  delivery: 'click-and-collect',
  homeDelivery: false,
  customer: { id: 7, name: 'Ola Nordmann', email: 'ola@example.no', phone: '91234567', address: null, postalCode: null, city: null },
  lines: [line(), line({ id: 12, ean: '7010120000012', name: 'Bukse', size: 'L', color: 'Svart', count: 1, price: 29900 })],
  shippingPrice: 0,
  discount: 0,
  total: 129700,
  trackingUrl: null,
  payment: {
    id: 3,
    provider: 'klarna',
    providerOrderId: 'k-1',
    status: 'paid',
    authorizedAmount: 129700,
    capturedAmount: 0,
    refundedAmount: 0,
    pendingOperations: 0,
    pendingCapture: 0,
    pendingRefund: 0,
    failedOperations: 0,
    unknownOperations: 0,
    operations: [],
    discrepancy: null,
    reconciledAt: null,
  },
  handOver: { mode: 'online', message: null },
  holdUntil: null,
  readyAt: null,
  pickupUntil: null,
  closedAt: null,
  createdAt: '2026-11-24T09:00:00.000Z',
  events: [],
  ...over,
});

export const operation = (over: Partial<StaffPaymentOperation> = {}): StaffPaymentOperation => ({
  id: 70,
  kind: 'capture',
  state: 'confirmed',
  amount: 129700,
  followUp: null,
  lastError: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  doneAt: '2026-11-24T10:00:01.000Z',
  ...over,
});

export const followUpItem = (over: Partial<StaffFollowUpItem> = {}): StaffFollowUpItem => ({
  type: 'operation',
  operationId: 70,
  paymentId: 3,
  reservationId: 1001,
  shopId: 1,
  shopName: 'Oslo Sentrum',
  provider: 'klarna',
  kind: 'capture',
  state: 'unknown',
  amount: 129700,
  known: 'Kustom svarte ikke på 48 timer; ukjent om trekket er gjort.',
  at: '2026-11-24T11:00:00.000Z',
  ...over,
});
