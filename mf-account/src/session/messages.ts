/**
 * What a failed account call means for the shopper (SPEC §8) — which text to show and what happens to the
 * session user. Pure: the model applies the outcome. `status` is undefined for network failures.
 */
import { accountDeleteErrorMessage, accountUpdateErrorMessage, loginErrorMessage, registerErrorMessage } from '@shop/contracts/texts/forms';

export interface FailureOutcome {
  message: string;
  /** Forget the session user (bus userCleared). */
  clearUser: boolean;
  /** Also tell the server to log out (login while another user is logged in). */
  logout: boolean;
  /** Reload the page (another user is logged in: the page shows stale data). */
  reload: boolean;
}

const outcome = (message: string, flags: Partial<Omit<FailureOutcome, 'message'>> = {}): FailureOutcome => ({
  message,
  clearUser: false,
  logout: false,
  reload: false,
  ...flags,
});

/** Login: 401 = already logged in → logged out and cleared; 404 = no user → cleared. */
export function loginFailure(status: number | undefined): FailureOutcome {
  if (status === 401) return outcome(loginErrorMessage(401), { clearUser: true, logout: true });
  if (status === 404) return outcome(loginErrorMessage(404), { clearUser: true });
  return outcome(loginErrorMessage(status));
}

/** Register uses the same catalogue; 401/404 clear the stale user like login does (no server logout). */
export function registerFailure(status: number | undefined): FailureOutcome {
  return outcome(registerErrorMessage(status), { clearUser: status === 401 || status === 404 });
}

/** Account update: 401 = another user → cleared and reloaded; 403/422 → the field message or the generic text. */
export function updateFailure(status: number | undefined, fieldMessage?: string | null): FailureOutcome {
  if (status === 401) return outcome(accountUpdateErrorMessage(401), { clearUser: true, reload: true });
  if (status === 404) return outcome(loginErrorMessage(404), { clearUser: true });
  return outcome(accountUpdateErrorMessage(status, fieldMessage));
}

export function deleteFailure(status: number | undefined): FailureOutcome {
  if (status === 401) return outcome(accountDeleteErrorMessage(401), { clearUser: true, reload: true });
  if (status === 404) return outcome(loginErrorMessage(404), { clearUser: true });
  return outcome(accountDeleteErrorMessage(status));
}

/** Logout clears the user when it worked, and also on 419 (SPEC §8), 401 and 404 (nobody to log out). */
export function logoutClearsUser(status: number | undefined): boolean {
  return status === undefined ? false : [200, 204, 401, 404, 419].includes(status);
}

/** History or review fetch: 401 (and 404) mean the session has no user any more. */
export function historyFailureClearsUser(status: number | undefined): boolean {
  return status === 401 || status === 404;
}
