/**
 * Exposed as `mf_cart_checkout/model`: a start-up model (src/startup.ts) so the cart (count badge, open flag,
 * persistence, tab sync) works before any cart page is shown. No React here.
 */
import { createStore } from 'effector';
import { cartAddRequested } from '@shop/contracts/bus';

export {
  $orders,
  $cartTotal,
  $cartSubtotal,
  $cartDeposit,
  $discount,
  $discountApplied,
  $activePromocode,
  $shipping,
  $selectedShipping,
  $client,
  $cartErrors,
  $isCartValid,
  $klarnaOrders,
  $qliroOrders,
  $txData,
  $orderInfo,
  lineDecremented,
  lineRemoved,
  cartCleared,
  orderCompleted,
  discountActivated,
  discountRemoved,
  promocodeApplied,
  promocodeCleared,
  clientChanged,
  shippingSelected,
  cartErrorsReported,
  klarnaOrderTracked,
  qliroOrderTracked,
  txDataChanged,
  orderInfoChanged,
} from './cart/model.js';

/** What this remote's `effector` and `@shop/contracts` imports resolved to (the shell checks they are singletons). */
export const singletonProbe = { effector: createStore, contracts: cartAddRequested };
