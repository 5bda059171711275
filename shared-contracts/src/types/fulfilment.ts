/**
 * The shop workspace (/butikk) and its API (`/api/v1/staff/…`): the queue of reservations a shop or the web
 * warehouse must hand over or send, and the actions on them. One JSON shape (no legacy raw form); money in øre.
 * Status ids: RESERVATION_STATUSES in @shop/contracts/constants.
 */
import type { IsoDateTime, PageMeta } from './common.js';
import type { StaffRole } from '../constants/index.js';

/** GET /staff/me: who is signed in to the workspace and which shops they may act for. */
export interface StaffMe {
  id: number;
  name: string;
  email: string;
  role: StaffRole;
  /** The shops whose queue this person may see and act on (all shops for customer service and admin). */
  shops: Array<{ id: number; name: string }>;
  /** Customer service and admin: refunds and returns. */
  canRefund: boolean;
}

export interface StaffReservationLine {
  /** reservation_lines.id */
  id: number;
  ean: string;
  articleId: number;
  name: string;
  /** Shelf-friendly: the size and colour names as the label in the shop shows them. */
  size: string;
  color: string;
  /** Article number of the product (what the shelf label shows beside the EAN). */
  articleNo: string;
  count: number;
  /** Unit price, øre. */
  price: number;
  /** The shop whose stock holds the units (home delivery may take a line from any shop). */
  stockShopId: number;
  stockShopName: string;
  /** Units handed over or shipped; null until collected/shipped. */
  fulfilledCount: number | null;
  removedCount: number;
  refundedCount: number;
  returnedCount: number;
}

/** One provider operation of a payment (payment_operations). */
export interface StaffPaymentOperation {
  id: number;
  /** capture | refund | cancel | release | extend | void */
  kind: string;
  /** queued | sent (at the provider, result awaited) | confirmed | refused | unknown (a person must follow it up) */
  state: string;
  /** Øre; null for kinds without an amount. */
  amount: number | null;
  /** For `unknown`: what is known (Norwegian). */
  followUp: string | null;
  /** The provider's last error (for `refused`, and retries on the way). */
  lastError: string | null;
  createdAt: IsoDateTime;
  doneAt: IsoDateTime | null;
}

export interface StaffPaymentSummary {
  /** payment_orders.id of the reservation's paid checkout. */
  id: number;
  provider: 'klarna' | 'qliro';
  providerOrderId: string;
  /** pending | paid | onhold | refused | cancelled | late | mismatch */
  status: string;
  authorizedAmount: number;
  /** Confirmed by the provider (an operation on its way is in pendingCapture / pendingRefund). */
  capturedAmount: number;
  refundedAmount: number;
  /** Operations queued or sent to the provider and not yet settled (the workspace shows them as "… behandles"). */
  pendingOperations: number;
  /** Øre of captures / refunds queued or sent and not yet confirmed ("Trekk behandles", "Refusjon behandles"). */
  pendingCapture: number;
  pendingRefund: number;
  /** Operations the provider refused: a person must look. */
  failedOperations: number;
  /** Operations whose outcome the shop could not settle ("Må følges opp"). */
  unknownOperations: number;
  /** Every operation of the payment, oldest first. */
  operations: StaffPaymentOperation[];
  /** What the last reconciliation found different at the provider (Norwegian); null when it agreed or never ran. */
  discrepancy: string | null;
  reconciledAt: IsoDateTime | null;
  /**
   * Kustom's fraud review of the payment (fraud_status): PENDING — the goods may not be handed over until Kustom
   * decides; REJECTED — never (the reservation is cancelled); ACCEPTED; null for Qliro or before it was read.
   */
  fraudStatus?: 'ACCEPTED' | 'PENDING' | 'REJECTED' | null;
}

/**
 * How the goods may leave the shop now, by the API's own rule (api/src/fulfilment/rules.ts handOverMoney): `online` —
 * "Hentet"/"Sendt" capture the online payment; `in-shop` — no online payment ever held money: the goods leave only with
 * "Betalt i butikken" (payment taken at the till); `refused` — the online payment is cancelled, late, mismatched,
 * refunded or has an operation unsettled: no hand-over, `message` says why (Norwegian).
 */
export interface StaffHandOver {
  mode: 'online' | 'in-shop' | 'refused';
  message: string | null;
}

export interface StaffReservation {
  id: number;
  statusId: number;
  /** Bumped by every change: send it back with an action; an older one is refused as a stale screen (409). */
  version: number;
  shopId: number;
  shopName: string;
  /** 'delivery' | 'click-and-collect' */
  delivery: string;
  homeDelivery: boolean;
  customer: { id: number | null; name: string; email: string; phone: string; address: string | null; postalCode: string | null; city: string | null };
  lines: StaffReservationLine[];
  shippingPrice: number;
  discount: number;
  total: number;
  trackingUrl: string | null;
  /** The paid checkout, or the newest one when none is paid; null when the shopper never started one. */
  payment: StaffPaymentSummary | null;
  /** How a hand-over would be paid for now (the API refuses the others with the same message). */
  handOver: StaffHandOver;
  /** Until when an unpaid reservation holds its stock. */
  holdUntil: IsoDateTime | null;
  readyAt: IsoDateTime | null;
  /** The end of the pickup window (status 4). */
  pickupUntil: IsoDateTime | null;
  closedAt: IsoDateTime | null;
  createdAt: IsoDateTime;
}

/** One audit entry: who did what, when. `actorName` null = the system (a sweep, a payment). */
export interface StaffReservationEvent {
  id: number;
  kind: string;
  fromStatus: number | null;
  toStatus: number | null;
  actorName: string | null;
  detail: Record<string, unknown>;
  createdAt: IsoDateTime;
}

/** GET /staff/reservations/{id} */
export interface StaffReservationDetail extends StaffReservation {
  events: StaffReservationEvent[];
}

/** GET /staff/reservations?shopId&status&q&page */
export interface StaffQueueQuery {
  /** One of the signed-in person's shops; omitted = all of them. */
  shopId?: number;
  /** Status ids, comma-separated in the URL; omitted = the open ones (RESERVATION_STATUSES[].open). */
  status?: number[];
  /** Reservation number, name, phone or e-mail. */
  q?: string;
  page?: number;
}

export interface StaffQueuePage {
  data: StaffReservation[];
  meta: PageMeta;
}

/** Lines and units an action covers: reservation_lines.id and how many units. */
export interface StaffLineCount {
  lineId: number;
  count: number;
}

/** Every action carries the version the screen showed and a key per button press (a repeat does nothing twice). */
export interface StaffActionBase {
  version: number;
  requestKey: string;
}

/** POST /staff/reservations/{id}/collected: the lines handed over (default: every unit not removed). */
export interface CollectedAction extends StaffActionBase {
  lines?: StaffLineCount[];
}

/**
 * POST /staff/reservations/{id}/paid-in-shop: the customer paid at the till and took these lines (default: every unit
 * not removed). Only for a click-and-collect reservation no online payment ever held money for (handOver.mode in-shop).
 */
export type PaidInShopAction = CollectedAction;

/** POST /staff/reservations/{id}/shipped */
export interface ShippedAction extends StaffActionBase {
  trackingUrl: string;
}

/** POST /staff/reservations/{id}/remove-line: units not handed over / not sent; `restock` = they are on the shelf. */
export interface RemoveLineAction extends StaffActionBase {
  lineId: number;
  count: number;
  restock: boolean;
}

/** POST /staff/reservations/{id}/refund (customer service): lines, or an amount (øre), with a reason. */
export interface RefundAction extends StaffActionBase {
  lines?: StaffLineCount[];
  amount?: number;
  reason: string;
}

/** POST /staff/reservations/{id}/returned: goods came back to `shopId`; their stock returns there. */
export interface ReturnedAction extends StaffActionBase {
  shopId: number;
  lines: StaffLineCount[];
}

/**
 * One thing in the "Må følges opp" list (GET /payments/staff/follow-up): an operation in state `unknown`, a refused
 * operation nothing later has made up for, or a payment that differs from its provider / is mismatched / late.
 */
export interface StaffFollowUpItem {
  /** 'operation' (operationId set) or 'payment'. */
  type: 'operation' | 'payment';
  operationId: number | null;
  paymentId: number;
  reservationId: number;
  shopId: number;
  shopName: string;
  provider: 'klarna' | 'qliro';
  /** The operation's kind, or for a payment: 'discrepancy' | 'mismatch' | 'late'. */
  kind: string;
  /** The operation's state (unknown | refused), or the payment's status. */
  state: string;
  /** Øre: the operation's amount, or the payment's. */
  amount: number | null;
  /** What is known (follow_up, the provider's error, the reconciliation's difference, the mismatch), Norwegian. */
  known: string | null;
  /** When it happened (the operation's last change, the reconciliation, the payment's update). */
  at: IsoDateTime;
}

export interface StaffFollowUpList {
  items: StaffFollowUpItem[];
}

/** POST /payments/staff/reconcile (customer service/admin): all due payments, or one. */
export interface ReconcileRequest {
  paymentId?: number;
}

export interface ReconcileAnswer {
  /** Compared and agreeing / differing / not compared (in flight, pending at the provider, unreachable). */
  checked: number;
  differs: number;
  skipped: number;
  results: Array<{ paymentId: number; reservationId: number; provider: string; outcome: 'agrees' | 'differs' | 'in-flight' | 'provider-pending' | 'changed' | 'unreachable'; discrepancy: string | null }>;
}

/** POST /payments/staff/operations/{id}/resolve (customer service/admin): what a person found out at the provider. */
export interface ResolveOperationAction {
  outcome: 'confirmed' | 'refused';
  reason: string;
}
