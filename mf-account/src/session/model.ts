import { createEffect, sample } from 'effector';
import { $user, $userLoaded, userCleared, userFetchRequested } from '@shop/contracts/bus';
import { getCurrentCustomer } from '@shop/contracts/api';
import type { Customer } from '@shop/contracts/types';

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

export const fetchUserFx = createEffect<void, Customer | null>(() => currentCustomerOrNull());

sample({ clock: userFetchRequested, filter: fetchUserFx.pending.map((pending) => !pending), target: fetchUserFx });

$user.on(fetchUserFx.doneData, (_, user) => user).reset(userCleared);
$userLoaded.on(fetchUserFx.finally, () => true);
