/** The shop workspace's calls (`/api/v1/staff/…`, types in ../types/fulfilment.ts). Errors carry Norwegian `serverMessage`s. */
import type {
  CollectedAction,
  PaidInShopAction,
  ReconcileAnswer,
  ReconcileRequest,
  ResolveOperationAction,
  StaffFollowUpList,
  StaffPaymentOperation,
  RefundAction,
  RemoveLineAction,
  ReturnedAction,
  ShippedAction,
  StaffActionBase,
  StaffMe,
  StaffQueuePage,
  StaffQueueQuery,
  StaffReservationDetail,
} from '../types/fulfilment.js';
import { get, post, seg, type RequestOptions } from './client.js';

/** GET /staff/me (401 without a login, 403 for an account that is not shop staff). */
export function getStaffMe(opts?: RequestOptions): Promise<StaffMe> {
  return get<StaffMe>('/staff/me', undefined, opts);
}

/** GET /staff/reservations: the queue, newest first. */
export function getStaffQueue(query: StaffQueueQuery = {}, opts?: RequestOptions): Promise<StaffQueuePage> {
  const params: Record<string, string | number> = {};
  if (query.shopId !== undefined) params.shopId = query.shopId;
  if (query.status?.length) params.status = query.status.join(',');
  if (query.q?.trim()) params.q = query.q.trim();
  if (query.page !== undefined) params.page = query.page;
  return get<StaffQueuePage>('/staff/reservations', params, opts);
}

/** GET /staff/reservations/{id}: the reservation with its audit trail. */
export function getStaffReservation(id: number, opts?: RequestOptions): Promise<StaffReservationDetail> {
  return get<StaffReservationDetail>(`/staff/reservations/${seg(String(id))}`, undefined, opts);
}

const act = <T extends StaffActionBase>(action: string) => (id: number, body: T, opts?: RequestOptions) =>
  post<StaffReservationDetail>(`/staff/reservations/${seg(String(id))}/${action}`, body, opts);

/** "Klar til henting": the customer is told; the pickup window starts. */
export const markReady = act<StaffActionBase>('ready');
/** "Hentet": captures what was handed over, releases the rest. */
export const markCollected = act<CollectedAction>('collected');
/** "Betalt i butikken": paid at the till and handed over (a reservation never paid online); no provider operation. */
export const markPaidInShop = act<PaidInShopAction>('paid-in-shop');
/** "Ikke hentet" (after the pickup window): cancels the authorisation, returns the stock. */
export const markNotCollected = act<StaffActionBase>('not-collected');
/** "Sendt" with the carrier's tracking URL: captures, mails the tracking link. */
export const markShipped = act<ShippedAction>('shipped');
/** Removes units of a line before hand-over or shipping. */
export const removeLine = act<RemoveLineAction>('remove-line');
/** Refunds captured money through the provider (customer service). */
export const refundReservation = act<RefundAction>('refund');
/** Goods back in a shop: their stock returns there. */
export const registerReturn = act<ReturnedAction>('returned');

/** GET /payments/staff/follow-up: what must be followed up at the payment providers ("Må følges opp"). */
export function getStaffFollowUp(opts?: RequestOptions): Promise<StaffFollowUpList> {
  return get<StaffFollowUpList>('/payments/staff/follow-up', undefined, opts);
}

/** POST /payments/staff/reconcile (customer service): compare the shop's payments with the providers' ledgers now. */
export function reconcileStaffPayments(body: ReconcileRequest = {}, opts?: RequestOptions): Promise<ReconcileAnswer> {
  return post<ReconcileAnswer>('/payments/staff/reconcile', body, opts);
}

/** POST /payments/staff/operations/{id}/resolve (customer service): settle an operation in state unknown by hand. */
export function resolvePaymentOperation(id: number, body: ResolveOperationAction, opts?: RequestOptions): Promise<StaffPaymentOperation> {
  return post<StaffPaymentOperation>(`/payments/staff/operations/${seg(String(id))}/resolve`, body, opts);
}
