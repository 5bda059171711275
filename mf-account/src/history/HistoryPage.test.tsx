// @vitest-environment happy-dom
/** The account history says when each order, reservation and review happened the way the spec words relative time. */
import { render, screen, waitFor, within } from '@testing-library/react';
import { fork } from 'effector';
import { Provider } from 'effector-react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $user, $userLoaded } from '@shop/contracts/bus';
import { formatDateTime } from '@shop/contracts/format';
import type { Customer, CustomerOrder, Paginated, Reservation, Review } from '@shop/contracts/types';
import HistoryPage from './HistoryPage.js';
import { ordersHistory, reservationsHistory, reviewsHistory } from './model.js';

const NOW = new Date('2026-11-22T12:00:00Z');
const meta = { current_page: 1, last_page: 1, per_page: 10, total: 1 } as Paginated<unknown>['meta'];
const page = <T,>(data: T[]): Paginated<T> => ({ data, meta }) as Paginated<T>;

const order = { OrderID: 31, VatPercentage: 25, Vat: 2000, NetAmount: 8000, Total: 10000, orderlines: [], DateCreated: '2026-11-22T09:00:00Z' } as CustomerOrder;
const reservation = {
  id: 41, shopID: 1, customerID: 7, statusID: 1, name: 'Kari', email: 'kari@example.no', phone: '91234567', delivery: false,
  address: '', city: '', zipcode: '', total: 10000, trackingUrl: null, articles: [], date: '2026-11-08T12:00:00Z',
} as Reservation;
const review = {
  id: 51, content: 'God', reply: null, customer: 'Kari N.', rating: 5, approved: true, created_at: '2026-08-22T12:00:00Z',
  reviewable_id: 3, reviewable_type: 'article', true_to_size: null, size_color: null, anonymous: false,
} as Review;

describe('HistoryPage dates', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('shows orders, reservations and reviews as "for … siden" with the absolute date as the title', async () => {
    const scope = fork({
      values: [
        [$user, { id: 7 } as Customer],
        [$userLoaded, true],
      ],
      handlers: [
        [ordersHistory.fetchPageFx, async () => page([order])],
        [reservationsHistory.fetchPageFx, async () => page([reservation])],
        [reviewsHistory.fetchPageFx, async () => page([review])],
      ],
    });
    render(
      <Provider value={scope}>
        <MemoryRouter>
          <HistoryPage />
        </MemoryRouter>
      </Provider>,
    );
    await waitFor(() => expect(document.querySelectorAll('time')).toHaveLength(3));
    const times = [...document.querySelectorAll('time')];
    expect(times.map((t) => t.textContent)).toEqual(['for 3 timer siden', 'for 2 uker siden', 'for 3 måneder siden']);
    expect(times.map((t) => t.getAttribute('dateTime'))).toEqual(['2026-11-22T09:00:00.000Z', '2026-11-08T12:00:00.000Z', '2026-08-22T12:00:00.000Z']);
    expect(times[1]!.getAttribute('title')).toBe(formatDateTime(reservation.date));
    expect(screen.getByRole('heading', { level: 3, name: /for 3 timer siden/ })).toBeTruthy();
  });
});

describe('HistoryPage refunds', () => {
  const show = (reservations: Reservation[]) => {
    const scope = fork({
      values: [
        [$user, { id: 7 } as Customer],
        [$userLoaded, true],
      ],
      handlers: [
        [ordersHistory.fetchPageFx, async () => page<CustomerOrder>([])],
        [reservationsHistory.fetchPageFx, async () => page(reservations)],
        [reviewsHistory.fetchPageFx, async () => page<Review>([])],
      ],
    });
    render(
      <Provider value={scope}>
        <MemoryRouter>
          <HistoryPage />
        </MemoryRouter>
      </Provider>,
    );
  };
  const card = async (id: number) => (await screen.findByRole('heading', { level: 3, name: new RegExp(`Reservasjon ${id}`) })).closest('li')!;

  it('"Refusjon behandles" while a refund is on its way; the amount refunded only once the provider confirmed it', async () => {
    show([
      { ...reservation, id: 42, statusID: 5, refundPending: true, refundedAmount: 0 },
      { ...reservation, id: 43, statusID: 8, refundPending: false, refundedAmount: 10000 },
      { ...reservation, id: 44, statusID: 5, refundPending: true, refundedAmount: 2500 },
    ]);
    const pending = await card(42);
    expect(within(pending).getByRole('status').textContent).toBe('Refusjon behandles');
    expect(pending.textContent).not.toContain('Refundert:');
    const done = await card(43);
    expect(done.textContent).toContain('Refundert: 100,00\u00a0kr');
    expect(within(done).queryByRole('status')).toBeNull();
    // A second refund on its way after a first confirmed one: both are said.
    const both = await card(44);
    expect(both.textContent).toContain('Refundert: 25,00\u00a0kr');
    expect(within(both).getByRole('status').textContent).toBe('Refusjon behandles');
  });

  it('an answer without refund fields shows neither', async () => {
    show([reservation]);
    const plain = await card(41);
    expect(plain.textContent).not.toContain('Refund');
    expect(within(plain).queryByRole('status')).toBeNull();
  });
});
