// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { render, screen, fireEvent, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Provider } from 'effector-react';
import { fork, type Scope } from 'effector';
import type { Reservation } from '@shop/contracts/types';
import CheckoutPage from './CheckoutPage.js';
import { $cartErrors, $orderInfo, $orders, $selectedShipping } from '../cart/model.js';
import { $shippingMethods, payInShopFx } from './model.js';
import { cartLine } from '../cart/fixtures.js';

const A = '7040000000017';
const B = '7040000000024';
const methods = [
  { id: 'delivery', name: 'Hjemlevering', description: null, price: 19900, priceRule: 'cart-freight' as const },
  { id: 'click-and-collect', name: 'Klikk og hent', description: null, price: 0, priceRule: 'free' as const },
];

/** Text with the money format's non-breaking spaces as plain ones. */
const text = (el: Element | undefined | null) => (el?.textContent ?? '').replace(/\s/g, ' ');

function renderAt(scope: Scope, url: string) {
  return render(
    <Provider value={scope}>
      <MemoryRouter initialEntries={[url]}>
        <CheckoutPage />
      </MemoryRouter>
    </Provider>,
  );
}

const reservation: Reservation = {
  id: 4711,
  shopID: 3,
  customerID: null,
  statusID: 1,
  name: 'Kari Nordmann',
  email: 'kari@example.no',
  phone: '91234567',
  delivery: false,
  address: '',
  city: '',
  zipcode: '',
  total: 99800,
  trackingUrl: null,
  articles: [{ ean: A, articleId: 1, name: 'Ullgenser', size: 'M', color: 'Grønn', count: 2, price: 49900, image: '' }],
  date: '2026-11-22T08:00:00Z',
};

describe('CheckoutPage', () => {
  it('empty cart: says so and links back to the shop', () => {
    renderAt(fork({ values: [[$shippingMethods, methods]] }), '/checkout');
    expect(screen.getByRole('heading', { level: 1, name: 'Kassen' })).toBeTruthy();
    expect(screen.getByText('Handlekurven din er tom.')).toBeTruthy();
  });

  it('shows field errors linked to their inputs and does not reserve', async () => {
    const scope = fork({ values: [[$orders, [cartLine({ ean: A })]], [$shippingMethods, methods]] });
    renderAt(scope, '/checkout');
    fireEvent.change(screen.getByLabelText('Mobilnummer'), { target: { value: '21234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gå videre til betaling' }));
    await screen.findByText('Skjemaet har 6 feil.');
    const phone = screen.getByLabelText('Mobilnummer');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    const describedBy = phone.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(
      'Skriv et norsk mobilnummer: åtte siffer som starter på 4 eller 9.',
    );
    expect(screen.getByLabelText('Navn').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Gateadresse').getAttribute('aria-invalid')).toBe('true');
    expect(scope.getState($orderInfo)).toBeNull();
  });

  it('an onlyCC line forces click-and-collect: home delivery is disabled and the shop picker shows', () => {
    const scope = fork({ values: [[$orders, [cartLine({ ean: A }), cartLine({ ean: B, onlyCC: true })]], [$shippingMethods, methods]] });
    renderAt(scope, '/checkout');
    expect(screen.getByText(/kan bare hentes i butikk/)).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Hjemlevering/ }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: /Klikk og hent/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('shop-picker')).toBeTruthy();
    expect(screen.queryByLabelText('Gateadresse')).toBeNull();
  });

  it('home delivery costs the cart freight the modal shows (highest frightPrice), not the method price; collecting is free', () => {
    const scope = fork({
      values: [
        [$orders, [cartLine({ ean: A, count: 2, price: 10000, frightPrice: 9900 }), cartLine({ ean: B, price: 5000, frightPrice: 14900 })]],
        [$shippingMethods, methods],
      ],
    });
    renderAt(scope, '/checkout');
    // The option, the summary line and "Å betale" all use 149,00 — never the method's 199,00.
    expect(text((screen.getByRole('radio', { name: /Hjemlevering/ }) as HTMLInputElement).labels?.[0])).toBe('Hjemlevering – 149,00 kr');
    expect(text((screen.getByRole('radio', { name: /Klikk og hent/ }) as HTMLInputElement).labels?.[0])).toBe('Klikk og hent – 0,00 kr');
    expect(screen.getByTestId('cart-freight').previousElementSibling?.textContent).toBe('Frakt: Hjemlevering');
    expect(text(screen.getByTestId('cart-freight'))).toBe('149,00 kr');
    expect(screen.getByTestId('cart-total').previousElementSibling?.textContent).toBe('Å betale');
    expect(text(screen.getByTestId('cart-total'))).toBe('399,00 kr');
    expect(scope.getState($selectedShipping)).toEqual({ id: 'delivery', price: 14900 });
    expect(screen.queryByText(/199,00/)).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: /Klikk og hent/ }));
    expect(screen.getByTestId('cart-freight').previousElementSibling?.textContent).toBe('Frakt: Klikk og hent');
    expect(text(screen.getByTestId('cart-freight'))).toBe('0,00 kr');
    expect(text(screen.getByTestId('cart-total'))).toBe('250,00 kr');
    expect(scope.getState($selectedShipping)).toEqual({ id: 'click-and-collect', price: 0 });
  });

  it('shows a cart error on its line', () => {
    const scope = fork({ values: [[$orders, [cartLine({ ean: A, name: 'Ullgenser' })]], [$cartErrors, [{ eanNo: A, message: 'Bare 1 igjen på lager' }]], [$shippingMethods, methods]] });
    renderAt(scope, '/checkout');
    const line = screen.getByTestId('cart-line');
    expect(line.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(line.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Bare 1 igjen på lager');
  });

  it('click-and-collect paid in the shop: the server holds it for pickup, the cart is cleared and the confirmation shows the reservation', async () => {
    const asked: number[] = [];
    const scope = fork({
      values: [
        [$orders, [cartLine({ ean: A, count: 2 })]],
        [$orderInfo, { reservationId: 4711, shopId: 3, delivery: false, reservation }],
      ],
      handlers: [[payInShopFx, async (id: number) => (asked.push(id), { reservationId: id, statusId: 1, holdUntil: '2026-11-25T08:00:00.000Z' })]],
    });
    renderAt(scope, '/checkout?steg=betaling');
    expect(screen.getByText(/Reservasjonsnummer 4711/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Betal ved henting i butikken' }));
    fireEvent.click(screen.getByRole('button', { name: 'Til betaling' }));
    await waitFor(() => expect(screen.getByTestId('checkout-confirmation')).toBeTruthy());
    expect(screen.getByText('Takk for bestillingen!')).toBeTruthy();
    expect(screen.getByText(/2 × Ullgenser \(Grønn, M\)/)).toBeTruthy();
    expect(screen.getByText('Du betaler når du henter varene i butikken.')).toBeTruthy();
    expect(scope.getState($orders)).toEqual([]);
    expect(scope.getState($orderInfo)).toMatchObject({ completed: true, provider: 'shop', reservationId: 4711 });
    expect(asked).toEqual([4711]);
  });

  it('confirmation without a completed order says there is nothing to show', () => {
    renderAt(fork(), '/checkout?steg=bekreftelse');
    expect(screen.getByText('Vi finner ingen bestilling å vise.')).toBeTruthy();
  });
});
