/** Customer and session calls (SPEC §7). */
import type {
  Customer,
  CustomerCode,
  CustomerUpdatePayload,
  EmailVerifyPayload,
  LoginPayload,
  LoginType,
  MessageResponse,
  PasswordEmailPayload,
  PasswordResetPayload,
  RawCustomer,
  RawCustomerCode,
  RegisterPayload,
  ReviewPayload,
} from '../types/customer.js';
import type { Paginated, RawPaginated } from '../types/common.js';
import type { CustomerOrder, RawCustomerOrder, RawReservation, Reservation } from '../types/order.js';
import type { RawReview, Review } from '../types/catalog.js';
import { mapCustomer } from '@shop/contracts/mappers';
import { mapCustomerOrder, mapReservation } from '@shop/contracts/mappers';
import { mapReview } from '@shop/contracts/mappers';
import { mapPaginated } from '@shop/contracts/mappers';
import { del, get, getResponse, post, put, seg, type RequestOptions } from './client.js';

/** GET /customers/current → the user, or null on 204 (no user logged in). */
export async function getCurrentCustomer(opts?: RequestOptions): Promise<Customer | null> {
  const response = await getResponse<RawCustomer | ''>('/customers/current', undefined, opts);
  if (response.status === 204 || !response.data) return null;
  return mapCustomer(response.data);
}

/** POST /customers/login, or /customers/login/{type} when a type is given. */
export async function loginCustomer(payload: LoginPayload, type?: LoginType, opts?: RequestOptions): Promise<Customer> {
  const path = type ? `/customers/login/${seg(type)}` : '/customers/login';
  return mapCustomer(await post<RawCustomer>(path, payload, opts));
}

/** POST /customers/register */
export async function registerCustomer(payload: RegisterPayload, opts?: RequestOptions): Promise<Customer> {
  return mapCustomer(await post<RawCustomer>('/customers/register', payload, opts));
}

/** POST /customers/email/resend: sends the verification e-mail again (a POST, not the SPEC's GET: it sends mail). */
export async function resendVerificationEmail(opts?: RequestOptions): Promise<void> {
  await post<unknown>('/customers/email/resend', undefined, opts);
}

/** POST /customers/current/club: joins the customer club, accepting its terms (the e-mail must be verified). */
export async function joinClub(opts?: RequestOptions): Promise<Customer> {
  return mapCustomer(await post<RawCustomer>('/customers/current/club', { consent: 1 }, opts));
}

/** PUT /customers/{id} (leave empty fields out: see `compactPayload` in validation). */
export async function updateCustomer(id: number, payload: CustomerUpdatePayload, opts?: RequestOptions): Promise<Customer> {
  return mapCustomer(await put<RawCustomer>(`/customers/${seg(id)}`, payload, opts));
}

/** DELETE /customers/{id} */
export async function deleteCustomer(id: number, opts?: RequestOptions): Promise<void> {
  await del<unknown>(`/customers/${seg(id)}`, opts);
}

/** POST /customers/logout */
export async function logoutCustomer(opts?: RequestOptions): Promise<void> {
  await post<unknown>('/customers/logout', undefined, opts);
}

/** GET /customers/current/code: the member QR code. */
export async function getCurrentCustomerCode(opts?: RequestOptions): Promise<CustomerCode> {
  return get<RawCustomerCode>('/customers/current/code', undefined, opts);
}

/** GET /customers/current/reservations?page */
export async function getCustomerReservations(page = 1, opts?: RequestOptions): Promise<Paginated<Reservation>> {
  return mapPaginated(await get<RawPaginated<RawReservation>>('/customers/current/reservations', { page }, opts), mapReservation);
}

/** GET /customers/current/orders?page */
export async function getCustomerOrders(page = 1, opts?: RequestOptions): Promise<Paginated<CustomerOrder>> {
  return mapPaginated(await get<RawPaginated<RawCustomerOrder>>('/customers/current/orders', { page }, opts), mapCustomerOrder);
}

/** GET /customers/current/reviews?page */
export async function getCustomerReviews(page = 1, opts?: RequestOptions): Promise<Paginated<Review>> {
  return mapPaginated(await get<RawPaginated<RawReview>>('/customers/current/reviews', { page }, opts), mapReview);
}

/** POST /customers/password/email: asks for a reset link. */
export async function requestPasswordReset(payload: PasswordEmailPayload, opts?: RequestOptions): Promise<MessageResponse> {
  return post<MessageResponse>('/customers/password/email', payload, opts);
}

/** POST /customers/password/reset */
export async function resetPassword(payload: PasswordResetPayload, opts?: RequestOptions): Promise<MessageResponse> {
  return post<MessageResponse>('/customers/password/reset', payload, opts);
}

/** POST /customers/email/verify: confirms the e-mail address with the token from the verification link. */
export async function verifyEmail(payload: EmailVerifyPayload, opts?: RequestOptions): Promise<MessageResponse> {
  return post<MessageResponse>('/customers/email/verify', payload, opts);
}

/** POST /customers/current/reviews: writes a review of a bought article (403 when not bought; shown once approved). */
export async function createCustomerReview(payload: ReviewPayload, opts?: RequestOptions): Promise<Review> {
  return mapReview(await post<RawReview>('/customers/current/reviews', payload, opts));
}
