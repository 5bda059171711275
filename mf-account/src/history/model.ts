/**
 * Account history (SPEC §4/§7): reservations, orders and reviews, each paged and merged by id without duplicates.
 * A 401 on any of them clears the user (SPEC §8). Everything resets when the user is cleared.
 */
import { createEffect, createEvent, createStore, sample, type Effect, type EventCallable, type StoreWritable } from 'effector';
import { userCleared } from '@shop/contracts/bus';
import { getCustomerOrders, getCustomerReservations, getCustomerReviews } from '@shop/contracts/api';
import type { CustomerOrder, PageMeta, Paginated, Reservation, Review } from '@shop/contracts/types';
import { historyFailureClearsUser } from '../session/messages.js';
import { statusOf } from '../session/model.js';
import { mergeById } from './merge.js';

export interface HistoryList<T> {
  /** Load a page (1 = first). Loading page 1 again refreshes what is shown, merged by id. */
  pageRequested: EventCallable<number>;
  fetchPageFx: Effect<number, Paginated<T>>;
  $items: StoreWritable<T[]>;
  $meta: StoreWritable<PageMeta | null>;
  $failed: StoreWritable<boolean>;
}

function createHistoryList<T>(fetchPage: (page: number) => Promise<Paginated<T>>, idOf: (item: T) => number): HistoryList<T> {
  const pageRequested = createEvent<number>();
  const fetchPageFx = createEffect<number, Paginated<T>>((page) => fetchPage(page));
  const $items = createStore<T[]>([]).on(fetchPageFx.doneData, (items, page) => mergeById(items, page.data, idOf)).reset(userCleared);
  const $meta = createStore<PageMeta | null>(null).on(fetchPageFx.doneData, (_, page) => page.meta).reset(userCleared);
  const $failed = createStore(false).on(fetchPageFx.fail, () => true).reset(fetchPageFx, userCleared);
  sample({ clock: pageRequested, filter: fetchPageFx.pending.map((p) => !p), target: fetchPageFx });
  sample({ clock: fetchPageFx.failData, filter: (error) => historyFailureClearsUser(statusOf(error)), target: userCleared });
  return { pageRequested, fetchPageFx, $items, $meta, $failed };
}

export const reservationsHistory = createHistoryList<Reservation>((page) => getCustomerReservations(page), (r) => r.id);
export const ordersHistory = createHistoryList<CustomerOrder>((page) => getCustomerOrders(page), (o) => o.OrderID);
export const reviewsHistory = createHistoryList<Review>((page) => getCustomerReviews(page), (r) => r.id);

/** Whether a list has more pages to load. */
export const hasMore = (meta: PageMeta | null) => meta !== null && meta.current_page < meta.last_page;
