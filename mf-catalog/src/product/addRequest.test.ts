import { describe, expect, it } from 'vitest';
import { addRequest } from './addRequest.js';
import { article, variant } from './fixtures.js';

describe('addRequest', () => {
  it('asks for one of the chosen variant and carries what the shopper saw, nothing the cart decides by', () => {
    const chosen = variant({ colorId: 8, sizeId: 3 });
    expect(addRequest(article({ pant: 200, onlyCC: true, webPurchaseLimit: 2 }), chosen)).toEqual({
      variantId: chosen.id,
      count: 1,
      seen: { name: 'Ullgenser Fjellvind', image: '/api/v1/images/a/1-8.svg', price: 79900, size: 'M', color: 'Marine' },
    });
  });

  it('shows the article image when the colour has none', () => {
    const chosen = variant();
    const noImage = { ...chosen, color: { ...chosen.color, image: '' } };
    expect(addRequest(article(), noImage).seen.image).toBe('/api/v1/images/a/1.svg');
  });
});
