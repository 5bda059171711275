import { mapArticle } from '@shop/contracts/mappers';
import { rawArticle } from '@shop/contracts/testing';
import type { CartLine, CartVariant } from '@shop/contracts/types';

/** A complete cart line for tests; override what the case is about. Each EAN is its own variant (id from the EAN). */
export function cartLine(overrides: Partial<CartLine> & { stock?: number } = {}): CartLine {
  const { stock = 10, ...rest } = overrides;
  const ean = rest.ean ?? '7040000000017';
  const id = rest.id ?? Number(ean.slice(-7));
  return {
    count: 1,
    id,
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
      id,
      ean,
      availability: stock > 0 ? 1 : 0,
      shops: [{ id: 55, qty: stock }],
      size: { id: 3, name: 'M' },
      color: { id: 7, name: 'Grønn', hex: '#2f6b3a', colorCode: '07', image: '/api/v1/images/articles/1.svg' },
    },
    articleId: 1,
    webPurchaseLimit: 5,
    onlyCC: false,
    campaignArticleId: null,
    ...rest,
  };
}

/** What GET /variants/{id} would answer for the variant of `line` (cartLineFor turns it back into `line`, count 1). */
export function cartVariantOf(line: CartLine): CartVariant {
  return {
    article: {
      ...mapArticle(rawArticle()),
      id: line.articleId,
      name: line.name,
      gender: { id: 1, name: line.gender },
      price: line.price,
      pant: line.pant,
      frightPrice: line.frightPrice,
      image: line.image,
      canPurchase: line.canPurchase,
      webPurchaseLimit: line.webPurchaseLimit,
      onlyCC: line.onlyCC,
    },
    variant: {
      ...line.variant,
      id: line.id,
      ean: line.ean,
      size: { ...line.variant.size, name: line.size },
      color: { ...line.variant.color, name: line.color, image: line.image },
    },
  };
}
