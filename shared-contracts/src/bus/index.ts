/**
 * The event bus: Effector units that cross remote boundaries.
 * Contracts DECLARE them here; each remote's `./model` IMPLEMENTS them (wires `.on`/`sample`);
 * the shell COMPOSES (imports every `./model` at start-up and renders remote components).
 * `@shop/contracts` is a Module Federation singleton, so every remote sees the same units.
 * Names follow the Tractor Store convention `team:thing-happened`.
 */
import { createEvent, createStore } from 'effector';
import type { CartAddAnswer, CartLine } from '../types/cart.js';
import type { Customer } from '../types/customer.js';
import type { Alert, AlertInput } from '../types/alert.js';
import type { Breadcrumb } from '../types/content.js';
import { registerContractsInstance } from '../instance.js';

/** This module's evaluation id (see instance.ts): a second id in the global list means a duplicated bus. */
export const busInstanceId = registerContractsInstance('bus');

// ---- cart (implemented by mf-cart-checkout/model) ----
/** Catalogue asks the cart to add one of a variant; the cart model applies the SPEC §4 rules. */
export const cartAddRequested = createEvent<CartLine>({ name: 'catalog:add-to-cart-requested' });
/** The cart's verdict on each add (every tab decides on the same synced lines): what the page tells the shopper. */
export const cartAddAnswered = createEvent<CartAddAnswer>({ name: 'cart:add-answered' });
export const $cartCount = createStore(0, { name: 'cart:count', skipVoid: false });
export const $cartOpen = createStore(false, { name: 'cart:open' });
export const cartOpened = createEvent({ name: 'cart:opened' });
export const cartClosed = createEvent({ name: 'cart:closed' });
export const cartToggled = createEvent({ name: 'cart:toggled' });
export const $promoModalOpen = createStore(false, { name: 'cart:promo-modal-open' });
export const promoModalToggled = createEvent({ name: 'cart:promo-modal-toggled' });

// ---- user (implemented by mf-account/model) ----
export const $user = createStore<Customer | null>(null, { name: 'account:user', skipVoid: false });
/** The user state's loaded flag (SPEC §3): true once the first fetch has answered, with or without a user. */
export const $userLoaded = createStore(false, { name: 'account:user-loaded' });
/** The shell's navigation guard asks for the user on first navigation (no user is fine). */
export const userFetchRequested = createEvent({ name: 'shell:user-fetch-requested' });
export const userCleared = createEvent({ name: 'account:user-cleared' });

// ---- favourites (implemented by mf-account/model) ----
export const $favourites = createStore<number[]>([], { name: 'account:favourites' });
export const favouriteToggled = createEvent<number>({ name: 'account:favourite-toggled' });

// ---- alerts (implemented by the shell) ----
export const alertRaised = createEvent<AlertInput>({ name: 'any:alert-raised' });
export const alertDismissed = createEvent<string>({ name: 'shell:alert-dismissed' });
export const $alerts = createStore<Alert[]>([], { name: 'shell:alerts' });

// ---- navigation (implemented by the shell) ----
/**
 * A page learned its title from its data (a blog post's, a blog category's name): the shell's document title and
 * breadcrumb for `path` use it, so client navigation titles the page as its server-rendered head does.
 */
export const pageTitled = createEvent<{ path: string; title: string }>({ name: 'any:page-titled' });
/** The last visited screens, newest last (SPEC §3/§4: last 10, session storage, scroll position in params). */
export const $breadcrumbs = createStore<Breadcrumb[]>([], { name: 'shell:breadcrumbs' });

// ---- composition (implemented by the shell) ----
export interface RemoteFailure {
  remote: string;
  module: string;
  message: string;
}
/** A remote failed to load or threw while rendering; RemoteBoundary reports it here. */
export const remoteFailed = createEvent<RemoteFailure>({ name: 'shell:remote-failed' });
/** A lazy piece (remote chunk) failed to preload (SPEC §8: preload-error event). */
export const preloadFailed = createEvent<RemoteFailure>({ name: 'shell:preload-failed' });
