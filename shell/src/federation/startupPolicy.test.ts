import { describe, expect, it } from 'vitest';
import type { RemoteStartup } from '@shop/contracts/types';
import { modelMoments, readVisit, storedState, type Visit } from './startupPolicy.js';
import { UNDECLARED } from './declarations.js';

/** The four remotes as they declare themselves today (each remote's src/startup.ts). */
const SHOP: Record<string, RemoteStartup> = {
  mf_catalog: { model: 'first-interaction' },
  mf_cart_checkout: { model: 'start-up', stateKeys: ['orders', 'count'], piecesNeedStartupModels: true, answers: ['cartAddRequested'] },
  mf_account: { model: 'start-up', stateKeys: ['favourites'], piecesNeedStartupModels: true, answers: ['favouriteToggled'] },
  mf_content: { model: 'first-piece' },
};

const firstVisit: Visit = { customer: false, actsAtOnce: false, stored: new Set() };
const withState = (...keys: string[]): Visit => ({ ...firstVisit, stored: new Set(keys) });

const WAITING = ['first interaction', 'first piece of mf_cart_checkout', 'first piece of mf_account'];

describe('modelMoments: declarations × visit → when each model loads', () => {
  it.each([
    {
      case: 'a first visit: no start-up model before the first interaction or a piece that needs them',
      declarations: SHOP,
      visit: firstVisit,
      moments: {
        mf_catalog: ['first interaction', 'first piece of mf_catalog'],
        mf_cart_checkout: WAITING,
        mf_account: WAITING,
        mf_content: ['first piece of mf_content'],
      },
    },
    {
      case: 'a cart line stored: the cart and the session with the first view, the others as on a first visit',
      declarations: SHOP,
      visit: withState('orders'),
      moments: {
        mf_catalog: ['first interaction', 'first piece of mf_catalog'],
        mf_cart_checkout: ['first view'],
        mf_account: ['first view'],
        mf_content: ['first piece of mf_content'],
      },
    },
    {
      case: 'a favourite stored: the account declares it, both start-up models load with the first view',
      declarations: SHOP,
      visit: withState('favourites'),
      moments: { mf_cart_checkout: ['first view'], mf_account: ['first view'] },
    },
    {
      case: 'a customer in the session',
      declarations: SHOP,
      visit: { ...firstVisit, customer: true },
      moments: { mf_cart_checkout: ['first view'], mf_account: ['first view'], mf_content: ['first piece of mf_content'] },
    },
    {
      case: 'the open-cart flag',
      declarations: SHOP,
      visit: { ...firstVisit, actsAtOnce: true },
      moments: { mf_cart_checkout: ['first view'], mf_account: ['first view'] },
    },
    {
      case: 'a key nobody declares is no state',
      declarations: SHOP,
      visit: withState('user', 'shipping'),
      moments: { mf_cart_checkout: WAITING, mf_account: WAITING },
    },
    {
      case: 'a remote whose pieces need the start-up models without being one of them',
      declarations: { ...SHOP, mf_content: { model: 'first-piece', piecesNeedStartupModels: true } },
      visit: firstVisit,
      moments: {
        mf_cart_checkout: [...WAITING, 'first piece of mf_content'],
        mf_content: ['first piece of mf_content'],
      },
    },
    {
      case: 'a probe-only remote with state of its own loads with the first view, alone',
      declarations: { ...SHOP, mf_catalog: { model: 'first-interaction', stateKeys: ['recent'] } },
      visit: withState('recent'),
      moments: { mf_catalog: ['first view'], mf_cart_checkout: WAITING },
    },
    {
      case: 'a remote whose declaration could not be read: with its first piece only',
      declarations: { ...SHOP, mf_account: UNDECLARED },
      visit: withState('favourites'),
      moments: {
        mf_account: ['first piece of mf_account'],
        mf_cart_checkout: ['first interaction', 'first piece of mf_cart_checkout'],
      },
    },
    {
      case: 'a new remote the shell has never heard of, declaring itself a start-up model',
      declarations: { ...SHOP, mf_wishlist: { model: 'start-up', stateKeys: ['wishes'] } },
      visit: withState('wishes'),
      moments: { mf_wishlist: ['first view'], mf_cart_checkout: ['first view'], mf_account: ['first view'] },
    },
    {
      case: 'no start-up remotes at all',
      declarations: { mf_content: { model: 'first-piece' } },
      visit: { ...firstVisit, customer: true },
      moments: { mf_content: ['first piece of mf_content'] },
    },
  ])('$case', ({ declarations, visit, moments }) => {
    const planned = modelMoments(new Map(Object.entries(declarations)), visit);
    expect(planned.size).toBe(Object.keys(declarations).length);
    for (const [remote, expected] of Object.entries(moments)) expect(planned.get(remote), remote).toEqual(expected);
  });
});

function storage(entries: Record<string, string>): Pick<Storage, 'getItem'> {
  return { getItem: (key) => entries[key] ?? null };
}

describe('storedState: which declared keys hold state', () => {
  it.each([
    ['nothing stored', {}, []],
    ['empty values are no state', { orders: '[]', count: '0', favourites: '[]', user: '{}', client: 'null', flag: 'false', text: '""' }, []],
    ['a line, a count, a favourite', { orders: '[{"id":1}]', count: '2', favourites: '[12]' }, ['orders', 'count', 'favourites']],
    ['an object with fields', { user: '{"id":1}' }, ['user']],
    ['unreadable counts as state', { count: '{' }, ['count']],
  ])('%s', (_, stored, expected) => {
    const keys = ['orders', 'count', 'favourites', 'user', 'client', 'flag', 'text'];
    expect([...storedState(storage(stored), keys)].sort()).toEqual([...expected].sort());
  });

  it('without storage, or storage that throws, every key might hold state', () => {
    expect([...storedState(null, ['orders', 'count'])]).toEqual(['orders', 'count']);
    const throwing = { getItem: () => { throw new Error('SecurityError'); } };
    expect([...storedState(throwing, ['orders'])]).toEqual(['orders']);
  });
});

describe('readVisit', () => {
  it.each([
    ['the server says no customer', true, '', { customer: false, actsAtOnce: false }],
    ['no hint: a customer (or the server did not render the page)', false, '', { customer: true, actsAtOnce: false }],
    ['the open-cart flag', true, '?openCart=1', { customer: false, actsAtOnce: true }],
  ])('%s', (_, noCustomer, search, expected) => {
    expect(readVisit(['orders'], noCustomer, storage({ orders: '[1]' }), search)).toEqual({ ...expected, stored: new Set(['orders']) });
  });
});
