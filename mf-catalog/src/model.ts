/**
 * Exposed as `mf_catalog/model`. The catalogue keeps no cross-page state yet (filters and search come with their
 * issues); it writes nothing to the cart itself — it fires `cartAddRequested` and the cart model decides.
 */
import { createStore } from 'effector';
import { cartAddRequested } from '@shop/contracts/bus';

/** What this remote's `effector` and `@shop/contracts` imports resolved to (the shell checks they are singletons). */
export const singletonProbe = { effector: createStore, contracts: cartAddRequested };
