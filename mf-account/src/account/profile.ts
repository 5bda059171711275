/** The profile form of the account page: from the user, and back to an update payload (SPEC §5). */
import { compactAccountPayload, requiredAccountFieldErrors } from '@shop/contracts/validation';
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
});

export function profileErrors(form: ProfileForm): Record<string, string> {
  return { ...requiredAccountFieldErrors(form) };
}

/** Empty fields are left out (SPEC §5); the password only goes with its confirmation. */
export function profilePayload(form: ProfileForm): CustomerUpdatePayload {
  const payload = compactAccountPayload(form);
  if (!form.password) {
    delete payload.password;
    delete payload.password_confirmation;
  }
  return payload;
}
