import { isApiError } from '@shop/contracts/api';
import { CLICK_AND_COLLECT_METHOD_ID, WEB_SHOP_ID, shippingPriceFor } from '@shop/contracts/constants';
import { weekOpeningHours } from '@shop/contracts/mappers';
import { formatDecimal, MONDAY_FIRST_DAYS, weekdayName } from '@shop/contracts/format';
import { emailError, emailProblem, isValidPhone } from '@shop/contracts/validation';
import type {
  AddressFeature,
  CartError,
  CartLine,
  CheckoutInput,
  Customer,
  LatLng,
  PickupAvailability,
  ReservationPayload,
  ShippingMethod,
  Shop,
  VariantShop,
} from '@shop/contracts/types';
import { lineFreight } from '../cart/rules.js';
import { texts } from '../texts.js';

/**
 * Checkout rules as pure functions: delivery choice, form validation, shop ordering and stock, the reservation
 * payload and reading cart errors out of a failed reservation.
 */

/** The click-and-collect method (the same id the API checks); everything else is sent to the shopper's address. */
export function isClickAndCollect(method: Pick<ShippingMethod, 'id'>): boolean {
  return method.id === CLICK_AND_COLLECT_METHOD_ID;
}

/**
 * What a shipping method costs for these lines — the method's rule (`priceRule`, named by GET /shipping_methods) under
 * the one formula the API uses too (@shop/contracts `shippingPriceFor`): click-and-collect is free; home delivery
 * costs the cart's freight (the highest frightPrice among the lines, what the cart modal shows); the method's own
 * price applies only when there are no lines. The checkout's option labels, its summary line and "Å betale" all use
 * this figure, and the reservation stores the same.
 */
export function shippingPrice(method: Pick<ShippingMethod, 'price' | 'priceRule'>, orders: CartLine[]): number {
  return shippingPriceFor(method.priceRule, method.price, orders.map(lineFreight));
}

/** Lines marked onlyCC can only be collected in a shop: the whole order is then click-and-collect. */
export function mustCollect(orders: CartLine[]): boolean {
  return orders.some((line) => line.onlyCC);
}

/** The methods the shopper may choose; with onlyCC lines only click-and-collect ones. */
export function allowedMethods(methods: ShippingMethod[], orders: CartLine[]): ShippingMethod[] {
  return mustCollect(orders) ? methods.filter(isClickAndCollect) : methods;
}

/** The method to preselect: the current choice while allowed, else the first allowed one. */
export function effectiveMethod(methods: ShippingMethod[], orders: CartLine[], chosenId: string): ShippingMethod | null {
  const allowed = allowedMethods(methods, orders);
  return allowed.find((method) => method.id === chosenId) ?? allowed[0] ?? null;
}

/** The shared rule (@shop/contracts/validation): the API checks the same, including the non-ASCII refusal. */
export const isValidEmail = (value: string) => emailProblem(value) === null;
export const isValidPostalCode = (value: string) => /^\d{4}$/.test(value.trim());

export type CheckoutField = 'name' | 'phone' | 'email' | 'delivery' | 'address' | 'postalCode' | 'city' | 'shop';
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

export interface CheckoutDraft extends CheckoutInput {
  postalCode: string;
  shippingMethodId: string | null;
  shopId: number | null;
}

/** Field errors of the checkout form (empty object = valid). Address details are only needed for home delivery. */
export function validateCheckout(draft: CheckoutDraft): CheckoutErrors {
  const errors: CheckoutErrors = {};
  if (draft.name.trim() === '') errors.name = texts.required(texts.name);
  if (draft.phone.trim() === '') errors.phone = texts.required(texts.phone);
  else if (!isValidPhone(draft.phone)) errors.phone = texts.invalidPhone;
  if (draft.email.trim() === '') errors.email = texts.required(texts.email);
  else {
    const emailMessage = emailError(draft.email, texts.invalidEmail);
    if (emailMessage) errors.email = emailMessage;
  }
  if (draft.shippingMethodId === null) errors.delivery = texts.shippingFailed;
  if (draft.delivery) {
    if (draft.address.trim() === '') errors.address = texts.required(texts.address);
    if (draft.postalCode.trim() === '') errors.postalCode = texts.required(texts.postalCode);
    else if (!isValidPostalCode(draft.postalCode)) errors.postalCode = texts.invalidPostalCode;
    if (draft.city.trim() === '') errors.city = texts.required(texts.city);
  } else if (draft.shopId === null) {
    errors.shop = texts.chooseShopError;
  }
  return errors;
}

/** The reservation body plus the promo code the shopper activated (the server prices it again). */
export type ReservationRequest = ReservationPayload & { promocode?: string | null };

/** POST /reservations body (SPEC §3): prices are the server's business, the client sends EANs and counts. */
export function reservationPayload(draft: CheckoutDraft, orders: CartLine[], promocode: string | null = null): ReservationRequest {
  return {
    CustomerName: draft.name.trim(),
    Email: draft.email.trim(),
    Phone: draft.phone.trim(),
    Delivery: draft.delivery ? 1 : 0,
    Address: draft.delivery ? draft.address.trim() : '',
    PostalCode: draft.delivery ? draft.postalCode.trim() : '',
    City: draft.delivery ? draft.city.trim() : '',
    ShopID: draft.delivery ? WEB_SHOP_ID : (draft.shopId ?? WEB_SHOP_ID),
    // The campaign whose price the line shows (null at the list price, or on a line stored before lines named one):
    // the server charges its own price and refuses a named campaign that has ended (docs/adr/0019).
    items: orders.map((line) => ({ EanNo: line.ean, Count: line.count, CampaignArticleID: line.campaignArticleId ?? null })),
    shipping_method_id: draft.shippingMethodId ?? '',
    promocode,
  };
}

const SERVER_FIELDS: Readonly<Record<string, CheckoutField>> = {
  CustomerName: 'name',
  Email: 'email',
  Phone: 'phone',
  Address: 'address',
  PostalCode: 'postalCode',
  City: 'city',
  ShopID: 'shop',
  shipping_method_id: 'delivery',
  Delivery: 'delivery',
};

/** The API's 422 field errors (`errors: [{field, message}]`, Norwegian) on the form's own fields. */
export function serverFieldErrors(error: unknown): CheckoutErrors {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null) return {};
  const list = (error.data as { errors?: unknown }).errors;
  if (!Array.isArray(list)) return {};
  const errors: CheckoutErrors = {};
  for (const entry of list) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { field, message } = entry as { field?: unknown; message?: unknown };
    const own = typeof field === 'string' ? SERVER_FIELDS[field] : undefined;
    if (own && typeof message === 'string' && !errors[own]) errors[own] = message;
  }
  return errors;
}

/**
 * The server's verdict on the promo code from a refused reservation (422 `errors: [{field: 'promocode', message}]`,
 * Norwegian: member code without a club login, welcome code already used, code used up…), or null when the code was
 * not what was refused. The cart then drops the code's discount and shows this text.
 */
export function refusedPromocode(error: unknown): string | null {
  if (!isApiError(error) || error.status !== 422 || typeof error.data !== 'object' || error.data === null) return null;
  const list = (error.data as { errors?: unknown }).errors;
  if (!Array.isArray(list)) return null;
  for (const entry of list) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { field, message } = entry as { field?: unknown; message?: unknown };
    if (field === 'promocode' && typeof message === 'string' && message.trim() !== '') return message;
  }
  return null;
}

/**
 * Cart errors by eanNo from a failed reservation. The API answers `{message, cartErrors: [{eanNo, message, price?}]}`
 * (`price`: what a line whose campaign ended costs now); `errors` given as such a list is read too.
 */
export function cartErrorsFrom(error: unknown): CartError[] {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null) return [];
  const data = error.data as { cartErrors?: unknown; errors?: unknown };
  const list = Array.isArray(data.cartErrors) ? data.cartErrors : Array.isArray(data.errors) ? data.errors : [];
  return list.flatMap((entry): CartError[] => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { eanNo, EanNo, message, price } = entry as { eanNo?: unknown; EanNo?: unknown; message?: unknown; price?: unknown };
    const ean = typeof eanNo === 'string' ? eanNo : typeof EanNo === 'string' ? EanNo : null;
    if (ean === null) return [];
    return [{ eanNo: ean, ...(typeof message === 'string' ? { message } : {}), ...(Number.isInteger(price) ? { price: price as number } : {}) }];
  });
}

/** Shops a shopper can collect from: physical shops with opening hours (not the web-shop stock location). */
export function pickupShops(shops: Shop[]): Shop[] {
  return shops.filter((shop) => shop.id !== WEB_SHOP_ID && shop.openingHoursEntries.length > 0);
}

/** Great-circle metres: the ordering when the distance table cannot be had. */
export function haversineMetres(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/** Shops with their distance filled in, nearest first; unknown distances last (in their original order). */
export function sortByDistance(shops: Shop[], distances: Array<number | null | undefined>): Shop[] {
  return shops
    .map((shop, index) => ({ shop: { ...shop, distance: distances[index] ?? null }, index }))
    .sort((a, b) => {
      const da = a.shop.distance ?? Number.POSITIVE_INFINITY;
      const db = b.shop.distance ?? Number.POSITIVE_INFINITY;
      return da === db ? a.index - b.index : da - db;
    })
    .map(({ shop }) => shop);
}

export const shopPosition = (shop: Shop): LatLng => ({ lat: shop.coords.latitude, lng: shop.coords.longitude });

/** "1,2" km with one decimal, Norwegian style. */
export function formatKm(metres: number): string {
  return formatDecimal(metres / 1000, 1, 1);
}

/** Per-shop stock of each cart line: fresh availability by EAN when known, else what the line was added with. */
export function lineStock(
  orders: CartLine[],
  shopId: number,
  fresh: ReadonlyMap<string, VariantShop[]> = new Map(),
): Array<{ ean: string; name: string; count: number; qty: number }> {
  return orders.map((line) => {
    const shops = fresh.get(line.ean) ?? line.variant?.shops ?? [];
    return { ean: line.ean, name: line.name, count: line.count, qty: shops.find((s) => s.id === shopId)?.qty ?? 0 };
  });
}

/** True when the shop has every line in the wanted count. */
export function hasAllInStock(stock: Array<{ count: number; qty: number }>): boolean {
  return stock.every((line) => line.qty >= line.count);
}

export interface PickupChoice {
  shop: Shop;
  lines: Array<{ ean: string; name: string; count: number; qty: number }>;
  /** The shop holds every line in its count: only such a shop may be chosen. */
  complete: boolean;
}

/**
 * Click-and-collect shops as the shopper sees them: each with the stock of every cart line, the shops that hold the
 * whole cart first, each group in the order given (nearest first). The server's answer (GET /availability/pickup,
 * the reservation's own check) decides when it is in; until then the stock the lines were added with does.
 */
export function pickupChoices(shops: Shop[], orders: CartLine[], availability: readonly PickupAvailability[] | null): PickupChoice[] {
  const byShop = new Map((availability ?? []).map((a) => [a.shopId, a]));
  return shops
    .map((shop) => {
      const known = byShop.get(shop.id);
      if (availability === null || !known) {
        const lines = lineStock(orders, shop.id);
        // A shop the server did not list is not a pickup shop for this cart.
        return { shop, lines, complete: availability === null ? hasAllInStock(lines) : false };
      }
      const qtyOf = new Map(known.lines.map((l) => [l.ean, l.qty]));
      const lines = orders.map((line) => ({ ean: line.ean, name: line.name, count: line.count, qty: qtyOf.get(line.ean) ?? 0 }));
      return { shop, lines, complete: known.complete && hasAllInStock(lines) };
    })
    .map((choice, index) => ({ choice, index }))
    .sort((a, b) => Number(b.choice.complete) - Number(a.choice.complete) || a.index - b.index)
    .map(({ choice }) => choice);
}

/** Opening hours Monday first: [{day: "mandag", hours: "10:00–20:00" | null}]. */
export function openingHoursWeek(shop: Shop): Array<{ day: string; hours: string | null }> {
  const week = weekOpeningHours(shop.openingHoursEntries);
  return MONDAY_FIRST_DAYS.map((day) => {
    const hours = week[day];
    return { day: weekdayName(day), hours: hours ? `${hours.opens}–${hours.closes}` : null };
  });
}

/** One line of an address as the shopper reads it: "Storgata 12B, 0150 Oslo". */
export function addressLabel(feature: AddressFeature): string {
  return `${feature.street} ${feature.houseNumber}, ${feature.postcode} ${feature.city}`;
}

/** Known addresses (cached locally): newest first, each once, at most `max`. */
export function rememberAddress(known: AddressFeature[], feature: AddressFeature, max = 10): AddressFeature[] {
  const same = (a: AddressFeature) => addressLabel(a) === addressLabel(feature);
  return [feature, ...known.filter((a) => !same(a))].slice(0, max);
}

/** What a logged-in customer's profile fills into the checkout form. */
export interface ContactPrefill {
  client: Partial<Pick<CheckoutInput, 'name' | 'phone' | 'email' | 'address' | 'city'>>;
  postalCode?: string;
}

export type PrefillCustomer = Pick<Customer, 'first_name' | 'last_name' | 'phone' | 'email' | 'address' | 'postal_code' | 'city'>;
/** The checkout fields a logged-in customer's details can fill. */
export type PrefillField = keyof ContactPrefill['client'] | 'postalCode';

/**
 * The customer's name (first + last), phone, e-mail, address, postcode and city for the checkout fields that are
 * still empty (or blank). A field the shopper has typed in is never touched; nor is one they have entered, empty or
 * not (`entered`): details that arrive while the cursor is in a field would land in the middle of what is being
 * typed ("91234567+47 9…"). Nor is an empty profile value offered.
 */
export function prefillFromUser(
  user: PrefillCustomer,
  client: CheckoutInput,
  postalCode: string,
  entered: readonly PrefillField[] = [],
): ContactPrefill {
  const offered = {
    name: [user.first_name, user.last_name].map((part) => (part ?? '').trim()).filter(Boolean).join(' '),
    phone: (user.phone ?? '').trim(),
    email: (user.email ?? '').trim(),
    address: (user.address ?? '').trim(),
    city: (user.city ?? '').trim(),
  };
  const fill: ContactPrefill['client'] = {};
  for (const key of Object.keys(offered) as Array<keyof typeof offered>) {
    if (client[key].trim() === '' && offered[key] !== '' && !entered.includes(key)) fill[key] = offered[key];
  }
  const code = (user.postal_code ?? '').trim();
  const offerCode = postalCode.trim() === '' && code !== '' && !entered.includes('postalCode');
  return { client: fill, ...(offerCode ? { postalCode: code } : {}) };
}
