import type { CustomerUpdatePayload } from '../types/customer.js';
import { requiredFieldTexts, type RequiredAccountField } from '@shop/contracts/texts/forms';

export type AccountForm = { [K in keyof CustomerUpdatePayload]?: CustomerUpdatePayload[K] | '' | null } & {
  /** Checkbox state; sent as terms_conditions: 1 when true. */
  terms_accepted?: boolean;
};

/** SPEC §5: first name, last name, phone and email must each have a value. Returns field → message. */
export function requiredAccountFieldErrors(form: AccountForm): Partial<Record<RequiredAccountField, string>> {
  const errors: Partial<Record<RequiredAccountField, string>> = {};
  for (const field of Object.keys(requiredFieldTexts) as RequiredAccountField[]) {
    const value = form[field];
    if (typeof value !== 'string' || value.trim() === '') errors[field] = requiredFieldTexts[field];
  }
  return errors;
}

/** SPEC §5: empty fields are left out of the payload; accepted terms are sent as 1. */
export function compactAccountPayload(form: AccountForm): CustomerUpdatePayload {
  const payload: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(form)) {
    if (key === 'terms_accepted') continue;
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    payload[key] = typeof value === 'string' ? value.trim() : value;
  }
  if (form.terms_accepted) payload.terms_conditions = 1;
  return payload as CustomerUpdatePayload;
}
