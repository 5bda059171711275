import { describe, expect, it } from 'vitest';
import {
  colorOptions,
  initialColorId,
  initialSizeId,
  purchaseBlock,
  selectedVariant,
  sizeOptions,
} from './variants.js';
import { article, variant } from './fixtures.js';

const variants = article().variants;

describe('variant choice', () => {
  it('lists colours once, in variant order', () => {
    expect(colorOptions(variants).map((color) => color.name)).toEqual(['Grønn', 'Marine']);
  });

  it('lists the sizes of one colour with availability', () => {
    expect(sizeOptions(variants, 7).map(({ size, available }) => [size.name, available])).toEqual([
      ['S', true],
      ['M', true],
      ['L', false],
    ]);
  });

  it.each([
    { case: 'first colour with stock', variants: [variant({ colorId: 7, stock: 0 }), variant({ colorId: 8 })], color: 8 },
    { case: 'first colour when nothing has stock', variants: [variant({ colorId: 7, stock: 0 })], color: 7 },
    { case: 'no variants', variants: [], color: null },
  ])('initial colour: $case', ({ variants: list, color }) => {
    expect(initialColorId(list)).toBe(color);
  });

  it.each([
    { colorId: 7, size: null, why: 'several sizes: the shopper chooses' },
    { colorId: 8, size: 3, why: 'a single size is chosen already' },
  ])('initial size for colour $colorId: $why', ({ colorId, size }) => {
    expect(initialSizeId(variants, colorId)).toBe(size);
  });
});

describe('purchaseBlock (why "Legg i handlekurven" is disabled)', () => {
  const soldOut = [variant({ stock: 0 })];
  it.each([
    { case: 'not purchasable on the web', art: { canPurchase: false }, list: variants, color: 7, size: 3, block: 'notPurchasable' },
    { case: 'every variant sold out', art: { canPurchase: true }, list: soldOut, color: 7, size: 3, block: 'soldOut' },
    { case: 'no colour chosen', art: { canPurchase: true }, list: variants, color: null, size: null, block: 'chooseColor' },
    { case: 'no size chosen', art: { canPurchase: true }, list: variants, color: 7, size: null, block: 'chooseSize' },
    { case: 'chosen size sold out', art: { canPurchase: true }, list: variants, color: 7, size: 4, block: 'sizeSoldOut' },
    { case: 'buyable', art: { canPurchase: true }, list: variants, color: 7, size: 3, block: null },
  ])('$case → $block', ({ art, list, color, size, block }) => {
    expect(purchaseBlock(art, list, color, selectedVariant(list, color, size))).toBe(block);
  });
});
