import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { remoteFailed } from '@shop/contracts/bus';
import { $shippingMethods, fetchShippingMethodsFx } from './model.js';

const methods = [{ id: 'delivery', name: 'Hjemlevering', description: null, price: 19900 }];

describe('shipping methods after a failure of this remote', () => {
  it('are dropped when a piece of mf_cart_checkout fails, so "Prøv igjen" fetches them again', async () => {
    const scope = fork({ handlers: [[fetchShippingMethodsFx, () => methods]] });
    await allSettled(fetchShippingMethodsFx, { scope });
    expect(scope.getState($shippingMethods)).toEqual(methods);
    await allSettled(remoteFailed, { scope, params: { remote: 'mf_catalog', module: 'CategoryPage', message: 'boom' } });
    expect(scope.getState($shippingMethods)).toEqual(methods);
    await allSettled(remoteFailed, { scope, params: { remote: 'mf_cart_checkout', module: 'CheckoutPage', message: 'boom' } });
    expect(scope.getState($shippingMethods)).toEqual([]);
  });
});
