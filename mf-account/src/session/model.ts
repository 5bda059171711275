/**
 * The session model (issue 6, SPEC §4): the current user, login/register/logout, account update/delete and the
 * verification e-mail. Effector only, no React; the shell imports it at start-up through ./model.
 *
 * - Login sets the user, empties favourites, then reloads the page — with the open-cart flag when the login was
 *   made from the cart. A 401 on login logs the old session out and clears the user.
 * - Logout (also when it answers 419/401/404), a 401 or a 404 clears the user.
 * - Another tab changing the shared user flag reloads this tab (crossTab.ts).
 */
import { attach, createEffect, createEvent, createStore, sample, type EventCallable } from 'effector';
import { $favourites, $user, $userLoaded, alertRaised, userCleared, userFetchRequested } from '@shop/contracts/bus';
import {
  deleteCustomer,
  fieldErrors,
  getCurrentCustomer,
  isApiError,
  loginCustomer,
  logoutCustomer,
  registerCustomer,
  resendVerificationEmail,
  updateCustomer,
} from '@shop/contracts/api';
import type { Customer, CustomerUpdatePayload, LoginPayload, LoginType, RegisterPayload } from '@shop/contracts/types';
import { resendTexts } from '@shop/contracts/texts/forms';
import { deleteFailure, loginFailure, logoutClearsUser, registerFailure, updateFailure, type FailureOutcome } from './messages.js';
import { reloadTarget, sharedUserFlag, shouldReloadOnUserChange, USER_STORAGE_KEY, type SharedUserFlag } from './crossTab.js';

export const statusOf = (error: unknown): number | undefined => (isApiError(error) && error.kind === 'status' ? error.status : undefined);

/**
 * The current customer. "No user" is a normal answer: 204 comes back as null, and 401/404 or a network failure
 * also mean no active user (SPEC §6: the guard tolerates no active user).
 */
export async function currentCustomerOrNull(
  fetchCustomer: () => Promise<Customer | null> = getCurrentCustomer,
): Promise<Customer | null> {
  try {
    return await fetchCustomer();
  } catch {
    return null;
  }
}

// ---- the navigation guard's user fetch (bus userFetchRequested) ----
export const fetchUserFx = createEffect<void, Customer | null>(() => currentCustomerOrNull());

sample({ clock: userFetchRequested, filter: fetchUserFx.pending.map((pending) => !pending), target: fetchUserFx });

$user.on(fetchUserFx.doneData, (_, user) => user).reset(userCleared);
$userLoaded.on(fetchUserFx.finally, () => true);

// ---- page reloads (an effect so tests can replace it) ----
export const reloadPageFx = createEffect<{ openCart: boolean }, void>(({ openCart }) => {
  if (typeof window === 'undefined') return;
  if (openCart) window.location.assign(reloadTarget(window.location.href, true));
  else window.location.reload();
});

// ---- logout ----
export const logoutFx = createEffect<void, void>(() => logoutCustomer());
sample({ clock: logoutFx.done, target: userCleared });
sample({ clock: logoutFx.failData, filter: (error) => logoutClearsUser(statusOf(error)), target: userCleared });

/** Applies what a failure means for the session user. */
function applyFailure(outcomes: EventCallable<FailureOutcome>) {
  sample({ clock: outcomes, filter: (o) => o.clearUser, target: userCleared });
  sample({ clock: outcomes, filter: (o) => o.logout, target: logoutFx });
  sample({ clock: outcomes, filter: (o) => o.reload, fn: () => ({ openCart: false }), target: reloadPageFx });
}

// ---- login ----
export interface LoginRequest {
  payload: LoginPayload;
  type?: LoginType;
  /** The login form sits in (or was opened from) the cart: after the reload the cart opens. */
  fromCart?: boolean;
}
export const loginFx = createEffect<LoginRequest, Customer>(({ payload, type }) => loginCustomer(payload, type));
const loginFailed = createEvent<FailureOutcome>();
sample({ clock: loginFx.failData, fn: (error) => loginFailure(statusOf(error)), target: loginFailed });
applyFailure(loginFailed);
export const $loginError = createStore<string | null>(null)
  .on(loginFailed, (_, o) => o.message)
  .reset(loginFx);
$user.on(loginFx.doneData, (_, user) => user);
// SPEC §4: login empties favourites.
$favourites.on(loginFx.done, () => []);
sample({ clock: loginFx.done, fn: ({ params }) => ({ openCart: Boolean(params.fromCart) }), target: reloadPageFx });

// ---- register ----
export const registerFx = createEffect<RegisterPayload, Customer>((payload) => registerCustomer(payload));
const registerFailed = createEvent<FailureOutcome>();
sample({ clock: registerFx.failData, fn: (error) => registerFailure(statusOf(error)), target: registerFailed });
applyFailure(registerFailed);
export const $registerError = createStore<string | null>(null)
  .on(registerFailed, (_, o) => o.message)
  .reset(registerFx);
export const $registerFieldErrors = createStore<Record<string, string>>({})
  .on(registerFx.failData, (_, error) => fieldErrors(error))
  .reset(registerFx);
// A registration logs the new customer in (the server rotated the session); favourites start empty as on login.
$user.on(registerFx.doneData, (_, user) => user);
$favourites.on(registerFx.done, () => []);

// ---- account update / delete ----
export const updateFx = createEffect<{ id: number; payload: CustomerUpdatePayload }, Customer>(({ id, payload }) => updateCustomer(id, payload));
const updateFailed = createEvent<FailureOutcome>();
sample({
  clock: updateFx.failData,
  fn: (error) => updateFailure(statusOf(error), Object.values(fieldErrors(error))[0] ?? null),
  target: updateFailed,
});
applyFailure(updateFailed);
export const $updateError = createStore<string | null>(null)
  .on(updateFailed, (_, o) => o.message)
  .reset(updateFx);
export const $updateFieldErrors = createStore<Record<string, string>>({})
  .on(updateFx.failData, (_, error) => fieldErrors(error))
  .reset(updateFx);
$user.on(updateFx.doneData, (_, user) => user);

export const deleteFx = createEffect<number, void>((id) => deleteCustomer(id));
const deleteFailed = createEvent<FailureOutcome>();
sample({ clock: deleteFx.failData, fn: (error) => deleteFailure(statusOf(error)), target: deleteFailed });
applyFailure(deleteFailed);
export const $deleteError = createStore<string | null>(null)
  .on(deleteFailed, (_, o) => o.message)
  .reset(deleteFx);
sample({ clock: deleteFx.done, target: userCleared });

// ---- verification e-mail ----
// The outcome is told once, as the shell's alert (SPEC §8/§9: "Epost sendt til {email}" for 3000 ms); the resend
// button shows no notice of its own, or the message would be on the page, and read out, twice.
export const resendFx = createEffect<void, void>(() => resendVerificationEmail());
export const resendRequested = createEvent();
sample({ clock: resendRequested, filter: resendFx.pending.map((p) => !p), target: resendFx });
sample({
  clock: resendFx.done,
  source: $user,
  fn: (user) => ({ type: 'success' as const, message: resendTexts.sent(user?.email ?? ''), timeout: resendTexts.timeout }),
  target: alertRaised,
});
sample({ clock: resendFx.fail, fn: () => ({ type: 'error' as const, message: resendTexts.failed }), target: alertRaised });
sample({ clock: resendFx.failData, filter: (error) => statusOf(error) === 401 || statusOf(error) === 404, target: userCleared });

// ---- other tabs (SPEC §4) ----
export const userStorageChanged = createEvent<string | null>();
const $sharedFlag = $user.map((user): SharedUserFlag => sharedUserFlag(user));
export const writeUserFlagFx = createEffect<SharedUserFlag, void>((flag) => {
  if (typeof localStorage === 'undefined') return;
  const value = JSON.stringify(flag);
  if (localStorage.getItem(USER_STORAGE_KEY) !== value) localStorage.setItem(USER_STORAGE_KEY, value);
});
// Written only once this tab knows its user: a tab still loading must not tell the others "nobody is logged in".
sample({
  clock: [$sharedFlag.updates, $userLoaded.updates],
  source: { flag: $sharedFlag, loaded: $userLoaded },
  filter: ({ loaded }) => loaded,
  fn: ({ flag }) => flag,
  target: writeUserFlagFx,
});
sample({
  clock: userStorageChanged,
  source: { flag: $sharedFlag, loaded: $userLoaded },
  filter: ({ flag, loaded }, raw) => loaded && shouldReloadOnUserChange(raw, flag),
  fn: () => ({ openCart: false }),
  target: reloadPageFx,
});

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === USER_STORAGE_KEY) userStorageChanged(event.newValue);
  });
}

/** The logged-in user's id for effects that need it (update/delete forms). */
export const updateOwnAccountFx = attach({
  source: $user,
  effect: updateFx,
  mapParams: (payload: CustomerUpdatePayload, user: Customer | null) => ({ id: user?.id ?? 0, payload }),
});
