/**
 * Exposed as `mf_cart_checkout/model`: the shell imports it at start-up so the cart (count badge, open flag,
 * persistence) works before any cart page is shown. No React here.
 */
import { createStore } from 'effector';
import { cartAddRequested } from '@shop/contracts/bus';

export { $orders, $cartTotal, $cartDeposit, lineDecremented, lineRemoved, cartCleared } from './cart/model.js';

/** What this remote's `effector` and `@shop/contracts` imports resolved to (the shell checks they are singletons). */
export const singletonProbe = { effector: createStore, contracts: cartAddRequested };
