/** The profile form of the account page: from the user, and back to an update payload (SPEC §5). */
import { compactAccountPayload, emailError, requiredAccountFieldErrors } from '@shop/contracts/validation';
import { currentPasswordTexts } from '@shop/contracts/texts/forms';
import type { Customer, CustomerUpdatePayload } from '@shop/contracts/types';

export interface ProfileForm {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  birth_date: string;
  address: string;
  postal_code: string;
  city: string;
  password: string;
  password_confirmation: string;
  /** Asked for only when the e-mail or the password changes (the API refuses those changes without it). */
  current_password: string;
}

export const profileFormOf = (user: Customer): ProfileForm => ({
  first_name: user.first_name,
  last_name: user.last_name,
  email: user.email,
  phone: user.phone ?? '',
  birth_date: user.birth_date ?? '',
  address: user.address ?? '',
  postal_code: user.postal_code ?? '',
  city: user.city ?? '',
  password: '',
  password_confirmation: '',
  current_password: '',
});

/** The address as the API stores it, to tell a real change from the same address typed differently. */
const normalisedEmail = (email: string) => email.trim().toLowerCase();

/** Whether saving the form changes the e-mail or the password, which needs the current password. */
export function needsCurrentPassword(form: ProfileForm, user: Pick<Customer, 'email'>): boolean {
  return form.password !== '' || (form.email.trim() !== '' && normalisedEmail(form.email) !== normalisedEmail(user.email));
}

export function profileErrors(form: ProfileForm, user: Pick<Customer, 'email'>): Record<string, string> {
  const errors: Record<string, string> = { ...requiredAccountFieldErrors(form) };
  // The API's rule (it refuses the same with 422): an address the shop's mail cannot reach (æøå) is refused here too.
  const emailMessage = errors.email ? null : emailError(form.email);
  if (emailMessage) errors.email = emailMessage;
  if (needsCurrentPassword(form, user) && form.current_password === '') errors.current_password = currentPasswordTexts.required;
  return errors;
}

/**
 * Empty fields are left out (SPEC §5); the password only goes with its confirmation, and the current password only
 * with a change that needs it. Passwords are sent as typed (a trimmed password would not be the one the shopper uses).
 */
export function profilePayload(form: ProfileForm, user: Pick<Customer, 'email'>): CustomerUpdatePayload {
  const { password, password_confirmation, current_password, ...rest } = form;
  const payload = compactAccountPayload(rest);
  if (password) Object.assign(payload, { password, password_confirmation });
  if (needsCurrentPassword(form, user)) payload.current_password = current_password;
  return payload;
}

/**
 * The new address a saved update is waiting to confirm: the API keeps the old one until the link mailed to the new
 * address is opened, so an answer whose address differs from the one sent means a confirmation was sent.
 */
export function pendingEmailChange(sent: CustomerUpdatePayload, answer: Pick<Customer, 'email'>): string | null {
  if (sent.email === undefined) return null;
  const wanted = normalisedEmail(sent.email);
  return wanted !== normalisedEmail(answer.email) ? wanted : null;
}
