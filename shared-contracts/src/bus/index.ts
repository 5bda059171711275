/**
 * The event bus: Effector units that cross remote boundaries.
 * Contracts DECLARE them here; each remote's `./model` IMPLEMENTS them (wires `.on`/`sample`);
 * the shell COMPOSES (imports every `./model` at start-up and renders remote components).
 * `@shop/contracts` is a Module Federation singleton, so every remote sees the same units.
 * Names follow the Tractor Store convention `team:thing-happened`.
 */
import { createEffect, createEvent, createStore } from 'effector';
import type { CartAddAnswer, CartAddRequest } from '../types/cart.js';
import type { Customer } from '../types/customer.js';
import type { Alert, AlertInput } from '../types/alert.js';
import type { Breadcrumb } from '../types/content.js';
import { registerContractsInstance } from '../instance.js';

/** This module's evaluation id (see instance.ts): a second id in the global list means a duplicated bus. */
export const busInstanceId = registerContractsInstance('bus');

// ---- cart (implemented by mf-cart-checkout/model) ----
/**
 * Someone (the product page, the cart's own "+") asks the cart to add units of a variant: "this variant, this many",
 * plus what the shopper saw for display (docs/adr/0016). The cart model reads the variant, applies the SPEC §4 rules
 * and answers on `cartAddAnswered`.
 */
export const cartAddRequested = createEvent<CartAddRequest>({ name: 'catalog:add-to-cart-requested' });
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

/**
 * Bus requests a page may fire before the model that answers them is in (an add-to-cart or a favourite click in the
 * first moments of a visit). A remote names the ones its model answers in its start-up declaration
 * (RemoteStartup.answers); the shell keeps them until that model is in and fires them again then.
 */
export const EARLY_REQUESTS = { cartAddRequested, favouriteToggled } as const;
export type EarlyRequest = keyof typeof EARLY_REQUESTS;

/** An exposed module of a remote: `{ remote: 'mf_catalog', module: 'ProductCard' }` is mf_catalog's `./ProductCard`. */
export interface RemotePiece {
  remote: string;
  module: string;
}

/**
 * The shell's one federation loader, for pieces a remote mounts from another remote (the catalogue's widgets on
 * content pages): the shell's registry, error handling and first-use hooks (the piece's remote gets its model)
 * apply to them as to the shell's own. The shell sets the handler at start-up; before that a load fails.
 */
export const pieceLoadFx = createEffect<RemotePiece, unknown>({
  name: 'shell:piece-load',
  handler: (piece) => Promise.reject(new Error(`no loader for ${piece.remote}/${piece.module}: the shell has not started`)),
});

/** Loads a remote piece through the shell's loader; the caller states the module's shape it expects. */
export function loadPiece<T>(piece: RemotePiece): Promise<T> {
  return pieceLoadFx(piece) as Promise<T>;
}
