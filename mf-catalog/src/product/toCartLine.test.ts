import { describe, expect, it } from 'vitest';
import { toCartLine } from './toCartLine.js';
import { article, variant } from './fixtures.js';

describe('toCartLine', () => {
  it('builds a complete cart line from the article and the chosen variant', () => {
    const chosen = variant({ colorId: 8, sizeId: 3 });
    const line = toCartLine(article({ pant: 200, onlyCC: true, webPurchaseLimit: 2 }), chosen);
    expect(line).toEqual({
      count: 1,
      id: chosen.id,
      ean: chosen.ean,
      name: 'Ullgenser Fjellvind',
      gender: 'Herre',
      size: 'M',
      color: 'Marine',
      price: 79900,
      pant: 200,
      frightPrice: 9900,
      image: '/api/v1/images/a/1-8.svg',
      canPurchase: true,
      variant: chosen,
      articleId: 1,
      webPurchaseLimit: 2,
      onlyCC: true,
    });
  });

  it('falls back to the article image when the colour has none', () => {
    const chosen = variant();
    const noImage = { ...chosen, color: { ...chosen.color, image: '' } };
    expect(toCartLine(article(), noImage).image).toBe('/api/v1/images/a/1.svg');
  });
});
