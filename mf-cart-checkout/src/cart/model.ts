import { createEvent, createStore, sample } from 'effector';
import { persist } from 'effector-storage/local';
import {
  $cartCount,
  $cartOpen,
  $promoModalOpen,
  cartAddRequested,
  cartClosed,
  cartOpened,
  cartToggled,
  promoModalToggled,
} from '@shop/contracts/bus';
import type { CartLine } from '@shop/contracts/types';
import { addLine, cartCount, cartDeposit, cartTotal, decrementLine, removeLine } from './rules.js';

/**
 * The cart: implements the bus's cart units (SPEC §4). The lines ("orders") are the source of truth; count and
 * total follow from them. Persisted in localStorage under the spec's shared-state keys and synced across tabs.
 */
export const lineDecremented = createEvent<string>({ name: 'cart:line-decremented' });
export const lineRemoved = createEvent<string>({ name: 'cart:line-removed' });
export const cartCleared = createEvent({ name: 'cart:cleared' });

export const $orders = createStore<CartLine[]>([], { name: 'cart:orders' })
  .on(cartAddRequested, addLine)
  .on(lineDecremented, decrementLine)
  .on(lineRemoved, removeLine)
  .reset(cartCleared);

export const $cartTotal = createStore(0, { name: 'cart:total' });
export const $cartDeposit = $orders.map(cartDeposit);

sample({ source: $orders, fn: cartCount, target: $cartCount });
sample({ source: $orders, fn: cartTotal, target: $cartTotal });

$cartOpen
  .on(cartOpened, () => true)
  .on(cartClosed, () => false)
  .on(cartToggled, (open) => !open);
$promoModalOpen.on(promoModalToggled, (open) => !open);

/** Stored lines come from another tab or an older build: keep only what still looks like a cart line. */
export function isStoredOrders(raw: unknown): raw is CartLine[] {
  return (
    Array.isArray(raw) &&
    raw.every(
      (line) =>
        typeof line === 'object' &&
        line !== null &&
        typeof (line as CartLine).ean === 'string' &&
        Number.isInteger((line as CartLine).count) &&
        (line as CartLine).count > 0 &&
        Number.isFinite((line as CartLine).price),
    )
  );
}

const isCount = (raw: unknown): raw is number => Number.isInteger(raw) && (raw as number) >= 0;

// Keys are the spec's shared-state keys (SPEC §3), so every tab and every build reads the same entries.
persist({ store: $orders, key: 'orders', sync: true, contract: isStoredOrders });
persist({ store: $cartCount, key: 'count', sync: true, contract: isCount });
persist({ store: $cartTotal, key: 'total', sync: true, contract: isCount });
