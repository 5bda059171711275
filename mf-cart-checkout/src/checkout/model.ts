import { createEffect, createEvent, createStore, sample } from 'effector';
import { createPersist } from 'effector-storage/local';
import { afterHydration } from '@shop/contracts/ssr';
import { createReservation, getShippingMethods, payReservationInShop } from '@shop/contracts/api';
import type { AddressFeature, Customer, OrderInfo, PayInShop, Reservation, ShippingMethod } from '@shop/contracts/types';
import { $user, remoteFailed } from '@shop/contracts/bus';
import { $client, cartErrorsReported, clientChanged, contactDetailsForgotten, orderInfoChanged, promocodeRefused } from '../cart/model.js';
import { cartErrorsFrom, prefillFromUser, refusedPromocode, rememberAddress, type PrefillField, type ReservationRequest } from './rules.js';

/**
 * Checkout state beyond the cart: shipping methods, the postcode (the spec's checkout fields have none, but a
 * delivery needs one), locally cached known addresses, and placing the reservation.
 */
export const shippingMethodsRequested = createEvent({ name: 'checkout:shipping-methods-requested' });
export const fetchShippingMethodsFx = createEffect<void, ShippingMethod[]>(() => getShippingMethods());
sample({ clock: shippingMethodsRequested, target: fetchShippingMethodsFx });
/**
 * When a piece of this remote fails (e.g. a shipping method of an unexpected shape made the checkout throw), the
 * methods are dropped: "Prøv igjen" then fetches them again instead of rendering the same bad data.
 */
export const checkoutPieceFailed = remoteFailed.filter({ fn: (failure) => failure.remote === 'mf_cart_checkout' });
export const $shippingMethods = createStore<ShippingMethod[]>([], { name: 'checkout:shipping-methods' })
  .on(fetchShippingMethodsFx.doneData, (_, methods) => methods)
  .reset(checkoutPieceFailed);
export const $shippingMethodsFailed = createStore(false, { name: 'checkout:shipping-methods-failed' })
  .on(fetchShippingMethodsFx.fail, () => true)
  .reset(fetchShippingMethodsFx.done);

export const postalCodeChanged = createEvent<string>({ name: 'checkout:postal-code-changed' });
export const $postalCode = createStore('', { name: 'checkout:postal-code' })
  .on(postalCodeChanged, (_, code) => code)
  .reset(contactDetailsForgotten);

/**
 * The logged-in customer (the bus store $user, read by the details step: this remote never fetches the user) offered
 * to the checkout form: fills the contact and address fields that are still empty, never what the shopper typed.
 */
export const userDetailsOffered = createEvent<Customer>({ name: 'checkout:user-details-offered' });
/** The shopper went into one of the fields the customer's details fill: from then on it is theirs (prefillFromUser). */
export const prefillFieldEntered = createEvent<PrefillField>({ name: 'checkout:prefill-field-entered' });
const $enteredFields = createStore<PrefillField[]>([], { name: 'checkout:entered-fields' })
  .on(prefillFieldEntered, (entered, field) => (entered.includes(field) ? entered : [...entered, field]))
  .reset(contactDetailsForgotten);
const prefill = sample({
  clock: userDetailsOffered,
  source: { client: $client, postalCode: $postalCode, entered: $enteredFields },
  fn: ({ client, postalCode, entered }, user) => prefillFromUser(user, client, postalCode, entered),
});
sample({ clock: prefill, filter: (p) => Object.keys(p.client).length > 0, fn: (p) => p.client, target: clientChanged });
sample({
  clock: prefill,
  filter: (p) => p.postalCode !== undefined,
  fn: (p) => p.postalCode ?? '',
  target: postalCodeChanged,
});

// A customer who logs out (or whose session ends) takes the details the checkout prefilled or remembered along.
sample({ clock: $user.updates, filter: (user) => user === null, target: contactDetailsForgotten });

export const addressRemembered = createEvent<AddressFeature>({ name: 'checkout:address-remembered' });
export const $knownAddresses = createStore<AddressFeature[]>([], { name: 'checkout:known-addresses' }).on(
  addressRemembered,
  (known, feature) => rememberAddress(known, feature),
).reset(contactDetailsForgotten);

/** Places the reservation; a refusal that names lines becomes the cart's errors (shown on those lines). */
export const reserveFx = createEffect<ReservationRequest, Reservation>((payload) => createReservation(payload));
sample({ clock: reserveFx, fn: () => [], target: cartErrorsReported });
sample({ clock: reserveFx.failData, fn: cartErrorsFrom, target: cartErrorsReported });
// A code the server refused (member code without a club login, welcome code already used…) no longer discounts the
// cart: the shopper sees the real total and the server's reason before trying again.
sample({
  clock: reserveFx.failData,
  filter: (error) => refusedPromocode(error) !== null,
  fn: (error) => refusedPromocode(error)!,
  target: promocodeRefused,
});
sample({
  clock: reserveFx.done,
  fn: ({ params, result }): OrderInfo => ({
    reservationId: result.id,
    shopId: params.ShopID,
    delivery: params.Delivery === 1,
    shippingMethodId: params.shipping_method_id,
    reservation: result,
  }),
  target: orderInfoChanged,
});

/**
 * "Betal ved henting i butikken": the server records the choice and holds the click-and-collect reservation for the
 * pickup window (POST /reservations/{id}/pay-in-shop). The payment step shows the confirmation only once it is done;
 * a refusal (too many reservations to pay in the shop, the hold ended …) carries the server's Norwegian reason.
 */
export const payInShopFx = createEffect<number, PayInShop>((reservationId) => payReservationInShop(reservationId));

const isAddressList = (raw: unknown): raw is AddressFeature[] =>
  Array.isArray(raw) &&
  raw.every((a) => typeof a === 'object' && a !== null && typeof a.street === 'string' && typeof a.houseNumber === 'string' && typeof a.postcode === 'string');

// Read once a server-rendered page has hydrated (the server rendered without them).
const storageRead = createEvent({ name: 'checkout:storage-read' });
const persist = createPersist({ pickup: storageRead });
persist({ store: $postalCode, key: 'postalCode', contract: (raw): raw is string => typeof raw === 'string' });
persist({ store: $knownAddresses, key: 'knownAddresses', contract: isAddressList });
afterHydration(() => storageRead());
