import { describe, expect, it } from 'vitest';
import { productCardHtml, productCardId, productCardIds, splitProductCards } from './productCards.js';

describe('productCardId', () => {
  it.each([
    ['1', 1],
    ['204', 204],
    ['2147483647', 2147483647],
    ['2147483648', null],
    ['0', null],
    ['007', null],
    ['-3', null],
    ['3.5', null],
    [' 3', null],
    ['', null],
    ['1e3', null],
  ])('%j → %s', (value, expected) => {
    expect(productCardId(value)).toBe(expected);
  });
});

describe('splitProductCards', () => {
  const card = productCardHtml;
  it.each([
    ['no cards', '<p>Tekst</p>', [{ kind: 'html', html: '<p>Tekst</p>' }]],
    ['empty', '', []],
    [
      'a card between paragraphs',
      `<p>Før</p>${card(201)}<p>Etter</p>`,
      [{ kind: 'html', html: '<p>Før</p>' }, { kind: 'product', articleId: 201 }, { kind: 'html', html: '<p>Etter</p>' }],
    ],
    ['cards only, the same one twice', `${card(5)}${card(6)}${card(5)}`, [{ kind: 'product', articleId: 5 }, { kind: 'product', articleId: 6 }, { kind: 'product', articleId: 5 }]],
    // Escaped copy that looks like a card is text, not a card.
    ['a card written as text', '<p>&lt;div data-product-card="5"&gt;&lt;/div&gt;</p>', [{ kind: 'html', html: '<p>&lt;div data-product-card="5"&gt;&lt;/div&gt;</p>' }]],
    ['another form of div', '<div data-product-card="5" class="x"></div>', [{ kind: 'html', html: '<div data-product-card="5" class="x"></div>' }]],
  ])('%s', (_name, html, expected) => {
    expect(splitProductCards(html)).toEqual(expected);
  });

  it('lists each card id once, in order', () => {
    expect(productCardIds(`<p>a</p>${card(9)}${card(3)}<p>b</p>${card(9)}`)).toEqual([9, 3]);
  });
});
