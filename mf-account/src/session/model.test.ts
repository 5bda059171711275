import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { $user, $userLoaded, userCleared, userFetchRequested } from '@shop/contracts/bus';
import type { Customer } from '@shop/contracts/types';
import { currentCustomerOrNull, fetchUserFx } from './model.js';

const kari = { id: 12, first_name: 'Kari', last_name: 'Nordmann', email: 'kari@example.no' } as Customer;

describe('currentCustomerOrNull', () => {
  it.each([
    { case: 'a customer', fetch: () => Promise.resolve(kari), expected: kari },
    { case: 'no user (204)', fetch: () => Promise.resolve(null), expected: null },
    { case: 'a failure (401/404/network)', fetch: () => Promise.reject(new Error('Network Error')), expected: null },
  ])('$case', async ({ fetch, expected }) => {
    expect(await currentCustomerOrNull(fetch)).toEqual(expected);
  });
});

describe('session model', () => {
  it('userFetchRequested loads the user and sets the loaded flag', async () => {
    const scope = fork({ handlers: [[fetchUserFx, () => currentCustomerOrNull(() => Promise.resolve(kari))]] });
    expect(scope.getState($userLoaded)).toBe(false);
    await allSettled(userFetchRequested, { scope });
    expect(scope.getState($user)).toEqual(kari);
    expect(scope.getState($userLoaded)).toBe(true);
    await allSettled(userCleared, { scope });
    expect(scope.getState($user)).toBeNull();
  });

  it('a failed fetch means no user, but the flag still says loaded', async () => {
    const scope = fork({
      handlers: [[fetchUserFx, () => currentCustomerOrNull(() => Promise.reject(new Error('timeout')))]],
    });
    await allSettled(userFetchRequested, { scope });
    expect(scope.getState($user)).toBeNull();
    expect(scope.getState($userLoaded)).toBe(true);
  });
});
