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

export interface StaffPaymentSummary {
  /** payment_orders.id of the reservation's paid checkout. */
  id: number;
  provider: 'klarna' | 'qliro';
  providerOrderId: string;
  /** pending | paid | onhold | refused | cancelled | late | mismatch */
  status: string;
  authorizedAmount: number;
  capturedAmount: number;
  refundedAmount: number;
  /** Operations queued or running at the provider (the workspace shows them as "Venter på …"). */
  pendingOperations: number;
  /** Operations the provider refused: a person must look. */
  failedOperations: number;
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
