/**
 * The shop's password rule, one place for every form that sets a password (registration, reset, a staff invitation)
 * and the API that checks it again.
 */
export const MIN_PASSWORD_LENGTH = 8;

export function isLongEnoughPassword(password: string): boolean {
  return password.length >= MIN_PASSWORD_LENGTH;
}
