/**
 * Exposed as `mf_content/model`. The content pages keep no cross-page state yet (polls, blog and home-banner
 * settings come with their issues); the shell loads it with the first content piece (src/startup.ts) so every
 * remote joins the same start-up path.
 */
import { createStore } from 'effector';
import { cartAddRequested } from '@shop/contracts/bus';

/** What this remote's `effector` and `@shop/contracts` imports resolved to (the shell checks they are singletons). */
export const singletonProbe = { effector: createStore, contracts: cartAddRequested };
