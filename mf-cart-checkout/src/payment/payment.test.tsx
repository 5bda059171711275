// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { render, screen, fireEvent, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Provider } from 'effector-react';
import { fork, type Scope } from 'effector';
import type { Reservation } from '@shop/contracts/types';
import { ApiError } from '@shop/contracts/api';
import { $klarnaOrders, $orderInfo, $orders, $qliroOrders } from '../cart/model.js';
import { payInShopFx } from '../checkout/model.js';
import { cartLine } from '../cart/fixtures.js';
import { confirmationPath, paymentState, type PaymentClient, type PaymentState } from './client.js';
import { ConfirmationStep, pendingPayment } from './ConfirmationStep.js';
import { PaymentStep } from './PaymentStep.js';

const reservation: Reservation = {
  id: 12,
  shopID: 4,
  customerID: null,
  statusID: 1,
  name: 'Ola',
  email: 'ola@example.no',
  phone: '41234567',
  delivery: true,
  address: 'Storgata 1',
  city: 'Oslo',
  zipcode: '0150',
  total: 69800,
  trackingUrl: null,
  articles: [{ ean: '7040000000017', articleId: 1, name: 'Ullgenser', size: 'M', color: 'Grønn', count: 1, price: 49900, image: '' }],
  date: '2026-11-22T08:00:00Z',
};

/** A provider client that answers from a script: the provider's contract, without a provider. */
function scriptedClient(states: PaymentState[]): PaymentClient & { started: string[] } {
  const started: string[] = [];
  return {
    started,
    async start(provider, reservationId) {
      started.push(`${provider}:${reservationId}`);
      return { provider, orderId: `${provider}-order-1`, htmlSnippet: '<p>Leverandørens kasse</p>' };
    },
    async state() {
      return states.length > 1 ? states.shift()! : states[0];
    },
  };
}

const renderIn = (scope: Scope, ui: React.ReactNode, url = '/checkout') =>
  render(
    <Provider value={scope}>
      <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
    </Provider>,
  );

describe('payment rules', () => {
  it.each([
    { status: 'paid', state: 'complete' },
    { status: 'pending', state: 'incomplete' },
    { status: 'onhold', state: 'incomplete' },
    { status: 'refused', state: 'refused' },
  ] as const)('$status → $state', ({ status, state }) => {
    expect(paymentState(status)).toBe(state);
  });

  it('confirmation path returns to the checkout’s confirmation step', () => {
    expect(confirmationPath('qliro')).toBe('/checkout?steg=bekreftelse&betaling=qliro');
  });

  it.each([
    { case: 'stored in order info', info: { payment: { provider: 'qliro', orderId: 'q1' } }, url: '', expected: { provider: 'qliro', orderId: 'q1' } },
    { case: 'Klarna order id in the URL', info: {}, url: 'betaling=klarna&order_id=k9', expected: { provider: 'klarna', orderId: 'k9' } },
    { case: 'already completed', info: { completed: true, payment: { provider: 'qliro', orderId: 'q1' } }, url: '', expected: null },
    { case: 'unknown provider', info: {}, url: 'betaling=paypal&order_id=x', expected: null },
  ])('pendingPayment: $case', ({ info, url, expected }) => {
    expect(pendingPayment(info, new URLSearchParams(url))).toEqual(expected);
  });
});

describe('PaymentStep and ConfirmationStep', () => {
  it("shows the server's Norwegian reason when a payment cannot start (the hold ended)", async () => {
    const scope = fork({ values: [[$orders, [cartLine()]], [$orderInfo, { reservationId: 12, reservation }]] });
    const expired = 'Reservasjonen er utløpt, og varene er lagt tilbake på lager.';
    const client: PaymentClient = {
      async start() {
        throw new ApiError({ kind: 'status', status: 410, message: 'Request failed', data: { message: expired } });
      },
      async state() {
        return 'incomplete';
      },
    };
    renderIn(scope, <PaymentStep client={client} onDone={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Til betaling' }));
    expect((await screen.findByRole('alert')).textContent).toBe(expired);
  });

  it('starts the chosen provider, shows its snippet, tracks the order and completes once the provider says paid', async () => {
    const scope = fork({ values: [[$orders, [cartLine()]], [$orderInfo, { reservationId: 12, reservation }]] });
    const client = scriptedClient(['incomplete', 'complete']);
    let done = false;
    renderIn(scope, <PaymentStep client={client} onDone={() => (done = true)} />);
    expect(screen.queryByRole('radio', { name: 'Betal ved henting i butikken' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Qliro' }));
    fireEvent.click(screen.getByRole('button', { name: 'Til betaling' }));
    await screen.findByText('Leverandørens kasse');
    expect(client.started).toEqual(['qliro:12']);
    expect(scope.getState($qliroOrders)).toEqual([{ shopId: 4, orderId: 'qliro-order-1' }]);
    expect(scope.getState($klarnaOrders)).toEqual([]);
    expect(scope.getState($orderInfo)).toMatchObject({ payment: { provider: 'qliro', orderId: 'qliro-order-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Jeg har betalt' }));
    await screen.findByText('Betalingen er ikke fullført ennå.');
    expect(done).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Jeg har betalt' }));
    await waitFor(() => expect(done).toBe(true));
    expect(scope.getState($orders)).toEqual([]);
    expect(scope.getState($orderInfo)).toMatchObject({ completed: true, provider: 'qliro', paymentOrderId: 'qliro-order-1' });
  });

  describe('"Betal ved henting i butikken"', () => {
    const collect: Reservation = { ...reservation, delivery: false, address: '', city: '', zipcode: '' };
    const tooMany = 'Du har allerede 2 reservasjoner som skal betales i butikken. Hent og betal dem først, eller betal denne på nett.';

    it('asks the server first and completes only once it has accepted: no provider is started', async () => {
      let accept: () => void = () => {};
      const asked: number[] = [];
      const scope = fork({
        values: [[$orders, [cartLine()]], [$orderInfo, { reservationId: 12, reservation: collect }]],
        handlers: [[payInShopFx, (id: number) => new Promise((resolve) => (asked.push(id), (accept = () => resolve({ reservationId: id, statusId: 1, holdUntil: '2026-11-25T08:00:00.000Z' }))))]],
      });
      const client = scriptedClient(['incomplete']);
      let done = false;
      renderIn(scope, <PaymentStep client={client} onDone={() => (done = true)} />);
      fireEvent.click(screen.getByRole('radio', { name: 'Betal ved henting i butikken' }));
      fireEvent.click(screen.getByRole('button', { name: 'Til betaling' }));
      await waitFor(() => expect(asked).toEqual([12]));
      expect(screen.getByRole('button', { name: 'Starter betalingen …' })).toBeTruthy();
      expect(done).toBe(false);
      expect(scope.getState($orders)).toHaveLength(1);
      accept();
      await waitFor(() => expect(done).toBe(true));
      expect(scope.getState($orderInfo)).toMatchObject({ completed: true, provider: 'shop', paymentOrderId: null });
      expect(scope.getState($orders)).toEqual([]);
      expect(client.started).toEqual([]);
    });

    it("a refusal shows the server's Norwegian reason; nothing is completed and the shopper may pay online instead", async () => {
      const scope = fork({
        values: [[$orders, [cartLine()]], [$orderInfo, { reservationId: 12, reservation: collect }]],
        handlers: [[payInShopFx, () => Promise.reject(new ApiError({ kind: 'status', status: 409, message: 'Request failed', data: { message: tooMany } }))]],
      });
      const client = scriptedClient(['incomplete']);
      let done = false;
      renderIn(scope, <PaymentStep client={client} onDone={() => (done = true)} />);
      fireEvent.click(screen.getByRole('radio', { name: 'Betal ved henting i butikken' }));
      fireEvent.click(screen.getByRole('button', { name: 'Til betaling' }));
      expect((await screen.findByRole('alert')).textContent).toBe(tooMany);
      expect(done).toBe(false);
      expect(scope.getState($orderInfo)).not.toMatchObject({ completed: true });
      expect(scope.getState($orders)).toHaveLength(1);
      fireEvent.click(screen.getByRole('radio', { name: 'Klarna' }));
      fireEvent.click(screen.getByRole('button', { name: 'Til betaling' }));
      await screen.findByText('Leverandørens kasse');
      expect(client.started).toEqual(['klarna:12']);
    });

    it('asks the server also while online payment is unavailable (no client)', async () => {
      const asked: number[] = [];
      const scope = fork({
        values: [[$orders, [cartLine()]], [$orderInfo, { reservationId: 12, reservation: collect }]],
        handlers: [[payInShopFx, async (id: number) => (asked.push(id), { reservationId: id, statusId: 1, holdUntil: '2026-11-25T08:00:00.000Z' })]],
      });
      let done = false;
      renderIn(scope, <PaymentStep client={null} onDone={() => (done = true)} />);
      expect(screen.getByText('Nettbetaling er ikke tilgjengelig akkurat nå.')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Til betaling' }));
      await waitFor(() => expect(done).toBe(true));
      expect(asked).toEqual([12]);
    });
  });

  it('back from the provider page: a paid order completes the purchase and shows the summary', async () => {
    const scope = fork({
      values: [
        [$orders, [cartLine()]],
        [$orderInfo, { reservationId: 12, reservation, payment: { provider: 'klarna', orderId: 'k1' } }],
      ],
    });
    renderIn(scope, <ConfirmationStep client={scriptedClient(['complete'])} />, '/checkout?steg=bekreftelse&betaling=klarna&order_id=k1');
    await screen.findByText('Takk for bestillingen!');
    expect(screen.getByText('Betalt med Klarna')).toBeTruthy();
    expect(screen.getByText('Leveres til Storgata 1, 0150 Oslo')).toBeTruthy();
    expect(scope.getState($orders)).toEqual([]);
  });

  it('back from the provider page with a refused payment: no confirmation, the cart stays', async () => {
    const scope = fork({
      values: [
        [$orders, [cartLine()]],
        [$orderInfo, { reservationId: 12, reservation, payment: { provider: 'qliro', orderId: 'q1' } }],
      ],
    });
    renderIn(scope, <ConfirmationStep client={scriptedClient(['refused'])} />, '/checkout?steg=bekreftelse');
    await screen.findByRole('alert');
    expect(screen.queryByText('Takk for bestillingen!')).toBeNull();
    expect(screen.getByRole('link', { name: 'Tilbake til betalingen' })).toBeTruthy();
    expect(scope.getState($orders)).toHaveLength(1);
  });
});
