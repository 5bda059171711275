import { createStore, fork } from 'effector';
import { Provider } from 'effector-react';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { cartAddRequested } from '@shop/contracts/bus';
import type { CartLine } from '@shop/contracts/types';
import { ProductView } from './ProductPage.js';
import { toCartLine } from './toCartLine.js';
import { article } from './fixtures.js';

const $requested = createStore<CartLine[]>([]).on(cartAddRequested, (list, line) => [...list, line]);

function renderView(detail = article()) {
  const scope = fork();
  render(
    <Provider value={scope}>
      <MemoryRouter>
        <ProductView article={detail} />
      </MemoryRouter>
    </Provider>,
  );
  return scope;
}

describe('ProductView add button', () => {
  it('is disabled with a reason until a size is chosen, then adds a complete cart line', () => {
    const detail = article();
    const scope = renderView(detail);
    const button = screen.getByRole('button', { name: 'Legg i handlekurven' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText('Velg størrelse først.')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('M'));
    expect(button.disabled).toBe(false);
    fireEvent.click(button);

    const medium = detail.variants.find((v) => v.color.id === 7 && v.size.id === 3)!;
    expect(scope.getState($requested)).toEqual([toCartLine(detail, medium)]);
    expect(screen.getByRole('status').textContent).toContain('lagt i handlekurven');
  });

  it('stays disabled with the reason when the article cannot be bought on the web', () => {
    const scope = renderView(article({ canPurchase: false }));
    fireEvent.click(screen.getByLabelText('M'));
    const button = screen.getByRole('button', { name: 'Legg i handlekurven' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText('Denne varen kan ikke kjøpes i nettbutikken.')).toBeTruthy();
    fireEvent.click(button);
    expect(scope.getState($requested)).toEqual([]);
  });

  it('says sold out when no variant has stock', () => {
    renderView(article({ variants: article().variants.map((v) => ({ ...v, availability: 0 })) }));
    expect(screen.getByText('Utsolgt')).toBeTruthy();
  });
});
