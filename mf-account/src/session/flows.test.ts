/**
 * The session model's flows (SPEC §4/§8) in isolated scopes. The API calls are replaced by handlers that answer
 * like the API does (a Customer, or an ApiError with the status); page reloads are recorded, not performed.
 */
import { allSettled, createWatch, fork, type Scope } from 'effector';
import { describe, expect, it } from 'vitest';
import { $favourites, $user, $userLoaded, alertRaised } from '@shop/contracts/bus';
import { ApiError } from '@shop/contracts/api';
import type { AlertInput, Customer } from '@shop/contracts/types';
import { accountTexts, authErrorTexts } from '@shop/contracts/texts/forms';
import {
  $loginError,
  $updateError,
  $updateFieldErrors,
  deleteFx,
  loginFx,
  logoutFx,
  registerFx,
  reloadPageFx,
  resendFx,
  resendRequested,
  updateFx,
  userStorageChanged,
} from './model.js';
import { ordersHistory } from '../history/model.js';

const kari = { id: 7, first_name: 'Kari', last_name: 'Nordmann', email: 'kari@example.no', email_verified: false } as Customer;
const ola = { ...kari, id: 8, first_name: 'Ola' } as Customer;
const status = (code: number, data: unknown = { message: 'x' }) => new ApiError({ kind: 'status', status: code, data, message: `status ${code}` });

function setup(handlers: Array<[unknown, unknown]>, values: Array<[unknown, unknown]> = []) {
  const reloads: Array<{ openCart: boolean }> = [];
  const logouts: number[] = [];
  const scope = fork({
    values: [[$user, kari], [$userLoaded, true], [$favourites, [1, 2]], ...values] as never,
    handlers: [
      [reloadPageFx, (p: { openCart: boolean }) => void reloads.push(p)],
      [logoutFx, () => void logouts.push(1)],
      ...handlers,
    ] as never,
  });
  return { scope, reloads, logouts };
}

function alertsOf(scope: Scope) {
  const alerts: AlertInput[] = [];
  createWatch({ unit: alertRaised, scope, fn: (a) => alerts.push(a) });
  return alerts;
}

describe('login', () => {
  it('sets the user, empties favourites and reloads the page', async () => {
    const { scope, reloads } = setup([[loginFx, () => Promise.resolve(ola)]], [[$user, null]]);
    await allSettled(loginFx, { scope, params: { payload: { username: 'ola@example.no', password: 'x' } } });
    expect(scope.getState($user)).toEqual(ola);
    expect(scope.getState($favourites)).toEqual([]);
    expect(reloads).toEqual([{ openCart: false }]);
  });

  it('from the cart: reloads with the cart open', async () => {
    const { scope, reloads } = setup([[loginFx, () => Promise.resolve(ola)]], [[$user, null]]);
    await allSettled(loginFx, { scope, params: { payload: { username: 'ola@example.no', password: 'x' }, fromCart: true } });
    expect(reloads).toEqual([{ openCart: true }]);
  });

  it.each([
    [401, authErrorTexts[401], null, 1],
    [404, authErrorTexts[404], null, 0],
    [422, authErrorTexts[422], kari, 0],
    [429, authErrorTexts[429], kari, 0],
  ])('%s → message, user %#, logout calls', async (code, message, user, logoutCalls) => {
    const { scope, reloads, logouts } = setup([[loginFx, () => Promise.reject(status(code))]]);
    await allSettled(loginFx, { scope, params: { payload: { username: 'x', password: 'y' } } });
    expect(scope.getState($loginError)).toBe(message);
    expect(scope.getState($user)).toEqual(user);
    expect(logouts).toHaveLength(logoutCalls);
    expect(reloads).toEqual([]);
    expect(scope.getState($favourites)).toEqual([1, 2]);
  });
});

describe('register', () => {
  it('sets the new user without a reload (the page shows the verification notice)', async () => {
    const { scope, reloads } = setup([[registerFx, () => Promise.resolve(ola)]], [[$user, null]]);
    await allSettled(registerFx, { scope, params: {} as never });
    expect(scope.getState($user)).toEqual(ola);
    expect(scope.getState($favourites)).toEqual([]);
    expect(reloads).toEqual([]);
  });
});

describe('logout', () => {
  it.each([
    ['ok', () => Promise.resolve(), null],
    ['419', () => Promise.reject(status(419)), null],
    ['404', () => Promise.reject(status(404)), null],
    ['500 keeps the user', () => Promise.reject(status(500)), kari],
  ])('%s', async (_name, handler, user) => {
    const scope = fork({ values: [[$user, kari]], handlers: [[logoutFx, handler]] });
    await allSettled(logoutFx, { scope });
    expect(scope.getState($user)).toEqual(user);
  });
});

describe('account update and delete', () => {
  it('update: the answer becomes the user', async () => {
    const updated = { ...kari, first_name: 'Karianne' };
    const { scope } = setup([[updateFx, () => Promise.resolve(updated)]]);
    await allSettled(updateFx, { scope, params: { id: 7, payload: { first_name: 'Karianne' } } });
    expect(scope.getState($user)).toEqual(updated);
  });

  it('update 401: another user → message, user cleared, page reloaded', async () => {
    const { scope, reloads } = setup([[updateFx, () => Promise.reject(status(401))]]);
    await allSettled(updateFx, { scope, params: { id: 7, payload: {} } });
    expect(scope.getState($updateError)).toBe(accountTexts.otherUserLoggedIn);
    expect(scope.getState($user)).toBeNull();
    expect(reloads).toEqual([{ openCart: false }]);
  });

  it('update 422: the field message from the API', async () => {
    const body = { message: 'Fornavn må ha en verdi', errors: [{ field: 'first_name', message: 'Fornavn må ha en verdi' }] };
    const { scope } = setup([[updateFx, () => Promise.reject(status(422, body))]]);
    await allSettled(updateFx, { scope, params: { id: 7, payload: {} } });
    expect(scope.getState($updateError)).toBe('Fornavn må ha en verdi');
    expect(scope.getState($updateFieldErrors)).toEqual({ first_name: 'Fornavn må ha en verdi' });
    expect(scope.getState($user)).toEqual(kari);
  });

  it('delete clears the user; 401 also reloads', async () => {
    const ok = setup([[deleteFx, () => Promise.resolve()]]);
    await allSettled(deleteFx, { scope: ok.scope, params: 7 });
    expect(ok.scope.getState($user)).toBeNull();
    const other = setup([[deleteFx, () => Promise.reject(status(401))]]);
    await allSettled(deleteFx, { scope: other.scope, params: 7 });
    expect(other.scope.getState($user)).toBeNull();
    expect(other.reloads).toHaveLength(1);
  });
});

describe('resend verification (SPEC §8)', () => {
  // Told once, as an alert: the page shows no second copy of the message next to the button.
  it('success: one alert "Epost sendt til {email}" that goes away after 3000 ms', async () => {
    const { scope } = setup([[resendFx, () => Promise.resolve()]]);
    const alerts = alertsOf(scope);
    await allSettled(resendRequested, { scope });
    expect(alerts).toEqual([{ type: 'success', message: 'Epost sendt til kari@example.no', timeout: 3000 }]);
  });

  it('failure: one alert "Epost ble ikke sendt"', async () => {
    const { scope } = setup([[resendFx, () => Promise.reject(status(500))]]);
    const alerts = alertsOf(scope);
    await allSettled(resendRequested, { scope });
    expect(alerts).toEqual([{ type: 'error', message: 'Epost ble ikke sendt' }]);
  });
});

describe('other tabs (SPEC §4)', () => {
  it.each([
    ['another tab logged out', JSON.stringify({ loaded: false, id: null }), true, 1],
    ['another tab logged in as someone else', JSON.stringify({ loaded: true, id: 8 }), true, 1],
    ['the same user', JSON.stringify({ loaded: true, id: 7 }), true, 0],
    ['this tab has not loaded its user yet', JSON.stringify({ loaded: false, id: null }), false, 0],
  ])('%s', async (_name, raw, loaded, reloadCount) => {
    const { scope, reloads } = setup([], [[$userLoaded, loaded]]);
    await allSettled(userStorageChanged, { scope, params: raw });
    expect(reloads).toHaveLength(reloadCount);
  });
});

describe('history', () => {
  const page = (n: number, ids: number[]) => ({
    data: ids.map((id) => ({ OrderID: id, VatPercentage: 25, Vat: 20, NetAmount: 80, Total: 100, orderlines: [], DateCreated: '2026-11-01T10:00:00Z' })),
    meta: { current_page: n, last_page: 2, per_page: 2, total: 3 },
  });

  it('pages merge by id without duplicates', async () => {
    const { scope } = setup([[ordersHistory.fetchPageFx, (n: number) => Promise.resolve(n === 1 ? page(1, [3, 2]) : page(2, [2, 1]))]]);
    await allSettled(ordersHistory.pageRequested, { scope, params: 1 });
    await allSettled(ordersHistory.pageRequested, { scope, params: 2 });
    await allSettled(ordersHistory.pageRequested, { scope, params: 1 });
    expect(scope.getState(ordersHistory.$items).map((o) => o.OrderID)).toEqual([3, 2, 1]);
    expect(scope.getState(ordersHistory.$meta)?.current_page).toBe(1);
  });

  it('401 clears the user (and the history)', async () => {
    const { scope } = setup([[ordersHistory.fetchPageFx, () => Promise.reject(status(401))]]);
    await allSettled(ordersHistory.pageRequested, { scope, params: 1 });
    expect(scope.getState($user)).toBeNull();
    expect(scope.getState(ordersHistory.$items)).toEqual([]);
  });
});
