import type { CartLine } from '@shop/contracts/types';

/** A complete cart line for tests; override what the case is about. */
export function cartLine(overrides: Partial<CartLine> & { stock?: number } = {}): CartLine {
  const { stock = 10, ...rest } = overrides;
  const ean = rest.ean ?? '7040000000017';
  return {
    count: 1,
    id: 101,
    ean,
    name: 'Ullgenser Fjellvind',
    gender: 'Herre',
    size: 'M',
    color: 'Grønn',
    price: 49900,
    pant: 0,
    frightPrice: 9900,
    image: '/api/v1/images/articles/1.svg',
    canPurchase: true,
    variant: {
      id: rest.id ?? 101,
      ean,
      availability: stock > 0 ? 1 : 0,
      shops: [{ id: 55, qty: stock }],
      size: { id: 3, name: 'M' },
      color: { id: 7, name: 'Grønn', hex: '#2f6b3a', colorCode: '07', image: '/api/v1/images/articles/1-7.svg' },
    },
    articleId: 1,
    webPurchaseLimit: 5,
    onlyCC: false,
    ...rest,
  };
}
