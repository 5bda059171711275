import { allSettled, fork, serialize } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { serverValuesApplied } from '@shop/contracts/ssr';
import { $noCustomerOnServer, loadWhenNeeded, sessionRead, startupModelsCanWait } from './deferredModels.js';

function storage(entries: Record<string, string>): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

/** What the server said of the session: 'none' = no customer, null = one (or a page it did not render). */
const page = (customer: 'none' | null) => customer === 'none';

describe('startupModelsCanWait', () => {
  it('waits on a first visit: no customer, nothing stored', () => {
    expect(startupModelsCanWait(page('none'), storage({}), '')).toBe(true);
    expect(startupModelsCanWait(page('none'), storage({ count: '0', orders: '[]', favourites: '[]', user: '{"loaded":false,"id":null}' }), '')).toBe(true);
  });

  it.each([
    ['a logged-in customer (no hint)', page(null), {}, ''],
    ['cart lines', page('none'), { orders: '[{"id":1}]' }, ''],
    ['a cart count', page('none'), { count: '2' }, ''],
    ['favourites', page('none'), { favourites: '[12]' }, ''],
    ['unreadable storage', page('none'), { count: '{' }, ''],
    ['the open-cart flag', page('none'), {}, '?openCart=1'],
  ])('loads at once with %s', (_, doc, stored, search) => {
    expect(startupModelsCanWait(doc, storage(stored), search)).toBe(false);
  });

  it('takes "no customer" from the page the server rendered', async () => {
    for (const signedIn of [false, true]) {
      $noCustomerOnServer.reinit(); // a fresh page's state
      const scope = fork();
      await allSettled(sessionRead, { scope, params: { signedIn } });
      serverValuesApplied(serialize(scope));
      expect($noCustomerOnServer.getState()).toBe(!signedIn);
      expect(startupModelsCanWait(undefined, storage({}), '')).toBe(!signedIn);
    }
  });

  it('loads at once without storage', () => {
    expect(startupModelsCanWait(page('none'), null, '')).toBe(false);
  });
});

describe('loadWhenNeeded', () => {
  it.each(['pointerdown', 'keydown', 'touchstart', 'scroll', 'focusin', 'storage'])('loads once, on the first %s', (type) => {
    const target = new EventTarget() as unknown as Window;
    const load = vi.fn();
    loadWhenNeeded(load, target);
    expect(load).not.toHaveBeenCalled();
    target.dispatchEvent(new Event(type));
    target.dispatchEvent(new Event('keydown'));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads when asked, and never again', () => {
    const target = new EventTarget() as unknown as Window;
    const load = vi.fn();
    const now = loadWhenNeeded(load, target);
    now();
    now();
    target.dispatchEvent(new Event('pointerdown'));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
