import type { Customer, RawCustomer } from '../types/customer.js';

export function mapCustomer(raw: RawCustomer): Customer {
  return {
    id: raw.id,
    first_name: raw.first_name,
    last_name: raw.last_name,
    auth_id: raw.auth_id ?? null,
    email: raw.email,
    phone: raw.phone ?? null,
    birth_date: raw.birth_date ?? null,
    gender_id: raw.gender_id ?? null,
    cookies: raw.cookies === 1,
    permissions: [...(raw.permissions ?? [])],
    terms_conditions: raw.terms_conditions === 1,
    email_verified: raw.email_verified !== null && raw.email_verified !== undefined,
    address: raw.address ?? null,
    postal_code: raw.postal_code ?? null,
    city: raw.city ?? null,
    preferences: raw.preferences ?? null,
    club: raw.club === 1,
    marketing: raw.marketing === 1,
    newsletter: raw.newsletter === 1,
    event_invite: raw.event_invite === 1,
    birthday_gift: raw.birthday_gift === 1,
    cookie_default: raw.cookie_default === 1,
    cookie_ga: raw.cookie_ga === 1,
    cookie_google_tag_manager: raw.cookie_google_tag_manager === 1,
    cookie_meta_pixel: raw.cookie_meta_pixel === 1,
    token: raw.registration_token ?? null,
  };
}
