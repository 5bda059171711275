/**
 * Changing the e-mail or the password of an account needs its current password, not just the session cookie: a
 * stolen cookie (or a computer left logged in) must not be enough to take the account over.
 */
import type { FastifyRequest } from 'fastify';
import { currentPasswordTexts } from '@shop/contracts/texts/forms';
import { verifyPassword } from './passwords.js';
import type { FieldError } from './validation.js';
import type { AccountServices, CustomerRow } from './services.js';

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
 * Checks the current password; on a wrong one tells `currentPasswordRefused` and answers the field error. Every
 * call costs one argon2 verification.
 */
export async function wrongCurrentPassword(
  services: AccountServices,
  request: FastifyRequest,
  customer: CustomerRow,
  given: string,
): Promise<FieldError | null> {
  if (await verifyPassword(customer.passwordHash, given)) return null;
  await currentPasswordRefused(services, request, customer);
  return { field: 'current_password', message: currentPasswordTexts.wrong };
}

/**
 * The one place a wrong current password is reported: where it is to count toward the login throttle (a guessed
 * password is a guessed password, whichever form it came through).
 */
export async function currentPasswordRefused(_services: AccountServices, request: FastifyRequest, customer: CustomerRow): Promise<void> {
  request.log.warn({ customerId: customer.id }, 'account change refused: wrong current password');
}
