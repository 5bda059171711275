// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { pieceLoadFx } from '@shop/contracts/bus';
import { productCardHtml } from '@shop/contracts/format';
import { mapArticle } from '@shop/contracts/mappers';
import { rawArticle } from '@shop/contracts/testing';
import type { Article } from '@shop/contracts/types';
import { ContentBody } from './ContentBody.js';

const jakke = mapArticle(rawArticle({ ArticleID: 201, Name: 'Vindjakke Fjell', Slug: 'vindjakke-fjell', SuggestedFinalPrice: 149900 }));
/** The body an editor wrote: a card for a product in the shop, and one for a product that has left it (999). */
const body = `<h2>Pakkeliste</h2><p>Ull innerst.</p>${productCardHtml(201)}<p>Skall ytterst.</p>${productCardHtml(999)}<p>God tur!</p>`;

const page = (html: string, articles: Article[]) => (
  <MemoryRouter>
    <ContentBody className="body" html={html} articles={articles} />
  </MemoryRouter>
);

/** The catalogue's card as the shell's loader hands it over. */
function FakeProductCard({ article }: { article: Article }) {
  return <article data-testid="catalog-card">{article.name}</article>;
}

let root: Root | undefined;
const loader = pieceLoadFx.use.getCurrent();
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  pieceLoadFx.use(loader);
  vi.restoreAllMocks();
});

describe('ContentBody: product cards in editor-written copy', () => {
  it('renders the copy around each card on the server, the card as a product link, and nothing for a product that left the shop', () => {
    const html = renderToString(page(body, [jakke]));
    const container = document.createElement('div');
    container.innerHTML = html;
    const root = container.firstElementChild!;
    expect(root.className).toBe('body');
    expect(root.textContent).toBe('PakkelisteUll innerst.Vindjakke Fjell 1\u00a0499,00\u00a0krSkall ytterst.God tur!');
    const card = root.querySelector('[data-product-card]')!;
    expect(card.getAttribute('data-product-card')).toBe('201');
    expect(card.querySelector('a')!.getAttribute('href')).toBe('/product/201');
    expect(root.querySelectorAll('[data-product-card]')).toHaveLength(1);
    expect(root.querySelector('h2')!.textContent).toBe('Pakkeliste');
  });

  it('hydrates the server HTML without a mismatch, then shows the catalogue’s own card', async () => {
    const html = renderToString(page(body, [jakke]));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    pieceLoadFx.use(async (piece) => {
      expect(piece).toEqual({ remote: 'mf_catalog', module: 'ProductCard' });
      return { default: FakeProductCard };
    });
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    await act(async () => {
      root = hydrateRoot(container, page(body, [jakke]), { onRecoverableError: recoverable });
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    const cards = container.querySelectorAll('[data-testid="catalog-card"]');
    expect([...cards].map((c) => c.textContent)).toEqual(['Vindjakke Fjell']);
    expect(cards[0]!.closest('[data-product-card]')!.getAttribute('data-product-card')).toBe('201');
    expect(container.textContent).toBe('PakkelisteUll innerst.Vindjakke FjellSkall ytterst.God tur!');
  });

  it('renders a body without cards as one block of copy, as before', () => {
    const html = renderToString(page('<p>Bare tekst</p>', [jakke]));
    expect(html).toBe('<div class="body"><p>Bare tekst</p></div>');
  });
});
