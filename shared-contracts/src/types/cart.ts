/** Cart (SPEC §3 Cart line, Cart state, checkout input). Money in øre. */

/** One line in the cart (SPEC §3 "Cart line"). Money in øre. */
export interface CartLine {
  /** Starts at 1. */
  count: number;
  /** Variant id. */
  id: number;
  ean: string;
  name: string;
  gender: string;
  size: string;
  color: string;
  price: number;
  pant: number;
  frightPrice: number;
  image: string;
  canPurchase: boolean;
  /** The variant the line was added from (availability and per-shop stock; the first shop's qty limits the count). */
  variant: import('./catalog.js').Variant;
  articleId: number;
  webPurchaseLimit: number;
  onlyCC: boolean;
  /**
   * The campaign whose price `price` is (CampaignArticleID), null at the list price — sent with the line at checkout so
   * the server can refuse a campaign price that has ended since (docs/adr/0019). Beyond SPEC §3's line; absent on lines
   * stored before it, which the checkout sends as null (the server then prices them as the catalogue does now).
   */
  campaignArticleId?: number | null;
}

/**
 * What the shopper saw when asking for the add, for display only (the cart's answer names the article before the
 * cart has read it). The cart never prices, limits or stores from it: it reads the variant from the API.
 */
export interface CartAddSeen {
  name: string;
  image: string;
  /** Øre, as the page showed it. */
  price: number;
  size: string;
  color: string;
}

/**
 * `cartAddRequested`'s payload (docs/adr/0016): "this variant, this many". Price, freight, stock and the web purchase
 * limit are the cart's to read (GET /variants/{id}); the line it stores is the SPEC's `CartLine`.
 */
export interface CartAddRequest {
  variantId: number;
  /** Units to add, each decided by the SPEC §4 add rule in turn (the product page and the cart's "+" add 1). */
  count: number;
  seen: CartAddSeen;
}

/**
 * The cart's answer to one `cartAddRequested` (SPEC §4 cart add): added/increased, or refused because of the web
 * purchase limit or the first shop's stock; `unavailable` when the variant is not for sale on the web (any more),
 * `failed` when the cart could not read it. `message` is the Norwegian sentence to show the shopper.
 */
export interface CartAddAnswer {
  variantId: number;
  /** Empty when the cart could not read the variant. */
  ean: string;
  outcome: 'added' | 'increased' | 'limit' | 'stock' | 'unavailable' | 'failed';
  /** The line's count after the add (unchanged when refused). */
  count: number;
  message: string;
}

/** GET /variants/{id}: one web-visible variant with its article, what the cart builds, prices and limits a line from. */
export interface RawCartVariant {
  /** The article in its listing shape (price after running campaigns, pant, freight, limit, onlyCC). */
  Article: import('./catalog.js').RawArticle;
  /** The variant with its shops most units first (the first shop's stock is the line's ceiling, SPEC §4). */
  Variant: import('./catalog.js').RawVariant;
}

export interface CartVariant {
  article: import('./catalog.js').Article;
  variant: import('./catalog.js').Variant;
}

/** One shop in GET /availability/pickup: whether it holds every line of the cart in the wanted count. */
export interface RawPickupAvailability {
  ShopID: number;
  /** 1 when the shop holds every line in its count (a click-and-collect reservation there would be taken). */
  Complete: 0 | 1;
  Lines: Array<{ EanNo: string; Count: number; Qty: number }>;
}

export interface PickupAvailability {
  shopId: number;
  complete: boolean;
  lines: Array<{ ean: string; count: number; qty: number }>;
}

/** Items of GET /shipping_methods. */
export interface RawShippingMethod {
  /** "delivery", "pickup", "express" … */
  ShippingMethodID: string;
  Name: string;
  Description: string | null;
  /**
   * Øre: what this method costs for the cart asked about (`?articles=`); without articles, for an empty cart (the
   * method's stored price). `PriceRule` says how the price follows the cart.
   */
  Price: number;
  /** "free" (click-and-collect) or "cart-freight" (the highest frightPrice among the cart's articles). */
  PriceRule: import('../constants/index.js').ShippingPriceRule;
}

export interface ShippingMethod {
  id: string;
  name: string;
  description: string | null;
  price: number;
  priceRule: import('../constants/index.js').ShippingPriceRule;
}

/** The shipping choice kept in the cart state; default {id: 'delivery', price: 19900}. */
export interface SelectedShipping {
  id: string;
  price: number;
}

/** Discount of the cart state: `amount` is øre when `fixed`, else a percentage (0–100) of the total. */
export interface Discount {
  activated: boolean;
  fixed: boolean;
  amount: number;
  /** Total before the discount (øre). */
  originalTotal: number;
}

export interface KlarnaOrder {
  orderId: string;
}

/** Only one per shop is kept. */
export interface QliroOrder {
  shopId: number;
  orderId: string;
}

/** Server-reported problem with one cart item (e.g. sold out); the cart is invalid while one refers to an item. */
export interface CartError {
  eanNo: string;
  message?: string;
  /**
   * Øre: what the line costs now, when the server refused it because its price changed (a campaign ended). Once the
   * cart has re-read the line at this price the error no longer blocks the checkout; its message stays on the line.
   */
  price?: number;
}

/** Checkout form fields (SPEC §3 Checkout input fields). */
export interface CheckoutInput {
  name: string;
  phone: string;
  email: string;
  /** true = home delivery, false = click-and-collect. */
  delivery: boolean;
  address: string;
  city: string;
}

/** What the checkout keeps about the placed order (confirmation page). */
export interface OrderInfo {
  reservationId?: number;
  shopId?: number;
  delivery?: boolean;
  [key: string]: unknown;
}

/** The cart model's state (SPEC §3 "Cart state"). Everything except txData is persisted and synced across tabs. */
export interface CartState {
  /** The cart lines. */
  orders: CartLine[];
  /** Checkout input of the shopper. */
  client: CheckoutInput;
  /** Sum of line counts. */
  count: number;
  /** Øre, after discount, never below the total deposit. */
  total: number;
  /** Freight: the highest frightPrice among the lines. */
  shipping: number;
  /** Payment transaction data (never persisted). */
  txData: unknown;
  discount: Discount;
  klarnaOrders: KlarnaOrder[];
  qliroOrders: QliroOrder[];
  orderInfo: OrderInfo | null;
  selectedShipping: SelectedShipping;
  isCartValid: boolean;
  cartErrors: CartError[];
}
