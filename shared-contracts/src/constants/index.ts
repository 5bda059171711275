/** Business constants of SPEC §9 (one place for each fact). Money in øre, times in ms. */

/** Default shipping choice of the cart state. */
export const DEFAULT_SHIPPING = Object.freeze({ id: 'delivery', price: 19900 });
/** Item frightPrice when the API sends none. */
export const DEFAULT_FRIGHT_PRICE = 9900;
/** The shipping method that is collected in a shop (free, needs a shop, no address); every other method is sent home. */
export const CLICK_AND_COLLECT_METHOD_ID = 'click-and-collect';
/**
 * How a shipping method's price for a cart is found (ADR 0002 and its follow-up): `free` costs nothing
 * (click-and-collect); `cart-freight` costs the highest frightPrice among the cart's articles (default 9900 each),
 * and the method's stored price only when there are no articles. GET /shipping_methods names the rule of each method.
 */
export const SHIPPING_PRICE_RULES = ['free', 'cart-freight'] as const;
export type ShippingPriceRule = (typeof SHIPPING_PRICE_RULES)[number];
/** The rule of a method: click-and-collect is free, every method sent home costs the cart's freight. */
export function shippingPriceRule(methodId: string): ShippingPriceRule {
  return methodId === CLICK_AND_COLLECT_METHOD_ID ? 'free' : 'cart-freight';
}
/**
 * A method's price for a cart under its rule — the one formula of the API (GET /shipping_methods?articles=, the
 * reservation) and the front end (cart modal, checkout). `lineFreights`: each line's freight, null = the default.
 */
export function shippingPriceFor(rule: ShippingPriceRule, methodPrice: number, lineFreights: ReadonlyArray<number | null>): number {
  if (rule === 'free') return 0;
  if (lineFreights.length === 0) return methodPrice;
  return Math.max(...lineFreights.map((freight) => freight ?? DEFAULT_FRIGHT_PRICE));
}
/** A running campaign's price for one article (øre), as the catalogue's listing and the reservation both read it. */
export interface CampaignPriceRow {
  /** The campaign-article row (CampaignArticleID in order lines). */
  campaignArticleId: number;
  articleId: number;
  price: number;
}
/**
 * The campaign that sets what the shopper pays for an article — the one price rule of the catalogue (`mapArticle`),
 * the cart's stored line and the reservation (docs/adr/0019): among the running campaigns OF THAT ARTICLE, the
 * cheapest whose price is below the list price; ties go to the lowest CampaignArticleID (the order the API lists
 * them in). Null when the list price applies. `running` may hold other articles' campaigns: they never count.
 */
export function priceSettingCampaign<C extends CampaignPriceRow>(articleId: number, listPrice: number, running: readonly C[]): C | null {
  let best: C | null = null;
  for (const campaign of running) {
    if (campaign.articleId !== articleId || !(campaign.price < listPrice)) continue;
    if (best === null || campaign.price < best.price || (campaign.price === best.price && campaign.campaignArticleId < best.campaignArticleId)) best = campaign;
  }
  return best;
}
/**
 * Most coordinates in one driving-distance table (GET /osrm/table): osrm-routed's default --max-table-size, so the
 * API's estimate and a stock OSRM server refuse the same requests (400 TooBig). Clients ask in chunks below it.
 */
export const OSRM_MAX_COORDINATES = 100;
/** Bestseller qty/turnover rank when the API sends none. */
export const DEFAULT_BESTSELLER_RANK = 9999;

/** Category listing defaults: page 1, 20 per page, order by Name ascending. */
export const CATEGORY_PAGE_SIZE = 20;
export const CATEGORY_DEFAULT_QUERY = Object.freeze({ page: 1, per_page: CATEGORY_PAGE_SIZE, orderBy: 'Name', order: 'asc' as const });

/** Search defaults: take 1000, page zero-based. */
export const SEARCH_TAKE = 1000;
/** Hits per page of the search listing ("Vis flere" asks for the next page). */
export const SEARCH_PAGE_SIZE = 24;
/** As-you-type suggestions of the search box. */
export const SEARCH_SUGGESTIONS = 6;

/** Cart line default count. */
export const CART_LINE_DEFAULT_COUNT = 1;

/** Shop id of the web-shop stock location ("available shop id fixed to 55"). */
export const WEB_SHOP_ID = 55;
/** Chain id of the theme. */
export const CHAIN_ID = 1;

export const VERIFICATION_ALERT_TIMEOUT = 3000;
export const MOBILE_MENU_SCROLL_DELAY = 300;
/** A left swipe closes the mobile menu when the combined movement is over this many px. */
export const SWIPE_THRESHOLD_PX = 10;
export const SCROLL_RESTORE_DELAY = 300;
export const POLL_INTERVAL = 50;
export const HASH_SCROLL_DELAY = 50;
export const HASH_SCROLL_OFFSET_PX = 80;
export const BREADCRUMB_HISTORY = 10;
/** Mobile layout below this window width (px). */
export const MOBILE_BREAKPOINT_PX = 1020;

/** Query parameter that opens the cart on load (e.g. /?openCart=1 after a login made from the cart); the shell removes it. */
export const OPEN_CART_QUERY_PARAM = 'openCart';
/**
 * Window event the shell dispatches when a lazy piece (remote chunk) fails to preload (SPEC §8). It is cancelable:
 * a listener that calls preventDefault() marks it handled, otherwise the preload rethrows. detail: RemoteFailure.
 */
export const PRELOAD_ERROR_EVENT = 'shop:preload-error';

/**
 * The start-up declaration (RemoteStartup) each remote's build writes next to its mf-manifest.json (the writer:
 * RemoteStartupPlugin in rspack.base.mjs).
 */
export const REMOTE_STARTUP_FILE = 'startup.json';

/** The cookie the consent modal sets: cookiesAccepted=true, about one year, path /. */
export const COOKIE_CONSENT = Object.freeze({ name: 'cookiesAccepted', value: 'true', maxAgeDays: 365, path: '/' });

/** SPEC §3/§4: consent is the cookie `cookiesAccepted=true`; anything else (absent, another value) is "not yet". */
export function hasAcceptedCookies(cookieHeader: string): boolean {
  return cookieHeader
    .split(';')
    .map((part) => part.trim())
    .some((part) => {
      const eq = part.indexOf('=');
      return eq > 0 && part.slice(0, eq) === COOKIE_CONSENT.name && part.slice(eq + 1) === COOKIE_CONSENT.value;
    });
}

/**
 * The Set-Cookie string accepting sets: about one year, path / (SPEC §9), Lax, Secure on https. The same string
 * whether the notice's script writes it (document.cookie) or the API answers the notice's form (POST /consent).
 */
export function consentCookie(secure: boolean): string {
  const maxAge = COOKIE_CONSENT.maxAgeDays * 24 * 60 * 60;
  return `${COOKIE_CONSENT.name}=${COOKIE_CONSENT.value}; max-age=${maxAge}; path=${COOKIE_CONSENT.path}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * The field a form posted without JavaScript carries the session's CSRF token in (a plain form cannot send the
 * X-CSRF-TOKEN header the API client sends). Only routes that take a form accept it (api/src/server/session.ts).
 */
export const FORM_CSRF_FIELD = '_csrf';

/**
 * The cookie notice as a plain form, for a shopper whose page has not hydrated (or has no JavaScript): POST to
 * `action` with `consent=accepted`, the CSRF field and `return` (the page's path); the API sets the consent cookie
 * and answers 303 back to that page. Once hydrated, the notice's script sets the cookie itself.
 */
export const CONSENT_FORM = Object.freeze({
  action: '/api/v1/consent',
  consentField: 'consent',
  /** The one consent the notice asks for (SPEC §4: "Godta"). */
  accepted: 'accepted',
  returnField: 'return',
} as const);

/** Local-storage/tab-sync keys of the shared state (SPEC §3). */
export const SYNCED_STATE_KEYS = Object.freeze([
  'user',
  'total',
  'shipping',
  'discount',
  'klarnaOrders',
  'orderInfo',
  'orders',
  'client',
  'count',
  'activePromocode',
  'favourites',
] as const);
export type SyncedStateKey = (typeof SYNCED_STATE_KEYS)[number];

/**
 * The reservation statuses (ADR 0013): one table the API, the staff workspace and the customer's history all read.
 * `label` is what shoppers and staff see. `bought`: the goods were paid for or handed over (a review is allowed).
 * `open`: staff still have something to do.
 *   1 → (payment) 3 → (shop) 4 → 5 | 7   click-and-collect (unpaid ones may go 1 → 4 → 5 paid in the shop)
 *   1 → (payment) 3 → (warehouse) 6          home delivery
 *   1|2 → 9 when the hold ends unpaid; 5|6 → 8 when everything captured has been refunded.
 */
export const RESERVATION_STATUSES = Object.freeze([
  { id: 1, key: 'new', label: 'Mottatt', bought: false, open: true },
  { id: 2, key: 'awaiting-payment', label: 'Venter på betaling', bought: false, open: true },
  { id: 3, key: 'paid', label: 'Betalt', bought: true, open: true },
  { id: 4, key: 'ready', label: 'Klar til henting', bought: true, open: true },
  { id: 5, key: 'collected', label: 'Hentet', bought: true, open: false },
  { id: 6, key: 'shipped', label: 'Sendt', bought: true, open: false },
  { id: 7, key: 'not-collected', label: 'Ikke hentet', bought: false, open: false },
  { id: 8, key: 'refunded', label: 'Refundert', bought: true, open: false },
  { id: 9, key: 'cancelled', label: 'Kansellert', bought: false, open: false },
] as const);
export type ReservationStatusKey = (typeof RESERVATION_STATUSES)[number]['key'];
export type ReservationStatusId = (typeof RESERVATION_STATUSES)[number]['id'];
/** Status id by key, e.g. RESERVATION_STATUS.ready === 4. */
export const RESERVATION_STATUS = Object.freeze(
  Object.fromEntries(RESERVATION_STATUSES.map((s) => [s.key, s.id])) as { [K in ReservationStatusKey]: Extract<(typeof RESERVATION_STATUSES)[number], { key: K }>['id'] },
);
/** The status's label, or "Status {id}" for an id the table does not know (a newer API). */
export const reservationStatusLabel = (id: number): string => RESERVATION_STATUSES.find((s) => s.id === id)?.label ?? `Status ${id}`;

/**
 * Staff roles (customers.role). `staff` is the content editor (/redaksjon; the name predates the other roles).
 * Shop staff work in the shops listed for them (staff_shops); customer service and admin see every shop.
 */
export const STAFF_ROLES = Object.freeze({
  editor: 'staff',
  shop: 'shop',
  customerService: 'customer-service',
  admin: 'admin',
} as const);
export type StaffRole = (typeof STAFF_ROLES)[keyof typeof STAFF_ROLES];
/** The kinds of content the editors' workspace lists (types/workspace.ts ContentType), in the overview's order. */
export const CONTENT_TYPES = Object.freeze(['blog-post', 'poll', 'home-layout', 'page'] as const);
/** The statuses a piece of content can have (types/workspace.ts ContentStatus). */
export const CONTENT_STATUSES = Object.freeze(['draft', 'scheduled', 'published', 'unpublished'] as const);
/** Roles that may write content in the editors' workspace (/redaksjon). */
export const CONTENT_ROLES: readonly StaffRole[] = Object.freeze([STAFF_ROLES.editor, STAFF_ROLES.admin]);
/** Roles that manage staff accounts and read the audit log. */
export const ADMIN_ROLES: readonly StaffRole[] = Object.freeze([STAFF_ROLES.admin]);
/** Roles that may use the shop workspace (/butikk). */
export const FULFILMENT_ROLES: readonly StaffRole[] = Object.freeze([STAFF_ROLES.shop, STAFF_ROLES.customerService, STAFF_ROLES.admin]);
/** Roles that may refund and register returns, in every shop. */
export const REFUND_ROLES: readonly StaffRole[] = Object.freeze([STAFF_ROLES.customerService, STAFF_ROLES.admin]);
