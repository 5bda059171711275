/**
 * What the shell needs to know to start this remote (RemoteStartup; the build writes it as startup.json next to
 * mf-manifest.json). Stand-alone on purpose: the build evaluates this file by itself, so it imports types only.
 */
import type { RemoteStartup } from '@shop/contracts/types';

/** The shared-state keys (SPEC §3) the cart persists its lines and its count under (cart/model.ts). */
export const CART_STORAGE_KEYS = { lines: 'orders', count: 'count' } as const;

export const startup = {
  // The header's count badge, the open-cart flag and tab sync need the cart before any cart piece is shown.
  model: 'start-up',
  // Either one non-empty: this visitor has a cart, and the badge shows its count with the first view.
  stateKeys: [CART_STORAGE_KEYS.lines, CART_STORAGE_KEYS.count],
  // The cart modal and the checkout read the cart, and the checkout the customer too.
  piecesNeedStartupModels: true,
  answers: ['cartAddRequested'],
  screens: { checkout: 'CheckoutPage' },
  pieces: { 'cart-modal': 'CartModal', 'promo-code-modal': 'PromoCodeModal' },
} as const satisfies RemoteStartup;
