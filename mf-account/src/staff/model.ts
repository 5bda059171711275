/**
 * The shop workspace's state: who is signed in (GET /staff/me decides: 401 → the login, 403 → no access), the queue
 * with its filters, the open reservation and the actions on it. Every action sends the version the screen shows
 * and a fresh request key per press, so a stale screen gets the server's 409 message and a repeat does nothing twice.
 */
import { attach, createEffect, createEvent, createStore, sample } from 'effector';
import {
  getStaffFollowUp,
  getStaffMe,
  getStaffQueue,
  getStaffReservation,
  markCollected,
  markPaidInShop,
  markNotCollected,
  markReady,
  markShipped,
  refundReservation,
  reconcileStaffPayments,
  registerReturn,
  removeLine,
  resolvePaymentOperation,
  serverMessage,
} from '@shop/contracts/api';
import { RESERVATION_STATUSES } from '@shop/contracts/constants';
import type { ReconcileAnswer, ResolveOperationAction, StaffFollowUpItem, StaffLineCount, StaffMe, StaffPaymentOperation, StaffQueuePage, StaffReservationDetail } from '@shop/contracts/types';
import { statusOf } from '../session/model.js';
import type { StaffActionKind } from './rules.js';
import { staffTexts as t } from './texts.js';

export type Access = 'checking' | 'staff' | 'login' | 'forbidden' | 'failed';

/** What the workspace shows for GET /staff/me's failure: the login for 401, "no access" for 403. */
export function accessOf(status: number | undefined): Access {
  if (status === 401 || status === 419) return 'login';
  if (status === 403) return 'forbidden';
  return 'failed';
}

export const staffOpened = createEvent();
export const loadMeFx = createEffect<void, StaffMe>(() => getStaffMe());
export const $me = createStore<StaffMe | null>(null).on(loadMeFx.doneData, (_, me) => me);
export const $access = createStore<Access>('checking')
  .on(loadMeFx.doneData, () => 'staff')
  .on(loadMeFx.failData, (_, error) => accessOf(statusOf(error)));
sample({ clock: staffOpened, source: loadMeFx.pending, filter: (pending) => !pending, target: loadMeFx });

// ---- the queue ----

export interface QueueFilters {
  /** null: every shop the person works in ("Alle butikker"). */
  shopId: number | null;
  status: number[];
  q: string;
  page: number;
}

/** The open statuses (RESERVATION_STATUSES[].open): what a shop must still act on. */
export const OPEN_STATUSES: readonly number[] = RESERVATION_STATUSES.filter((s) => s.open).map((s) => s.id);
export const DEFAULT_FILTERS: QueueFilters = { shopId: null, status: [...OPEN_STATUSES], q: '', page: 1 };

/** The shop a person starts with: their only shop, else all of theirs. */
export const initialShop = (me: StaffMe): number | null => (me.shops.length === 1 ? me.shops[0]!.id : null);

export const shopSelected = createEvent<number | null>();
export const statusesChanged = createEvent<number[]>();
export const searchSubmitted = createEvent<string>();
export const pageSelected = createEvent<number>();
export const queueRefreshRequested = createEvent();

export const $filters = createStore<QueueFilters>(DEFAULT_FILTERS)
  .on(loadMeFx.doneData, (f, me) => ({ ...f, shopId: initialShop(me) }))
  .on(shopSelected, (f, shopId) => ({ ...f, shopId, page: 1 }))
  .on(statusesChanged, (f, status) => ({ ...f, status, page: 1 }))
  .on(searchSubmitted, (f, q) => ({ ...f, q: q.trim(), page: 1 }))
  .on(pageSelected, (f, page) => ({ ...f, page }));

export const loadQueueFx = createEffect<QueueFilters, StaffQueuePage>((f) =>
  getStaffQueue({ shopId: f.shopId ?? undefined, status: f.status, q: f.q, page: f.page }),
);
const queueLoaded = createEvent<StaffQueuePage>();
export const $queue = createStore<StaffQueuePage | null>(null).on(queueLoaded, (_, page) => page);
export const $queueFailed = createStore(false)
  .on(loadQueueFx.fail, () => true)
  .reset(loadQueueFx.done);

sample({
  clock: [loadMeFx.done, shopSelected, statusesChanged, searchSubmitted, pageSelected, queueRefreshRequested],
  source: { filters: $filters, access: $access },
  filter: ({ access }) => access === 'staff',
  fn: ({ filters }) => filters,
  target: loadQueueFx,
});
// Only the answer to the filters still shown: a slow answer to an older filter must not replace a newer one.
sample({ clock: loadQueueFx.done, source: $filters, filter: (filters, { params }) => filters === params, fn: (_, { result }) => result, target: queueLoaded });

// ---- one reservation ----

export const detailOpened = createEvent<number>();
export const loadDetailFx = createEffect<number, StaffReservationDetail>((id) => getStaffReservation(id));
/** Fetches the shown reservation again without clearing the last action's outcome (money still on its way). */
export const detailRefreshRequested = createEvent<number>();
/** A fetch that left before an action's answer must not put the older version back on the screen. */
export const newerOf = (shown: StaffReservationDetail | null, fetched: StaffReservationDetail): StaffReservationDetail =>
  shown && shown.id === fetched.id && shown.version > fetched.version ? shown : fetched;
export const $detail = createStore<StaffReservationDetail | null>(null)
  .on(detailOpened, (d, id) => (d?.id === id ? d : null))
  .on(loadDetailFx.done, (d, { params, result }) => (result.id === params ? newerOf(d, result) : d));
export const $detailError = createStore<'notFound' | 'failed' | null>(null).reset(loadDetailFx.done, detailOpened);
// A failed refresh of a reservation already on screen keeps it there; only a reservation not yet shown fails the view.
sample({
  clock: loadDetailFx.fail,
  source: $detail,
  filter: (shown, { params }) => shown?.id !== params,
  fn: (_, { error }) => (statusOf(error) === 404 ? ('notFound' as const) : ('failed' as const)),
  target: $detailError,
});
sample({ clock: [detailOpened, detailRefreshRequested], target: loadDetailFx });

// ---- actions ----

export type StaffActionRequest =
  | { kind: 'ready' }
  | { kind: 'collected'; lines?: StaffLineCount[] }
  | { kind: 'paid-in-shop'; lines?: StaffLineCount[] }
  | { kind: 'not-collected' }
  | { kind: 'shipped'; trackingUrl: string }
  | { kind: 'remove-line'; lineId: number; count: number; restock: boolean }
  | { kind: 'refund'; lines?: StaffLineCount[]; amount?: number; reason: string }
  | { kind: 'returned'; shopId: number; lines: StaffLineCount[] };

export interface SentAction {
  id: number;
  version: number;
  requestKey: string;
  request: StaffActionRequest;
}

/** One key per button press. crypto.randomUUID needs a secure context; getRandomValues does not. */
export function newRequestKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The API call of an action, with the version and key the screen adds. */
export function sendAction({ id, version, requestKey, request }: SentAction): Promise<StaffReservationDetail> {
  const base = { version, requestKey };
  switch (request.kind) {
    case 'ready':
      return markReady(id, base);
    case 'collected':
      return markCollected(id, { ...base, ...(request.lines ? { lines: request.lines } : {}) });
    case 'paid-in-shop':
      return markPaidInShop(id, { ...base, ...(request.lines ? { lines: request.lines } : {}) });
    case 'not-collected':
      return markNotCollected(id, base);
    case 'shipped':
      return markShipped(id, { ...base, trackingUrl: request.trackingUrl });
    case 'remove-line':
      return removeLine(id, { ...base, lineId: request.lineId, count: request.count, restock: request.restock });
    case 'refund':
      return refundReservation(id, { ...base, reason: request.reason, ...(request.lines ? { lines: request.lines } : {}), ...(request.amount !== undefined ? { amount: request.amount } : {}) });
    case 'returned':
      return registerReturn(id, { ...base, shopId: request.shopId, lines: request.lines });
  }
}

export const sendActionFx = createEffect<SentAction, StaffReservationDetail>(sendAction);
export const actionRequested = createEvent<StaffActionRequest>();
const runActionFx = attach({
  source: $detail,
  mapParams: (request: StaffActionRequest, detail: StaffReservationDetail | null): SentAction => ({
    id: detail!.id,
    version: detail!.version,
    requestKey: newRequestKey(),
    request,
  }),
  effect: sendActionFx,
});
sample({
  clock: actionRequested,
  source: { detail: $detail, pending: sendActionFx.pending },
  filter: ({ detail, pending }) => detail !== null && !pending,
  fn: (_, request) => request,
  target: runActionFx,
});

export interface ActionResult {
  kind: 'done' | 'stale' | 'failed';
  action: StaffActionKind;
  message: string;
}

/** What the screen says after an action: the server's own Norwegian text where it gave one. */
export function actionResultOf(action: StaffActionKind, error: unknown): ActionResult {
  const status = statusOf(error);
  if (status === 409) return { kind: 'stale', action, message: serverMessage(error) ?? t.stale };
  return { kind: 'failed', action, message: serverMessage(error) ?? t.actionFailed };
}

export const $actionResult = createStore<ActionResult | null>(null)
  .on(sendActionFx.done, (_, { params }) => ({ kind: 'done', action: params.request.kind, message: t.done[params.request.kind] }))
  .on(sendActionFx.fail, (_, { params, error }) => actionResultOf(params.request.kind, error))
  .reset(detailOpened, actionRequested);

// The answer is the new state: no second fetch; the queue behind it is refreshed.
$detail.on(sendActionFx.doneData, (shown, detail) => newerOf(shown, detail));
sample({ clock: sendActionFx.done, target: queueRefreshRequested });
// A signed-out session (401) on an action: show the login again.
sample({ clock: sendActionFx.failData, filter: (error) => statusOf(error) === 401, fn: () => 'login' as const, target: $access });

// ---- "Må følges opp": payments the shop and the provider disagree on, operations with an unknown outcome ----

export const followUpRefreshRequested = createEvent();
export const loadFollowUpFx = createEffect<void, StaffFollowUpItem[]>(async () => (await getStaffFollowUp()).items);
export const $followUp = createStore<StaffFollowUpItem[] | null>(null).on(loadFollowUpFx.doneData, (_, items) => items);
export const $followUpFailed = createStore(false)
  .on(loadFollowUpFx.fail, () => true)
  .reset(loadFollowUpFx.done);
sample({
  clock: [loadMeFx.done, followUpRefreshRequested],
  source: { access: $access, pending: loadFollowUpFx.pending },
  filter: ({ access, pending }) => access === 'staff' && !pending,
  fn: () => undefined,
  target: loadFollowUpFx,
});

/** Customer service: compare every due payment with its provider now. */
export const reconcileRequested = createEvent();
export const reconcileFx = createEffect<void, ReconcileAnswer>(() => reconcileStaffPayments());
sample({ clock: reconcileRequested, source: reconcileFx.pending, filter: (pending) => !pending, fn: () => undefined, target: reconcileFx });

export interface ResolveRequest extends ResolveOperationAction {
  operationId: number;
  reservationId: number;
}
/** Customer service: what they found out at the provider about an operation whose outcome the shop could not settle. */
export const resolveRequested = createEvent<ResolveRequest>();
export const resolveFx = createEffect<ResolveRequest, StaffPaymentOperation>(({ operationId, outcome, reason }) => resolvePaymentOperation(operationId, { outcome, reason }));
sample({ clock: resolveRequested, source: resolveFx.pending, filter: (pending) => !pending, fn: (_, request) => request, target: resolveFx });

export interface FollowUpResult {
  kind: 'done' | 'failed';
  message: string;
  /** The operation a resolve was about (the message is shown beside it); null for the reconcile button. */
  operationId: number | null;
}
export const $followUpResult = createStore<FollowUpResult | null>(null)
  .on(reconcileFx.doneData, (_, a) => ({ kind: 'done', message: t.reconcileDone(a.checked, a.differs, a.skipped), operationId: null }))
  .on(reconcileFx.failData, (_, error) => ({ kind: 'failed', message: serverMessage(error) ?? t.reconcileFailed, operationId: null }))
  .on(resolveFx.done, (_, { params }) => ({ kind: 'done', message: t.resolveDone, operationId: params.operationId }))
  .on(resolveFx.fail, (_, { params, error }) => ({ kind: 'failed', message: serverMessage(error) ?? t.resolveFailed, operationId: params.operationId }))
  .reset(reconcileRequested, resolveRequested);

// What changed is fetched again: the list, and the reservation on screen if it is the one settled.
sample({ clock: [reconcileFx.done, resolveFx.done], target: followUpRefreshRequested });
sample({
  clock: resolveFx.done,
  source: $detail,
  filter: (detail, { params }) => detail?.id === params.reservationId,
  fn: (_, { params }) => params.reservationId,
  target: detailRefreshRequested,
});
sample({ clock: [reconcileFx.failData, resolveFx.failData], filter: (error) => statusOf(error) === 401, fn: () => 'login' as const, target: $access });
