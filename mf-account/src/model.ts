/**
 * Exposed as `mf_account/model`: a start-up model (src/startup.ts) so the user and favourites are known before any
 * account page is shown, and the navigation guard's user fetch (bus userFetchRequested) is answered. No React here.
 */
import { createStore } from 'effector';
import { cartAddRequested } from '@shop/contracts/bus';
import './favourites/model.js';

export {
  fetchUserFx,
  loginFx,
  logoutFx,
  registerFx,
  updateFx,
  deleteFx,
  resendRequested,
  reloadPageFx,
  $loginError,
  type LoginRequest,
} from './session/model.js';

/** What this remote's `effector` and `@shop/contracts` imports resolved to (the shell checks they are singletons). */
export const singletonProbe = { effector: createStore, contracts: cartAddRequested };
