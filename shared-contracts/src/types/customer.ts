/** Customers and the session user (SPEC §3 Customer). The API uses snake_case here (Laravel style). */
import type { Flag, IsoDateTime } from './common.js';

/**
 * GET /customers/current (200; 204 = no user), answer of POST /customers/login[/{type}], POST /customers/register
 * and PUT /customers/{id}. Never carries the password.
 */
export interface RawCustomer {
  id: number;
  first_name: string;
  last_name: string;
  /** Id in the chain's membership system. */
  auth_id: string | null;
  email: string;
  phone: string | null;
  /** "YYYY-MM-DD". */
  birth_date: string | null;
  gender_id: number | null;
  cookies: Flag;
  permissions: string[];
  terms_conditions: Flag;
  /** When the e-mail was verified; null while unverified. */
  email_verified: IsoDateTime | null;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  preferences: Record<string, unknown> | null;
  club: Flag;
  marketing: Flag;
  newsletter: Flag;
  event_invite: Flag;
  birthday_gift: Flag;
  cookie_default: Flag;
  cookie_ga: Flag;
  cookie_google_tag_manager: Flag;
  cookie_meta_pixel: Flag;
  /** Registration token (set right after register until verified). */
  registration_token?: string | null;
}

export interface Customer {
  id: number;
  first_name: string;
  last_name: string;
  auth_id: string | null;
  email: string;
  phone: string | null;
  birth_date: string | null;
  gender_id: number | null;
  cookies: boolean;
  permissions: string[];
  terms_conditions: boolean;
  /** True when the e-mail address is verified. */
  email_verified: boolean;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  preferences: Record<string, unknown> | null;
  club: boolean;
  marketing: boolean;
  newsletter: boolean;
  event_invite: boolean;
  birthday_gift: boolean;
  cookie_default: boolean;
  cookie_ga: boolean;
  cookie_google_tag_manager: boolean;
  cookie_meta_pixel: boolean;
  token: string | null;
}

/** The session user state (SPEC §3): loaded once the first fetch answered; verified = e-mail verified. */
export interface UserState {
  user: Customer | null;
  loaded: boolean;
  verified: boolean;
}

/** Optional suffix of POST /customers/login/{type}: how `username` is to be read. */
export type LoginType = 'email' | 'phone';

/** Body of POST /customers/login[/{type}]. */
export interface LoginPayload {
  /** E-mail address or phone number. */
  username: string;
  password: string;
}

/** Body of POST /customers/register. Flags are sent as 0/1 (accepted terms as 1). */
export interface RegisterPayload {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  password_confirmation: string;
  terms_conditions: 1;
  birth_date?: string;
  gender_id?: number;
  postal_code?: string;
  club?: Flag;
  marketing?: Flag;
  newsletter?: Flag;
  event_invite?: Flag;
  birthday_gift?: Flag;
}

/** One value of the customer's preferences: a short text, a number, a flag, or a short list of those. */
export type PreferenceScalar = string | number | boolean;
export type PreferenceValue = PreferenceScalar | PreferenceScalar[];
/**
 * What a front end keeps for the customer (PUT /customers/{id} `preferences`, replaced as a whole): a flat object,
 * bounded by the API (keys, value sizes and the serialised size; see api/src/accounts/preferences.ts).
 */
export type CustomerPreferences = Record<string, PreferenceValue>;

/**
 * Body of PUT /customers/{id}: empty fields are left out (SPEC §5). Changing `email` or `password` needs
 * `current_password`; a new e-mail takes effect only once confirmed through the link mailed to it.
 */
export interface CustomerUpdatePayload {
  first_name?: string;
  last_name?: string;
  phone?: string;
  email?: string;
  birth_date?: string;
  gender_id?: number;
  address?: string;
  postal_code?: string;
  city?: string;
  password?: string;
  password_confirmation?: string;
  /** Needed (and checked) when `email` changes or `password` is sent. */
  current_password?: string;
  terms_conditions?: 1;
  preferences?: CustomerPreferences;
  club?: Flag;
  marketing?: Flag;
  newsletter?: Flag;
  event_invite?: Flag;
  birthday_gift?: Flag;
  cookies?: Flag;
  cookie_default?: Flag;
  cookie_ga?: Flag;
  cookie_google_tag_manager?: Flag;
  cookie_meta_pixel?: Flag;
}

/** Body of POST /customers/password/email. */
export interface PasswordEmailPayload {
  email: string;
}

/** Body of POST /customers/password/reset. */
export interface PasswordResetPayload {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}

/** Body of POST /customers/email/verify (the token from the verification e-mail's link). */
export interface EmailVerifyPayload {
  token: string;
}

/** Body of POST /customers/current/reviews: a review of an article the customer bought (shown once approved). */
export interface ReviewPayload {
  article_id: number;
  /** 1–5. */
  rating: number;
  content: string;
  /** -1 small, 0 true to size, 1 large. */
  true_to_size?: -1 | 0 | 1 | null;
  /** e.g. "M / Sort". */
  size_color?: string | null;
  anonymous?: Flag;
}

/** GET /customers/current/code: the member QR code. `svg` is a complete SVG document. */
export interface RawCustomerCode {
  code: string;
  svg: string;
}
export type CustomerCode = RawCustomerCode;

/** A message-only answer (logout, password e-mail/reset, resend). */
export interface MessageResponse {
  message: string;
}
