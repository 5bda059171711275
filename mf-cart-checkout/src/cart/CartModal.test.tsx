import { describe, expect, it } from 'vitest';
import { render, screen, fireEvent } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Provider } from 'effector-react';
import { fork, type Scope } from 'effector';
import { $cartCount } from '@shop/contracts/bus';
import CartModal from './CartModal.js';
import { $discount, $orders } from './model.js';
import { cartLine } from './fixtures.js';

const A = '7040000000017';
const B = '7040000000024';

function renderModal(scope: Scope) {
  return render(
    <Provider value={scope}>
      <MemoryRouter>
        <CartModal />
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

  it('lists lines with colour, size, count, deposit, freight, discount and total; +/− and remove change the cart', () => {
    const scope = fork({
      values: [
        [$orders, [cartLine({ ean: A, count: 2, price: 10000, pant: 200, frightPrice: 9900, name: 'Ullgenser' }), cartLine({ ean: B, name: 'Lue', price: 5000, frightPrice: 14900, color: 'Rød', size: 'S' })]],
        [$discount, { activated: true, fixed: true, amount: 5000, originalTotal: 25000 }],
      ],
    });
    renderModal(scope);
    const lines = screen.getAllByTestId('cart-line');
    expect(lines).toHaveLength(2);
    expect(text(lines[1])).toContain('Farge: Rød · Størrelse: S');
    expect(lines[0].querySelector('img')?.getAttribute('src')).toBe('/api/v1/images/articles/1.svg');
    expect(text(screen.getByTestId('cart-deposit'))).toBe('4,00 kr');
    expect(text(screen.getByTestId('cart-freight'))).toBe('149,00 kr');
    expect(text(screen.getByTestId('cart-discount'))).toBe('−50,00 kr');
    expect(text(screen.getByTestId('cart-total'))).toBe('200,00 kr');
    expect(screen.getByRole('link', { name: 'Gå til kassen' }).getAttribute('href')).toBe('/checkout');

    fireEvent.click(screen.getByRole('button', { name: 'Legg til én Lue' }));
    expect(scope.getState($cartCount)).toBe(4);
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
    expect(plus.getAttribute('title')).toBe('Du har nådd maks antall for denne varen.');
  });
});
