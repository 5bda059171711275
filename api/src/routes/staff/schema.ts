/** The workspace API's shapes (StaffMe, StaffReservation… of @shop/contracts/types/fulfilment.ts), checked against the contract. */
import { Type, type Static } from 'typebox';
import type { StaffMe, StaffQueuePage, StaffReservationDetail } from '@shop/contracts/types';
import { assertSameShape, DbId, IsoDateTime, Nullable, PageMetaSchema, type SameShape } from '../shared/schema.js';

const Ore = (description = 'øre') => Type.Integer({ description });

export const StaffMeSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  role: Type.Union([Type.Literal('staff'), Type.Literal('shop'), Type.Literal('customer-service'), Type.Literal('admin')]),
  shops: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  canRefund: Type.Boolean(),
});
assertSameShape<SameShape<Static<typeof StaffMeSchema>, StaffMe>>();

const LineSchema = Type.Object({
  id: Type.Integer(),
  ean: Type.String(),
  articleId: Type.Integer(),
  name: Type.String(),
  size: Type.String(),
  color: Type.String(),
  articleNo: Type.String(),
  count: Type.Integer(),
  price: Ore('unit price, øre'),
  stockShopId: Type.Integer(),
  stockShopName: Type.String(),
  fulfilledCount: Nullable(Type.Integer()),
  removedCount: Type.Integer(),
  refundedCount: Type.Integer(),
  returnedCount: Type.Integer(),
});

const PaymentSchema = Type.Object({
  id: Type.Integer(),
  provider: Type.Union([Type.Literal('klarna'), Type.Literal('qliro')]),
  providerOrderId: Type.String(),
  status: Type.String({ description: 'pending | paid | onhold | refused | cancelled | late | mismatch' }),
  authorizedAmount: Ore(),
  capturedAmount: Ore(),
  refundedAmount: Ore(),
  pendingOperations: Type.Integer({ description: 'operations queued or sent to the provider, not yet settled' }),
  pendingCapture: Ore('øre of captures queued or sent, not yet confirmed'),
  pendingRefund: Ore('øre of refunds queued or sent, not yet confirmed'),
  failedOperations: Type.Integer({ description: 'operations the provider refused' }),
  unknownOperations: Type.Integer({ description: 'operations the shop could not settle: to be followed up' }),
  operations: Type.Array(
    Type.Object({
      id: Type.Integer(),
      kind: Type.String({ description: 'capture | refund | cancel | release | extend | void' }),
      state: Type.String({ description: 'queued | sent | confirmed | refused | unknown' }),
      amount: Nullable(Ore()),
      followUp: Nullable(Type.String({ description: 'for unknown: what is known (Norwegian)' })),
      lastError: Nullable(Type.String()),
      createdAt: IsoDateTime,
      doneAt: Nullable(IsoDateTime),
    }),
  ),
  discrepancy: Nullable(Type.String({ description: 'what the last reconciliation found different at the provider (Norwegian)' })),
  reconciledAt: Nullable(IsoDateTime),
  fraudStatus: Type.Optional(
    Nullable(Type.Union([Type.Literal('ACCEPTED'), Type.Literal('PENDING'), Type.Literal('REJECTED')], { description: "Kustom's fraud_status: PENDING/REJECTED refuse a hand-over" })),
  ),
});

const reservationFields = {
  id: Type.Integer(),
  statusId: Type.Integer({ description: 'RESERVATION_STATUSES of @shop/contracts' }),
  version: Type.Integer({ description: 'send it back with an action; an older one gets 409' }),
  shopId: Type.Integer(),
  shopName: Type.String(),
  delivery: Type.String(),
  homeDelivery: Type.Boolean(),
  customer: Type.Object({
    id: Nullable(Type.Integer()),
    name: Type.String(),
    email: Type.String(),
    phone: Type.String(),
    address: Nullable(Type.String()),
    postalCode: Nullable(Type.String()),
    city: Nullable(Type.String()),
  }),
  lines: Type.Array(LineSchema),
  shippingPrice: Ore(),
  discount: Ore(),
  total: Ore(),
  trackingUrl: Nullable(Type.String()),
  payment: Nullable(PaymentSchema),
  handOver: Type.Object({
    mode: Type.Union([Type.Literal('online'), Type.Literal('in-shop'), Type.Literal('refused')], {
      description: 'online: Hentet/Sendt capture; in-shop: only "Betalt i butikken"; refused: no hand-over (message says why)',
    }),
    message: Nullable(Type.String({ description: 'why a hand-over is refused (Norwegian)' })),
  }),
  holdUntil: Nullable(IsoDateTime),
  readyAt: Nullable(IsoDateTime),
  pickupUntil: Nullable(IsoDateTime),
  closedAt: Nullable(IsoDateTime),
  createdAt: IsoDateTime,
};

export const StaffReservationSchema = Type.Object(reservationFields);

export const StaffReservationDetailSchema = Type.Object({
  ...reservationFields,
  events: Type.Array(
    Type.Object({
      id: Type.Integer(),
      kind: Type.String(),
      fromStatus: Nullable(Type.Integer()),
      toStatus: Nullable(Type.Integer()),
      actorName: Nullable(Type.String({ description: 'null = the system' })),
      detail: Type.Record(Type.String(), Type.Unknown()),
      createdAt: IsoDateTime,
    }),
  ),
});
assertSameShape<SameShape<Static<typeof StaffReservationDetailSchema>, StaffReservationDetail>>();

export const StaffQueuePageSchema = Type.Object({ data: Type.Array(StaffReservationSchema), meta: PageMetaSchema });
assertSameShape<SameShape<Static<typeof StaffQueuePageSchema>, StaffQueuePage>>();

export const QueueQuery = Type.Object({
  shopId: Type.Optional(DbId()),
  status: Type.Optional(Type.String({ pattern: '^[1-9](,[1-9])*$', maxLength: 40, description: 'status ids, comma-separated; default the open ones' })),
  q: Type.Optional(Type.String({ maxLength: 100, description: 'reservation number, name, phone or e-mail' })),
  page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
});

const requestKey = Type.String({ minLength: 8, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$', description: 'one per button press: a repeat does nothing twice' });
const base = { version: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }), requestKey };
const LineCount = Type.Object({ lineId: DbId(), count: Type.Integer({ minimum: 1, maximum: 10_000 }) }, { additionalProperties: false });
const LineCounts = Type.Array(LineCount, { minItems: 1, maxItems: 200 });

export const ActionBodies = {
  ready: Type.Object(base, { additionalProperties: false }),
  collected: Type.Object({ ...base, lines: Type.Optional(LineCounts) }, { additionalProperties: false }),
  'paid-in-shop': Type.Object({ ...base, lines: Type.Optional(LineCounts) }, { additionalProperties: false }),
  'not-collected': Type.Object(base, { additionalProperties: false }),
  shipped: Type.Object({ ...base, trackingUrl: Type.String({ maxLength: 2000, description: 'https URL of the carrier' }) }, { additionalProperties: false }),
  'remove-line': Type.Object({ ...base, lineId: DbId(), count: Type.Integer({ minimum: 1, maximum: 10_000 }), restock: Type.Boolean() }, { additionalProperties: false }),
  refund: Type.Object(
    { ...base, lines: Type.Optional(LineCounts), amount: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000_000, description: 'øre' })), reason: Type.String({ maxLength: 500 }) },
    { additionalProperties: false },
  ),
  returned: Type.Object({ ...base, shopId: DbId(), lines: LineCounts }, { additionalProperties: false }),
} as const;
