/**
 * SPEC §4: "a change of the user's loaded flag in another tab reloads the page". Each tab writes the shared user
 * flag ({loaded: a user is logged in, id}) under the shared-state key "user" once its own fetch has answered;
 * another tab that sees the flag (or the user) change reloads so it never shows a stale session.
 */
import type { Customer } from '@shop/contracts/types';
import { OPEN_CART_QUERY_PARAM } from '@shop/contracts/constants';

export const USER_STORAGE_KEY = 'user';

export interface SharedUserFlag {
  loaded: boolean;
  id: number | null;
}

export const sharedUserFlag = (user: Customer | null): SharedUserFlag => ({ loaded: user !== null, id: user?.id ?? null });

function parse(raw: string | null): SharedUserFlag | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<SharedUserFlag>;
    return typeof value?.loaded === 'boolean' ? { loaded: value.loaded, id: typeof value.id === 'number' ? value.id : null } : null;
  } catch {
    return null;
  }
}

/**
 * Whether another tab's new value of the "user" key must reload this tab: when it says something else than this
 * tab shows (logged in or not, or another customer). Equal values never reload, so tabs cannot reload each other
 * in a loop.
 */
export function shouldReloadOnUserChange(newRaw: string | null, current: SharedUserFlag): boolean {
  const next = parse(newRaw);
  return next !== null && (next.loaded !== current.loaded || next.id !== current.id);
}

/** Where to go after a login: the same page, with the open-cart flag when the login was made from the cart. */
export function reloadTarget(href: string, openCart: boolean): string {
  const url = new URL(href);
  if (openCart) url.searchParams.set(OPEN_CART_QUERY_PARAM, '1');
  return url.toString();
}
