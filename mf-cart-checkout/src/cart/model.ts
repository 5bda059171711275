import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { createPersist } from 'effector-storage/local';
import { afterHydration } from '@shop/contracts/ssr';
import {
  $cartCount,
  $cartOpen,
  $promoModalOpen,
  cartAddAnswered,
  cartAddRequested,
  cartClosed,
  cartOpened,
  cartToggled,
  promoModalToggled,
} from '@shop/contracts/bus';
import { getCartVariant, hasStatus } from '@shop/contracts/api';
import { DEFAULT_SHIPPING } from '@shop/contracts/constants';
import type {
  CartAddAnswer,
  CartAddRequest,
  CartError,
  CartLine,
  CartVariant,
  CheckoutInput,
  Discount,
  KlarnaOrder,
  OrderInfo,
  Promocode,
  QliroOrder,
  SelectedShipping,
} from '@shop/contracts/types';
import {
  NO_DISCOUNT,
  activateDiscount,
  addUnits,
  cartLineFor,
  type AddOutcome,
  appliedDiscount,
  cartCount,
  cartDeposit,
  cartSubtotal,
  cartTotal,
  decrementLine,
  followLines,
  freightPrice,
  isCartValid,
  removeLine,
  repricedVariants,
  rereadLines,
  trackKlarnaOrder,
  trackQliroOrder,
  type DiscountTerms,
} from './rules.js';
import {
  isCheckoutInput,
  isDiscount,
  isKlarnaOrders,
  isOrderInfo,
  isPromocode,
  isQliroOrders,
  isSelectedShipping,
  isStoredOrders,
  isCartErrors,
  isCount,
} from './storedShapes.js';
import { texts } from '../texts.js';
import { CART_STORAGE_KEYS } from '../startup.js';

export { isStoredOrders } from './storedShapes.js';

/**
 * The cart (SPEC §3 cart state, §4 rules): implements the bus's cart units. The lines ("orders") are the source of
 * truth; count, total and freight follow from them and the discount. Everything except the payment transaction data
 * is kept in localStorage; the spec's shared-state keys are synced across tabs by effector-storage.
 */
export const lineDecremented = createEvent<string>({ name: 'cart:line-decremented' });
export const lineRemoved = createEvent<string>({ name: 'cart:line-removed' });
/** Empties orders, transaction data, discount (and the active promo code) and order info. */
export const cartCleared = createEvent({ name: 'cart:cleared' });
/** A paid (or pay-in-shop) order: the cart is cleared as by `cartCleared`, and order info keeps the confirmation. */
export const orderCompleted = createEvent<OrderInfo>({ name: 'cart:order-completed' });
export const discountActivated = createEvent<DiscountTerms>({ name: 'cart:discount-activated' });
export const discountRemoved = createEvent({ name: 'cart:discount-removed' });
/** The shopper applies a checked promo code; it is taken only when no discount is in force and the cart has lines. */
export const promocodeApplied = createEvent<Promocode>({ name: 'cart:promocode-applied' });
export const promocodeCleared = createEvent({ name: 'cart:promocode-cleared' });
/** The server refused the active code at checkout (its Norwegian verdict): the code and its discount go. */
export const promocodeRefused = createEvent<string>({ name: 'cart:promocode-refused' });
export const clientChanged = createEvent<Partial<CheckoutInput>>({ name: 'cart:client-changed' });
export const shippingSelected = createEvent<SelectedShipping>({ name: 'cart:shipping-selected' });
export const cartErrorsReported = createEvent<CartError[]>({ name: 'cart:errors-reported' });
export const klarnaOrderTracked = createEvent<KlarnaOrder>({ name: 'cart:klarna-order-tracked' });
export const qliroOrderTracked = createEvent<QliroOrder>({ name: 'cart:qliro-order-tracked' });
export const txDataChanged = createEvent<unknown>({ name: 'cart:tx-data-changed' });
export const orderInfoChanged = createEvent<OrderInfo | null>({ name: 'cart:order-info-changed' });

/** The shopper-facing answer to an add: what happened and why, in Norwegian. */
export function addAnswer(line: CartLine, outcome: AddOutcome): CartAddAnswer {
  const message =
    outcome.kind === 'added'
      ? texts.added(line.name)
      : outcome.kind === 'increased'
        ? texts.increased(line.name, outcome.count)
        : outcome.kind === 'limit'
          ? texts.refusedLimit(line.name, outcome.limit)
          : texts.refusedStock(line.name, outcome.stock);
  return { variantId: line.id, ean: line.ean, outcome: outcome.kind, count: outcome.count, message };
}

/**
 * The cart reads what it adds (docs/adr/0016): the page asking says only "this variant, this many", so price, freight,
 * stock and the web purchase limit are the API's answer now, never what the page had.
 */
export const readVariantFx = createEffect<CartAddRequest, CartVariant>({
  name: 'cart:read-variant',
  handler: (request) => getCartVariant(request.variantId),
});
sample({ clock: cartAddRequested, target: readVariantFx });

export const $orders = createStore<CartLine[]>([], { name: 'cart:orders' })
  .on(lineDecremented, decrementLine)
  .on(lineRemoved, removeLine)
  .reset(cartCleared, orderCompleted);

const stillOnSale = sample({ clock: readVariantFx.done, filter: ({ result }) => result.article.canPurchase });
// Decided once on the lines as they are when the reading arrives (every tab holds the same synced lines), then applied
// and answered from the same decision: the page never says "added" for an add the rule refused.
const addDecided = sample({
  clock: stillOnSale,
  source: $orders,
  fn: (orders, { params, result }) => {
    const line = cartLineFor(result);
    return { line, ...addUnits(orders, line, params.count) };
  },
});
$orders.on(addDecided, (_, { orders }) => orders);
sample({ clock: addDecided, fn: ({ line, outcome }) => addAnswer(line, outcome), target: cartAddAnswered });

/** A variant the cart cannot sell or could not read: nothing is added, and the page says why in the shopper's words. */
export function unreadAnswer(orders: CartLine[], request: CartAddRequest, reason: 'unavailable' | 'failed'): CartAddAnswer {
  const line = orders.find((order) => order.id === request.variantId);
  const message = reason === 'unavailable' ? texts.refusedUnavailable(request.seen.name) : texts.addFailed(request.seen.name);
  return { variantId: request.variantId, ean: line?.ean ?? '', outcome: reason, count: line?.count ?? 0, message };
}
sample({
  clock: readVariantFx.done,
  source: $orders,
  filter: (_, { result }) => !result.article.canPurchase,
  fn: (orders, { params }) => unreadAnswer(orders, params, 'unavailable'),
  target: cartAddAnswered,
});
sample({
  clock: readVariantFx.fail,
  source: $orders,
  fn: (orders, { params, error }) => unreadAnswer(orders, params, hasStatus(error, 404) ? 'unavailable' : 'failed'),
  target: cartAddAnswered,
});

export const $discount = createStore<Discount>(NO_DISCOUNT, { name: 'cart:discount' }).reset(discountRemoved, cartCleared, orderCompleted);
sample({ clock: discountActivated, source: { current: $discount, orders: $orders }, fn: ({ current, orders }, terms) => activateDiscount(current, terms, orders), target: $discount });
sample({ clock: $orders, source: $discount, fn: followLines, target: $discount });

const promocodeAccepted = sample({
  clock: promocodeApplied,
  source: { discount: $discount, orders: $orders },
  filter: ({ discount, orders }) => !discount.activated && orders.length > 0,
  fn: (_, code) => code,
});
export const $activePromocode = createStore<Promocode | null>(null, { name: 'cart:active-promocode', skipVoid: false })
  .on(promocodeAccepted, (_, code) => code)
  .reset(promocodeCleared, cartCleared, orderCompleted);
sample({ clock: promocodeAccepted, fn: (code): DiscountTerms => ({ fixed: code.fixed, amount: code.amount }), target: discountActivated });
sample({ clock: promocodeCleared, target: discountRemoved });
sample({ clock: promocodeRefused, target: promocodeCleared });
/** Why the server refused the code last dropped, shown by the promo-code form until another code is applied. */
export const $promocodeRefusal = createStore<string | null>(null, { name: 'cart:promocode-refusal', skipVoid: false })
  .on(promocodeRefused, (_, message) => message)
  .reset(promocodeAccepted, cartCleared, orderCompleted);
// The code goes with its discount: an emptied cart (any tab) leaves no code behind.
sample({ clock: $discount, source: $activePromocode, filter: (code, discount) => code !== null && !discount.activated, fn: () => null, target: $activePromocode });

/** Øre after the discount, never below the deposit (SPEC §4). Derived, so it can never disagree with the lines. */
export const $cartTotal = combine($orders, $discount, cartTotal);
export const $cartSubtotal = $orders.map(cartSubtotal);
export const $cartDeposit = $orders.map(cartDeposit);
/** Øre the discount takes off (after the deposit floor). */
export const $discountApplied = combine($orders, $discount, appliedDiscount);
/** Freight (state key "shipping"): the highest frightPrice among the lines. */
export const $shipping = $orders.map(freightPrice);

sample({ source: $orders, fn: cartCount, target: $cartCount });

export const $selectedShipping = createStore<SelectedShipping>({ ...DEFAULT_SHIPPING }, { name: 'cart:selected-shipping' })
  .on(shippingSelected, (_, shipping) => shipping);

const EMPTY_CLIENT: CheckoutInput = { name: '', phone: '', email: '', delivery: true, address: '', city: '' };
/** The shopper's contact details are forgotten (a customer logged out: the next person at this browser must not see them). */
export const contactDetailsForgotten = createEvent({ name: 'cart:contact-details-forgotten' });
export const $client = createStore<CheckoutInput>(EMPTY_CLIENT, { name: 'cart:client' })
  .on(clientChanged, (client, change) => ({ ...client, ...change }))
  .reset(contactDetailsForgotten);

export const $cartErrors = createStore<CartError[]>([], { name: 'cart:errors' })
  .on(cartErrorsReported, (_, errors) => errors)
  .reset(cartCleared, orderCompleted);
export const $isCartValid = combine($orders, $cartErrors, isCartValid);

/**
 * Lines the server refused because the campaign price they show has ended (errors with the price now, docs/adr/0019)
 * are read afresh, so the cart shows — and the next reservation is sent with — what they cost now. A reading that
 * fails leaves its line as it was (its error keeps the checkout closed until the shopper removes it or tries again).
 */
export const linesRereadFx = createEffect<number[], CartVariant[]>({
  name: 'cart:lines-reread',
  handler: async (variantIds) => {
    const readings = await Promise.allSettled(variantIds.map((id) => getCartVariant(id)));
    return readings.flatMap((reading) => (reading.status === 'fulfilled' ? [reading.value] : []));
  },
});
sample({
  clock: cartErrorsReported,
  source: $orders,
  filter: (orders, errors) => repricedVariants(orders, errors).length > 0,
  fn: repricedVariants,
  target: linesRereadFx,
});
$orders.on(linesRereadFx.doneData, rereadLines);

export const $klarnaOrders = createStore<KlarnaOrder[]>([], { name: 'cart:klarna-orders' }).on(klarnaOrderTracked, trackKlarnaOrder);
export const $qliroOrders = createStore<QliroOrder[]>([], { name: 'cart:qliro-orders' }).on(qliroOrderTracked, trackQliroOrder);

/** Payment transaction data: memory only, never persisted (SPEC §4). */
export const $txData = createStore<unknown>(null, { name: 'cart:tx-data', skipVoid: false })
  .on(txDataChanged, (_, data) => data)
  .reset(cartCleared, orderCompleted);
export const $orderInfo = createStore<OrderInfo | null>(null, { name: 'cart:order-info', skipVoid: false })
  .on(orderInfoChanged, (_, info) => info)
  .on(orderCompleted, (_, info) => info)
  .reset(cartCleared);

$cartOpen
  .on(cartOpened, () => true)
  .on(cartClosed, () => false)
  .on(cartToggled, (open) => !open);
$promoModalOpen.on(promoModalToggled, (open) => !open);

// Read once a server-rendered page has hydrated: the server rendered the empty cart, and so must hydration.
const storageRead = createEvent({ name: 'cart:storage-read' });
const persist = createPersist({ pickup: storageRead });
// Keys are the spec's shared-state keys (SPEC §3), so every tab and every build reads the same entries; the rest of
// the cart state is kept per browser (persisted, not synced).
persist({ store: $orders, key: CART_STORAGE_KEYS.lines, sync: true, contract: isStoredOrders });
persist({ store: $cartCount, key: CART_STORAGE_KEYS.count, sync: true, contract: isCount });
// Total and freight follow from the synced lines and discount; they are written under their shared keys for other
// readers of the storage, and what is read back is ignored (derived stores cannot be overwritten).
const derivedRead = createEvent<number>({ name: 'cart:derived-value-read' });
persist({ source: $cartTotal, target: derivedRead, key: 'total', contract: isCount });
persist({ source: $shipping, target: derivedRead, key: 'shipping', contract: isCount });
persist({ store: $discount, key: 'discount', sync: true, contract: isDiscount });
persist({ store: $activePromocode, key: 'activePromocode', sync: true, contract: isPromocode });
persist({ store: $klarnaOrders, key: 'klarnaOrders', sync: true, contract: isKlarnaOrders });
persist({ store: $orderInfo, key: 'orderInfo', sync: true, contract: isOrderInfo });
persist({ store: $client, key: 'client', sync: true, contract: isCheckoutInput });
persist({ store: $qliroOrders, key: 'qliroOrders', contract: isQliroOrders });
persist({ store: $selectedShipping, key: 'selectedShipping', contract: isSelectedShipping });
persist({ store: $cartErrors, key: 'cartErrors', contract: isCartErrors });
afterHydration(() => storageRead());
