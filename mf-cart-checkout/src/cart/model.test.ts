import { allSettled, fork } from 'effector';
import { beforeEach, describe, expect, it } from 'vitest';
import { $cartCount, $cartOpen, cartAddRequested, cartClosed, cartOpened, cartToggled } from '@shop/contracts/bus';
import { $cartTotal, $orders, cartCleared, lineDecremented, lineRemoved } from './model.js';
import { cartLine } from './fixtures.js';

const A = '7040000000017';
const B = '7040000000024';

describe('cart model', () => {
  beforeEach(() => localStorage.clear());

  it('cart add feeds $cartCount and $cartTotal', async () => {
    const scope = fork();
    await allSettled(cartAddRequested, { scope, params: cartLine({ ean: A, price: 10000 }) });
    expect(scope.getState($cartCount)).toBe(1);
    await allSettled(cartAddRequested, { scope, params: cartLine({ ean: A, price: 10000 }) });
    await allSettled(cartAddRequested, { scope, params: cartLine({ ean: B, price: 2500 }) });
    expect(scope.getState($cartCount)).toBe(3);
    expect(scope.getState($cartTotal)).toBe(22500);
    expect(scope.getState($orders).map((line) => line.ean)).toEqual([A, B]);
  });

  it('decrement, remove and clear recompute the count', async () => {
    const scope = fork({ values: [[$orders, [cartLine({ ean: A, count: 3 }), cartLine({ ean: B, count: 1 })]]] });
    await allSettled(lineDecremented, { scope, params: A });
    expect(scope.getState($cartCount)).toBe(3);
    await allSettled(lineRemoved, { scope, params: B });
    expect(scope.getState($cartCount)).toBe(2);
    await allSettled(cartCleared, { scope });
    expect(scope.getState($cartCount)).toBe(0);
    expect(scope.getState($cartTotal)).toBe(0);
  });

  it('opens, closes and toggles the cart modal', async () => {
    const scope = fork();
    await allSettled(cartOpened, { scope });
    expect(scope.getState($cartOpen)).toBe(true);
    await allSettled(cartToggled, { scope });
    expect(scope.getState($cartOpen)).toBe(false);
    await allSettled(cartToggled, { scope });
    await allSettled(cartClosed, { scope });
    expect(scope.getState($cartOpen)).toBe(false);
  });

  it('persists the lines under the spec key "orders"', async () => {
    cartAddRequested(cartLine({ ean: B }));
    const stored = JSON.parse(localStorage.getItem('orders') ?? '[]') as { ean: string }[];
    expect(stored.map((line) => line.ean)).toContain(B);
    expect(localStorage.getItem('count')).toBe(String($cartCount.getState()));
    cartCleared();
  });

  it('takes lines written by another tab (storage event)', () => {
    const lines = [cartLine({ ean: A, count: 2 })];
    localStorage.setItem('orders', JSON.stringify(lines));
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'orders', newValue: JSON.stringify(lines), storageArea: localStorage }),
    );
    expect($cartCount.getState()).toBe(2);
    cartCleared();
  });
});
