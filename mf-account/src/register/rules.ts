/** Client-side checks of the registration form (the API checks the same and answers 422 with field errors). */
import { emailError, isValidPhone, MIN_PASSWORD_LENGTH, requiredAccountFieldErrors } from '@shop/contracts/validation';
import type { Flag, RegisterPayload } from '@shop/contracts/types';
import { texts } from '../texts.js';

export interface RegisterForm {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  password_confirmation: string;
  birth_date: string;
  gender_id: string;
  postal_code: string;
  terms: boolean;
  club: boolean;
  marketing: boolean;
  newsletter: boolean;
  event_invite: boolean;
  birthday_gift: boolean;
}

export const emptyRegisterForm = (): RegisterForm => ({
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  password: '',
  password_confirmation: '',
  birth_date: '',
  gender_id: '',
  postal_code: '',
  terms: false,
  club: false,
  marketing: false,
  newsletter: false,
  event_invite: false,
  birthday_gift: false,
});

export { MIN_PASSWORD_LENGTH };

export function registerFormErrors(form: RegisterForm): Record<string, string> {
  const { first_name, last_name, phone, email } = form;
  const errors: Record<string, string> = { ...requiredAccountFieldErrors({ first_name, last_name, phone, email }) };
  if (!errors.phone && !isValidPhone(form.phone)) errors.phone = 'Ugyldig telefonnummer - åtte siffer som starter med 4 eller 9';
  const emailMessage = errors.email ? null : emailError(form.email, 'Ugyldig e-postadresse');
  if (emailMessage) errors.email = emailMessage;
  if (form.password.length < MIN_PASSWORD_LENGTH) errors.password = texts.passwordTooShort;
  else if (form.password !== form.password_confirmation) errors.password_confirmation = texts.passwordsDiffer;
  if (!form.terms) errors.terms_conditions = texts.termsRequired;
  return errors;
}

const flag = (value: boolean): Flag => (value ? 1 : 0);

/** The payload: accepted terms are sent as 1 (SPEC §5); optional fields left empty are left out. */
export function registerPayload(form: RegisterForm): RegisterPayload {
  const payload: RegisterPayload = {
    first_name: form.first_name.trim(),
    last_name: form.last_name.trim(),
    email: form.email.trim(),
    phone: form.phone.trim(),
    password: form.password,
    password_confirmation: form.password_confirmation,
    terms_conditions: 1,
    club: flag(form.club),
    marketing: flag(form.marketing),
    newsletter: flag(form.newsletter),
  };
  if (form.birth_date) payload.birth_date = form.birth_date;
  if (form.gender_id) payload.gender_id = Number(form.gender_id);
  if (form.postal_code.trim()) payload.postal_code = form.postal_code.trim();
  payload.event_invite = flag(form.event_invite);
  payload.birthday_gift = flag(form.birthday_gift);
  return payload;
}
