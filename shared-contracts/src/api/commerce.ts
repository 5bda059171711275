/** Cart, promo-code, shop and reservation calls (SPEC §7). */
import type { CartVariant, PickupAvailability, RawCartVariant, RawPickupAvailability, RawShippingMethod, ShippingMethod } from '../types/cart.js';
import type { Promocode, RawPromocode } from '../types/promo.js';
import type { PayInShop, RawPayInShop, RawReservation, Reservation, ReservationPayload } from '../types/order.js';
import type { RawShop, Shop } from '../types/shop.js';
import { mapCartVariant, mapPayInShop, mapPromocode, mapReservation, mapShippingMethod } from '@shop/contracts/mappers';
import { mapShop } from '@shop/contracts/mappers';
import type { PaymentOrder, PaymentProviderName, RawPaymentOrder } from '../types/payment.js';
import { mapPaymentOrder } from '@shop/contracts/mappers';
import { get, post, seg, type RequestOptions } from './client.js';

/**
 * GET /variants/{id}: a web-visible variant with its article and fresh per-shop stock — what the cart prices, limits
 * and stores a line from when it is asked to add "this variant" (docs/adr/0016). 404 when hidden or unknown.
 */
export async function getCartVariant(variantId: number, opts?: RequestOptions): Promise<CartVariant> {
  return mapCartVariant(await get<RawCartVariant>(`/variants/${seg(variantId)}`, undefined, opts));
}

/** GET /shipping_methods */
export async function getShippingMethods(opts?: RequestOptions): Promise<ShippingMethod[]> {
  return (await get<RawShippingMethod[]>('/shipping_methods', undefined, opts)).map(mapShippingMethod);
}

/**
 * GET /availability/pickup?items=EAN:count,…: for every shop a shopper can collect from, whether it holds every line
 * of the cart (the same check a click-and-collect reservation makes when it takes the stock).
 */
export async function getPickupAvailability(
  items: ReadonlyArray<{ ean: string; count: number }>,
  opts?: RequestOptions,
): Promise<PickupAvailability[]> {
  const query = { items: items.map((item) => `${item.ean}:${item.count}`).join(',') };
  return (await get<RawPickupAvailability[]>('/availability/pickup', query, opts)).map((raw) => ({
    shopId: raw.ShopID,
    complete: raw.Complete === 1,
    lines: raw.Lines.map((line) => ({ ean: line.EanNo, count: line.Count, qty: line.Qty })),
  }));
}

/** GET /shops */
export async function getShops(opts?: RequestOptions): Promise<Shop[]> {
  return (await get<RawShop[]>('/shops', undefined, opts)).map(mapShop);
}

/** GET /promocodes */
export async function getPromocodes(opts?: RequestOptions): Promise<Promocode[]> {
  return (await get<RawPromocode[]>('/promocodes', undefined, opts)).map(mapPromocode);
}

/**
 * GET /promocodes/check/{code}: the code when this shopper may use it now; else an ApiError (404 unknown, 422) whose
 * `serverMessage` is the Norwegian reason to show as it is.
 */
export async function checkPromocode(code: string, opts?: RequestOptions): Promise<Promocode> {
  return mapPromocode(await get<RawPromocode>(`/promocodes/check/${seg(code.trim())}`, undefined, opts));
}

/** POST /reservations: places a click-and-collect or delivery reservation from the cart. */
export async function createReservation(payload: ReservationPayload, opts?: RequestOptions): Promise<Reservation> {
  return mapReservation(await post<RawReservation>('/reservations', payload, opts));
}

/**
 * POST /reservations/{id}/pay-in-shop ("Betal ved henting i butikken"): the click-and-collect reservation placed in
 * this session is paid when collected; its goods are held for the pickup window (until `holdUntil`). Asking again
 * answers the same. Else an ApiError whose `serverMessage` is the Norwegian reason (404 not this session's, 409 paid
 * or too many reservations to pay in the shop, 410 the hold ended, 422 home delivery).
 */
export async function payReservationInShop(reservationId: number, opts?: RequestOptions): Promise<PayInShop> {
  return mapPayInShop(await post<RawPayInShop>(`/reservations/${seg(reservationId)}/pay-in-shop`, {}, opts));
}

/**
 * POST /payments/{provider}/orders: starts a Klarna-type or Qliro-type checkout for a reservation placed in this
 * session; insert `htmlSnippet` into the page. `confirmationPath` (a site path) is where the provider sends the shopper.
 */
export async function createPaymentOrder(
  provider: PaymentProviderName,
  reservationId: number,
  confirmationPath?: string,
  opts?: RequestOptions,
): Promise<PaymentOrder> {
  const body = confirmationPath ? { reservationId, confirmationPath } : { reservationId };
  return mapPaymentOrder(await post<RawPaymentOrder>(`/payments/${seg(provider)}/orders`, body, opts));
}

/** GET /payments/{provider}/orders/{id}: the status, re-read from the provider (`paid` once the shopper paid). */
export async function getPaymentOrder(provider: PaymentProviderName, orderId: string, opts?: RequestOptions): Promise<PaymentOrder> {
  return mapPaymentOrder(await get<RawPaymentOrder>(`/payments/${seg(provider)}/orders/${seg(orderId)}`, undefined, opts));
}
