// @vitest-environment happy-dom
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, fireEvent, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Provider } from 'effector-react';
import { fork, type Scope } from 'effector';
import { $cartCount, $cartOpen, $user, $userLoaded } from '@shop/contracts/bus';
import { rawCustomer } from '@shop/contracts/testing';
import { mapCustomer } from '@shop/contracts/mappers';
import CartModal from './CartModal.js';
import { $discount, $orders, readVariantFx } from './model.js';
import { cartLine, cartVariantOf } from './fixtures.js';

const A = '7040000000017';
const B = '7040000000024';

function renderModal(scope: Scope, loginForm?: ReactNode) {
  return render(
    <Provider value={scope}>
      <MemoryRouter>
        <CartModal loginForm={loginForm} />
      </MemoryRouter>
    </Provider>,
  );
}

const text = (el: HTMLElement) => (el.textContent ?? '').replace(/\s/g, ' ');

describe('CartModal ("Min Handlekurv" content)', () => {
  it('shows the empty state', () => {
    renderModal(fork());
    expect(screen.getByText('Handlekurven din er tom.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Gå til kassen' })).toBeNull();
  });

  it('lists lines with colour, size, count, deposit, freight, discount and total; +/− and remove change the cart', async () => {
    const lue = cartLine({ ean: B, name: 'Lue', price: 5000, frightPrice: 14900, color: 'Rød', size: 'S' });
    const scope = fork({
      values: [
        [$orders, [cartLine({ ean: A, count: 2, price: 10000, pant: 200, frightPrice: 9900, name: 'Ullgenser' }), lue]],
        [$discount, { activated: true, fixed: true, amount: 5000, originalTotal: 25000 }],
      ],
      // "+" asks the cart for one more of the variant; the cart reads it from the API (here: as it is stored).
      handlers: [[readVariantFx, () => cartVariantOf(lue)]],
    });
    renderModal(scope);
    const lines = screen.getAllByTestId('cart-line');
    expect(lines).toHaveLength(2);
    expect(text(lines[1])).toContain('Farge: Rød · Størrelse: S');
    expect(lines[0].querySelector('img')?.getAttribute('src')).toBe('/api/v1/images/articles/1.svg');
    expect(text(screen.getByTestId('cart-deposit'))).toBe('4,00 kr');
    // The cart's freight (highest frightPrice), labelled as what it is: the price of home delivery.
    expect(text(screen.getByTestId('cart-freight'))).toBe('149,00 kr');
    expect(screen.getByTestId('cart-freight').previousElementSibling?.textContent).toBe('Frakt ved hjemlevering');
    expect(text(screen.getByTestId('cart-discount'))).toBe('−50,00 kr');
    expect(text(screen.getByTestId('cart-total'))).toBe('200,00 kr');
    expect(screen.getByRole('link', { name: 'Gå til kassen' }).getAttribute('href')).toBe('/checkout');

    fireEvent.click(screen.getByRole('button', { name: 'Legg til én Lue' }));
    await waitFor(() => expect(scope.getState($cartCount)).toBe(4));
    fireEvent.click(screen.getByRole('button', { name: 'Ta bort én Ullgenser' }));
    expect(scope.getState($cartCount)).toBe(3);
    expect(screen.getByRole('button', { name: 'Ta bort én Ullgenser' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Fjern Lue fra handlekurven' }));
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Fjern Ullgenser fra handlekurven' }));
    expect(screen.getByText('Handlekurven din er tom.')).toBeTruthy();
    expect(scope.getState($discount).activated).toBe(false);
  });

  it('disables + at the purchase limit', () => {
    renderModal(fork({ values: [[$orders, [cartLine({ ean: A, count: 2, webPurchaseLimit: 2, name: 'Sokk' })]]] }));
    const plus = screen.getByRole('button', { name: 'Legg til én Sokk' });
    expect(plus.hasAttribute('disabled')).toBe(true);
    expect(plus.getAttribute('title')).toBe('Maks 2 stk. per kunde.');
    // Said on the line, not only in a tooltip: the shopper sees why + is off.
    expect(screen.getByTestId('cart-line-ceiling').textContent).toBe('Maks 2 stk. per kunde.');
  });

  it('says when the first shop\'s stock stops +', () => {
    renderModal(fork({ values: [[$orders, [cartLine({ ean: A, count: 2, stock: 2, webPurchaseLimit: 5, name: 'Sokk' })]]] }));
    expect(screen.getByRole('button', { name: 'Legg til én Sokk' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('cart-line-ceiling').textContent).toBe('Bare 2 stk. på lager.');
  });

  describe('login from the cart (SPEC §4: the cart opens again after the login)', () => {
    const form = (
      <form aria-label="innlogging">
        <a href="/konto/glemt-passord">Glemt passordet?</a>
      </form>
    );

    it('offers the host’s login form to a shopper known not to be logged in, folded until asked for', () => {
      renderModal(fork({ values: [[$userLoaded, true]] }), form);
      const toggle = screen.getByRole('button', { name: 'Logg inn' });
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      expect(screen.queryByRole('form', { name: 'innlogging' })).toBeNull();
      fireEvent.click(toggle);
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      expect(screen.getByRole('form', { name: 'innlogging' })).toBeTruthy();
    });

    it('offers nothing while the user is unknown, to a logged-in customer, or when the host passes no form', () => {
      const { unmount } = renderModal(fork(), form);
      expect(screen.queryByRole('button', { name: 'Logg inn' })).toBeNull();
      unmount();
      const loggedIn = renderModal(fork({ values: [[$userLoaded, true], [$user, mapCustomer(rawCustomer())]] }), form);
      expect(screen.queryByRole('button', { name: 'Logg inn' })).toBeNull();
      loggedIn.unmount();
      renderModal(fork({ values: [[$userLoaded, true]] }));
      expect(screen.queryByRole('button', { name: 'Logg inn' })).toBeNull();
    });

    it('closes the cart when a link in the login form leads away', () => {
      const scope = fork({ values: [[$userLoaded, true], [$cartOpen, true]] });
      renderModal(scope, form);
      fireEvent.click(screen.getByRole('button', { name: 'Logg inn' }));
      fireEvent.click(screen.getByRole('link', { name: 'Glemt passordet?' }));
      expect(scope.getState($cartOpen)).toBe(false);
    });
  });
});
