/**
 * Changing the e-mail or the password of an account needs its current password, not just the session cookie: a
 * stolen cookie (or a computer left logged in) must not be enough to take the account over.
 */
import type { FastifyRequest } from 'fastify';
import { currentPasswordTexts } from '@shop/contracts/texts/forms';
import { verifyPassword } from './passwords.js';
import { accountOf } from './throttle.js';
import type { FieldError } from './validation.js';
import type { AccountServices, CustomerRow } from './services.js';
import { clientOf } from '../server/client.js';

/** What a PUT /customers/{id} asks for that needs the current password. */
export interface SensitiveChange {
  password: boolean;
  /** The new (normalised) address when it differs from the account's; null otherwise. */
  newEmail: string | null;
}

/** Pure: which sensitive changes a request makes (sending the unchanged address is no change). */
export function sensitiveChange(customer: Pick<CustomerRow, 'email'>, email: string | undefined, password: string | undefined): SensitiveChange {
  return { password: password !== undefined, newEmail: email !== undefined && email !== customer.email ? email : null };
}

export const needsCurrentPassword = (change: SensitiveChange) => change.password || change.newEmail !== null;

/** Pure: the field error of a missing current password (no hashing for a field left empty). */
export function missingCurrentPassword(given: string | undefined): FieldError | null {
  return given === undefined || given === '' ? { field: 'current_password', message: currentPasswordTexts.required } : null;
}

/**
 * Checks the current password as a login attempt on the account: the login throttle counts it under the same
 * (account, client), client and account counters, so a stolen cookie cannot be used to guess the password faster
 * than the login form allows. `waitMs` > 0: the client must wait (nothing was checked); else `error` is the field
 * error of a wrong password, or null when it was right. Every check costs one argon2 verification.
 */
export async function checkCurrentPassword(
  services: AccountServices,
  request: FastifyRequest,
  customer: CustomerRow,
  given: string,
): Promise<{ waitMs: number; error: FieldError | null }> {
  const turn = await services.throttle.begin({ account: accountOf(customer, ''), client: clientOf(request), knownDevice: null });
  if (turn.waitMs > 0) return { waitMs: turn.waitMs, error: null };
  if (await verifyPassword(customer.passwordHash, given)) {
    await turn.succeeded();
    return { waitMs: 0, error: null };
  }
  request.log.warn({ customerId: customer.id }, 'account change refused: wrong current password');
  return { waitMs: 0, error: { field: 'current_password', message: currentPasswordTexts.wrong } };
}
