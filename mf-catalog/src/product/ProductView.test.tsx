// @vitest-environment happy-dom
import { createStore, fork, sample } from 'effector';
import { Provider } from 'effector-react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { cartAddAnswered, cartAddRequested } from '@shop/contracts/bus';
import type { CartAddRequest, Review, Shop } from '@shop/contracts/types';
import { ProductView } from './ProductPage.js';
import { article, variant } from './fixtures.js';

const $requested = createStore<CartAddRequest[]>([]).on(cartAddRequested, (list, request) => [...list, request]);
// A stand-in for the cart remote's model (mf-cart-checkout decides adds): it answers each add with a verdict the
// test picks, the way the cart answers on the bus.
const $verdict = createStore<'added' | 'stock'>('added');
sample({
  clock: cartAddRequested,
  source: $verdict,
  fn: (verdict, { variantId, seen }) =>
    verdict === 'added'
      ? { variantId, ean: '7040000000017', outcome: 'added' as const, count: 1, message: `${seen.name} er lagt i handlekurven.` }
      : { variantId, ean: '7040000000017', outcome: 'stock' as const, count: 2, message: `${seen.name} ble ikke lagt til: det er bare 2 stk. på lager.` },
  target: cartAddAnswered,
});
const shops = [
  { id: 55, name: 'Nettbutikk' },
  { id: 3, name: 'Staut Bergen' },
] as Shop[];

function renderView(detail = article(), verdict: 'added' | 'stock' = 'added') {
  const scope = fork({ values: [[$verdict, verdict]] });
  render(
    <Provider value={scope}>
      <MemoryRouter>
        <ProductView article={detail} shops={shops} refreshStock={false} />
      </MemoryRouter>
    </Provider>,
  );
  return scope;
}

const review = (id: number, rating: number, trueToSize: number | null): Review => ({
  id, content: `Anmeldelse ${id}`, reply: id === 1 ? 'Takk!' : null, customer: 'Kari N.', rating, approved: true,
  created_at: '2026-10-01T10:00:00Z', reviewable_id: 1, reviewable_type: 'article', true_to_size: trueToSize,
  size_color: 'M / Grønn', anonymous: false,
});

describe('ProductView', () => {
  it('names the page by the article and offers each colour and size as a button named exactly so', () => {
    renderView();
    expect(screen.getByRole('heading', { level: 1, name: 'Ullgenser Fjellvind' })).toBeTruthy();
    for (const name of ['Grønn', 'Marine', 'S', 'M', 'L']) expect(screen.getByRole('button', { name, exact: true } as never)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Grønn' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('is disabled with a reason until a size is chosen, then asks the cart for one of that variant', () => {
    const detail = article();
    const scope = renderView(detail);
    const button = screen.getByRole('button', { name: 'Legg i handlekurven' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText('Velg størrelse først.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'M' }));
    expect(button.disabled).toBe(false);
    fireEvent.click(button);

    const medium = detail.variants.find((v) => v.color.id === 7 && v.size.id === 3)!;
    expect(scope.getState($requested)).toEqual([
      { variantId: medium.id, count: 1, seen: { name: 'Ullgenser Fjellvind', image: medium.color.image, price: detail.price, size: 'M', color: 'Grønn' } },
    ]);
    expect(screen.getByText('Ullgenser Fjellvind er lagt i handlekurven.')).toBeTruthy();
  });

  it('shows the cart\'s refusal instead of "lagt i handlekurven" when the cart refuses the add', () => {
    renderView(article(), 'stock');
    fireEvent.click(screen.getByRole('button', { name: 'M' }));
    fireEvent.click(screen.getByRole('button', { name: 'Legg i handlekurven' }));
    const status = screen.getByText('Ullgenser Fjellvind ble ikke lagt til: det er bare 2 stk. på lager.');
    expect(status.getAttribute('role')).toBe('status');
    expect(screen.queryByText(/er lagt i handlekurven/)).toBeNull();
  });

  it('says a chosen size is sold out, and keeps the button disabled', () => {
    renderView();
    fireEvent.click(screen.getByRole('button', { name: 'L' }));
    expect(screen.getByText('Utsolgt i valgt farge og størrelse.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Legg i handlekurven' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('stays disabled with the reason when the article cannot be bought on the web', () => {
    const scope = renderView(article({ canPurchase: false }));
    fireEvent.click(screen.getByRole('button', { name: 'M' }));
    const button = screen.getByRole('button', { name: 'Legg i handlekurven' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText('Denne varen kan ikke kjøpes i nettbutikken.')).toBeTruthy();
    fireEvent.click(button);
    expect(scope.getState($requested)).toEqual([]);
  });

  it('says sold out when no variant has stock', () => {
    renderView(article({ variants: article().variants.map((v) => ({ ...v, availability: 0, shops: v.shops.map((s) => ({ ...s, qty: 0 })) })) }));
    expect(screen.getByText('Utsolgt')).toBeTruthy();
  });

  it('lists the shops that have the chosen variant, by name, with quantities', () => {
    renderView(article({ variants: [variant({ sizeId: 3, shops: [{ id: 3, qty: 0 }, { id: 55, qty: 4 }] })] }));
    const rows = screen.getAllByTestId('shop-stock').map((row) => row.textContent);
    expect(rows).toEqual(['Nettbutikk4 på lager', 'Staut BergenIkke på lager']);
  });

  it('switching colour changes the image and keeps a size that exists in the new colour', () => {
    renderView();
    fireEvent.click(screen.getByRole('button', { name: 'M' }));
    fireEvent.click(screen.getByRole('button', { name: 'Marine' }));
    expect(screen.getByRole('button', { name: 'M' }).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByRole('img', { name: 'Ullgenser Fjellvind' }) as HTMLImageElement).src).toContain('1-8.svg');
    fireEvent.click(screen.getByRole('button', { name: 'Bilde i fargen Grønn' }));
    expect(screen.getByRole('button', { name: 'Grønn' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows deposit, click-and-collect only, purchase limit, campaign labels and the original price', () => {
    renderView(
      article({
        pant: 200,
        onlyCC: true,
        webPurchaseLimit: 3,
        price: 59900,
        originalPrice: 79900,
        campaigns: [{ id: 2, campaignArticleId: 9, articleId: 1, price: 59900, labelType: 'text', labelData: { text: 'Klikk & Hent' } }],
      }),
    );
    const text = document.body.textContent ?? '';
    expect(text).toContain('+ pant 2,00\u00a0kr');
    expect(text).toContain('Kun klikk og hent i butikk');
    expect(text).toContain('Maks 3 stk. per kunde.');
    expect(text).toContain('Ukens annonse!');
    expect(text).not.toContain('Klikk & Hent');
    expect(screen.getByTestId('price').textContent).toContain('599,00');
    expect(document.querySelector('s')?.textContent).toContain('799,00');
  });

  it('shows the reviews with their average and the true-to-size verdict', () => {
    renderView(article({ reviews: [review(1, 5, 0), review(2, 4, 0), review(3, 3, 1)], averageRating: 4 }));
    expect(screen.getByRole('link', { name: /3 anmeldelser/ }).getAttribute('href')).toBe('#anmeldelser');
    const section = screen.getByRole('region', { name: 'Anmeldelser' });
    expect(within(section).getByText(/Snitt 4 av 5 fra 3 anmeldelser/)).toBeTruthy();
    expect(within(section).getByTestId('fit-verdict').textContent).toContain('Normal i størrelsen');
    expect(within(section).getByText('Takk!')).toBeTruthy();
  });

  it('shows the descriptions that are there', () => {
    renderView(article({ techDescription: 'Vekt: 300 g', washLabel: 'Vask 30 °C', nutrientContent: null }));
    expect(screen.getByRole('heading', { name: 'Teknisk beskrivelse' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Vaskeanvisning' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Næringsinnhold' })).toBeNull();
  });
});
