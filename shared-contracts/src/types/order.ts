/** Reservations (click-and-collect / delivery orders placed from the cart) and customer orders (SPEC §3). */
import type { Flag, IsoDateTime } from './common.js';

/** An order line sent to the API (reservation / payment creation). */
export interface ArticleOrderLine {
  EanNo: string;
  Count: number;
  /** The campaign-article row whose price applies; null without a campaign. */
  CampaignArticleID: number | null;
}

/** An order item stored in the cart state's `orders` (SPEC §3 "In cart order items"). */
export interface CartOrderItem {
  EanNo: string;
  Count: number;
}

/** Body of POST /reservations (`createReservation`). */
export interface ReservationPayload {
  CustomerName: string;
  Email: string;
  Phone: string;
  /** 1 = home delivery, 0 = click-and-collect in ShopID. */
  Delivery: Flag;
  Address: string;
  PostalCode: string;
  City: string;
  ShopID: number;
  items: ArticleOrderLine[];
  /** ShippingMethod id, e.g. "delivery". */
  shipping_method_id: string;
  /** The activated promo code (its name); the server re-checks it and computes the discount itself. */
  promocode?: string | null;
}

/** Nested in RawReservation.Articles. */
export interface RawReservationLine {
  EanNo: string;
  ArticleID: number;
  Name: string;
  SizeName: string;
  ColorName: string;
  Count: number;
  /** Unit price in øre. */
  Price: number;
  Image: string;
}

/** Answer of POST /reservations; items of GET /customers/current/reservations (inside RawPaginated). */
export interface RawReservation {
  ReservationID: number;
  ShopID: number;
  CustomerID: number | null;
  StatusID: number;
  CustomerName: string;
  Email: string;
  Phone: string;
  Delivery: Flag;
  Address: string;
  City: string;
  PostalCode: string;
  /** Øre, including freight. */
  Total: number;
  TrackingUrl: string | null;
  /** The end of the pickup window once ready (status 4); only the customer's history sends it. */
  PickupUntil?: IsoDateTime | null;
  /** Øre the payment provider has confirmed refunded; only the customer's history sends it. */
  RefundedAmount?: number;
  /** A refund is on its way to the payment provider and not yet confirmed; only the customer's history sends it. */
  RefundPending?: boolean;
  Articles: RawReservationLine[];
  DateCreated: IsoDateTime;
}

export interface ReservationLine {
  ean: string;
  articleId: number;
  name: string;
  size: string;
  color: string;
  count: number;
  price: number;
  image: string;
}

export interface Reservation {
  id: number;
  shopID: number;
  customerID: number | null;
  /** Reservation status values are not specified: shown as-is, never interpreted. */
  statusID: number;
  name: string;
  email: string;
  phone: string;
  delivery: boolean;
  address: string;
  city: string;
  zipcode: string;
  total: number;
  trackingUrl: string | null;
  /** The end of the pickup window once ready; null otherwise (and from answers that do not send it). */
  pickupUntil?: IsoDateTime | null;
  /** Øre refunded (confirmed by the provider); 0 from answers that do not send it. */
  refundedAmount?: number;
  /** "Refusjon behandles": a refund is on its way; false from answers that do not send it. */
  refundPending?: boolean;
  articles: ReservationLine[];
  date: IsoDateTime;
}

/**
 * Answer of POST /reservations/{id}/pay-in-shop ("Betal ved henting i butikken"): the click-and-collect reservation
 * is to be paid when collected, and its goods are held until `HoldUntil` (the end of the pickup window). The same
 * answer when asked again: the hold is never extended.
 */
export interface RawPayInShop {
  ReservationID: number;
  StatusID: number;
  HoldUntil: IsoDateTime;
}

export interface PayInShop {
  reservationId: number;
  statusId: number;
  holdUntil: IsoDateTime;
}

/** Nested in RawCustomerOrder.OrderLines. */
export interface RawCustomerOrderLine {
  EanNo: string;
  ArticleID: number;
  Name: string;
  Count: number;
  /** Unit price in øre. */
  Price: number;
}

/** Items of GET /customers/current/orders (inside RawPaginated). Amounts in øre. */
export interface RawCustomerOrder {
  OrderID: number;
  /** 25. */
  VatPercentage: number;
  Vat: number;
  NetAmount: number;
  Total: number;
  OrderLines: RawCustomerOrderLine[];
  DateCreated: IsoDateTime;
}

export interface CustomerOrderLine {
  ean: string;
  articleId: number;
  name: string;
  count: number;
  price: number;
}

/** SPEC §3 Customer order (field names as the spec lists them). */
export interface CustomerOrder {
  OrderID: number;
  VatPercentage: number;
  Vat: number;
  NetAmount: number;
  Total: number;
  orderlines: CustomerOrderLine[];
  DateCreated: IsoDateTime;
}
