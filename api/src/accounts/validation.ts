/**
 * Pure rules for account input (issue 6, SPEC §5). Each returns field errors in the API's error shape; an empty
 * list means valid. Required-field texts come from the shared catalogue so the form and the API say the same.
 */
import { emailError, isValidPhone, nationalPhone } from '@shop/contracts/validation';
import { requiredFieldTexts } from '@shop/contracts/texts/forms';
import { MIN_PASSWORD_LENGTH } from './passwords.js';

export interface FieldError {
  field: string;
  message: string;
}

export const accountFieldTexts = {
  email: 'Ugyldig e-postadresse',
  phone: 'Ugyldig telefonnummer - åtte siffer som starter med 4 eller 9',
  password: `Passordet må ha minst ${MIN_PASSWORD_LENGTH} tegn`,
  passwordConfirmation: 'Passordene er ikke like',
  terms: 'Du må godta vilkårene',
  birthDate: 'Ugyldig fødselsdato',
  token: 'Lenken er ugyldig eller utløpt - be om en ny.',
  username: 'Skriv inn e-postadressen eller telefonnummeret ditt',
  loginPassword: 'Skriv inn passordet ditt',
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
export const isValidEmail = (email: string) => email.length <= 254 && EMAIL_PATTERN.test(email.trim());
export { nationalPhone };

export interface AccountInput {
  first_name?: unknown;
  last_name?: unknown;
  email?: unknown;
  phone?: unknown;
  password?: unknown;
  password_confirmation?: unknown;
  terms_conditions?: unknown;
  birth_date?: unknown;
}

const present = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

function validBirthDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value && d.getTime() < Date.now();
}

/** Rules shared by register (every required field) and update (only the fields sent). */
function fieldRules(input: AccountInput, required: boolean): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of ['first_name', 'last_name', 'phone', 'email'] as const) {
    const value = input[field];
    if (value === undefined && !required) continue;
    if (!present(value)) errors.push({ field, message: requiredFieldTexts[field] });
  }
  if (present(input.email)) {
    // The shared rule (@shop/contracts/validation email.ts): also refuses what the mail client cannot deliver (æøå).
    const message = input.email.length > 254 ? accountFieldTexts.email : emailError(input.email, accountFieldTexts.email);
    if (message) errors.push({ field: 'email', message });
  }
  if (present(input.phone) && !isValidPhone(input.phone)) errors.push({ field: 'phone', message: accountFieldTexts.phone });
  if (input.birth_date !== undefined && input.birth_date !== null && input.birth_date !== '') {
    if (typeof input.birth_date !== 'string' || !validBirthDate(input.birth_date)) {
      errors.push({ field: 'birth_date', message: accountFieldTexts.birthDate });
    }
  }
  if (required || input.password !== undefined) errors.push(...passwordRules(input));
  return errors;
}

export function passwordRules(input: { password?: unknown; password_confirmation?: unknown }): FieldError[] {
  const errors: FieldError[] = [];
  // A password of blanks only would pass the length rule but could never log in (blank login fields are invalid).
  if (typeof input.password !== 'string' || input.password.length < MIN_PASSWORD_LENGTH || input.password.trim() === '') {
    errors.push({ field: 'password', message: accountFieldTexts.password });
  } else if (input.password !== input.password_confirmation) {
    errors.push({ field: 'password_confirmation', message: accountFieldTexts.passwordConfirmation });
  }
  return errors;
}

export function registrationErrors(input: AccountInput): FieldError[] {
  const errors = fieldRules(input, true);
  if (input.terms_conditions !== 1 && input.terms_conditions !== '1') errors.push({ field: 'terms_conditions', message: accountFieldTexts.terms });
  return errors;
}

export function updateErrors(input: AccountInput): FieldError[] {
  return fieldRules(input, false);
}
