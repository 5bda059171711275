import { describe, expect, it } from 'vitest';
import type { RemoteStartup } from '@shop/contracts/types';
import { createModelScheduler } from './modelScheduler.js';
import type { Visit } from './startupPolicy.js';

const CART: RemoteStartup = { model: 'start-up', stateKeys: ['orders'], piecesNeedStartupModels: true };
const ACCOUNT: RemoteStartup = { model: 'start-up', stateKeys: ['favourites'], piecesNeedStartupModels: true };
const CATALOG: RemoteStartup = { model: 'first-interaction' };
const CONTENT: RemoteStartup = { model: 'first-piece' };

function setup(stored: string[] = [], remotes = ['cart', 'account', 'catalog', 'content']) {
  const loaded: string[] = [];
  const pending = new Map<string, () => void>();
  let ready = 0;
  const scheduler = createModelScheduler({
    remotes,
    visit: (keys): Visit => ({ customer: false, actsAtOnce: false, stored: new Set(stored.filter((key) => keys.includes(key))) }),
    load: (remote) => {
      loaded.push(remote);
      return new Promise<void>((resolve) => pending.set(remote, resolve));
    },
    ready: () => void (ready += 1),
  });
  const finish = async (...names: string[]) => {
    for (const name of names) pending.get(name)?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  const declareAll = () => {
    scheduler.declared('cart', CART);
    scheduler.declared('account', ACCOUNT);
    scheduler.declared('catalog', CATALOG);
    scheduler.declared('content', CONTENT);
  };
  return { scheduler, loaded, finish, declareAll, ready: () => ready };
}

describe('createModelScheduler', () => {
  it('a first visit loads nothing until the first interaction, then the start-up and probe models, each once', async () => {
    const { scheduler, loaded, finish, declareAll, ready } = setup();
    declareAll();
    expect(loaded).toEqual([]);
    scheduler.interacted();
    scheduler.interacted();
    expect(loaded.sort()).toEqual(['account', 'cart', 'catalog']);
    await finish('cart');
    expect(ready()).toBe(0);
    await finish('account');
    expect(ready()).toBe(1);
  });

  it('a stored cart line loads the start-up models as soon as the declarations say so', () => {
    const { scheduler, loaded } = setup(['orders']);
    scheduler.declared('account', ACCOUNT);
    expect(loaded).toEqual([]);
    scheduler.declared('cart', CART);
    expect(loaded.sort()).toEqual(['account', 'cart']);
  });

  it('a piece loaded before its declaration arrives loads its model when it does', () => {
    const { scheduler, loaded } = setup();
    scheduler.pieceUsed('content');
    expect(loaded).toEqual([]);
    scheduler.declared('content', CONTENT);
    expect(loaded).toEqual(['content']);
  });

  it("a piece of a remote that needs the start-up models loads them, but not another remote's on-demand model", () => {
    const { scheduler, loaded, declareAll } = setup();
    declareAll();
    scheduler.pieceUsed('cart');
    expect(loaded.sort()).toEqual(['account', 'cart']);
    scheduler.pieceUsed('catalog');
    expect(loaded.sort()).toEqual(['account', 'cart', 'catalog']);
  });

  it('models ready waits for every declaration, then for the start-up models', async () => {
    const { scheduler, finish, ready } = setup(['orders']);
    scheduler.declared('cart', CART);
    await finish('cart');
    scheduler.declared('catalog', CATALOG);
    scheduler.declared('content', CONTENT);
    expect(ready()).toBe(0);
    scheduler.declared('account', ACCOUNT);
    await finish('account');
    expect(ready()).toBe(1);
    scheduler.interacted();
    await finish('catalog');
    expect(ready()).toBe(1);
  });

  it('with no start-up remotes, models are ready once the declarations are in', async () => {
    const { scheduler, finish, ready, loaded } = setup([], ['catalog', 'content']);
    scheduler.declared('catalog', CATALOG);
    expect(ready()).toBe(0);
    scheduler.declared('content', CONTENT);
    await finish();
    expect(ready()).toBe(1);
    expect(loaded).toEqual([]);
  });

  it('ignores a declaration for a remote the registry does not list', () => {
    const { scheduler, loaded } = setup(['orders'], ['content']);
    scheduler.declared('cart', CART);
    expect(loaded).toEqual([]);
  });
});
