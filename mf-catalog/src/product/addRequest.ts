import type { Article, CartAddRequest, Variant } from '@shop/contracts/types';

/**
 * What the product page asks the cart (docs/adr/0016): one of this variant, plus what the shopper saw, for display
 * only. Price, freight, stock and the purchase limit are the cart's to read; the page never builds a cart line.
 */
export function addRequest(article: Article, variant: Variant): CartAddRequest {
  return {
    variantId: variant.id,
    count: 1,
    seen: {
      name: article.name,
      image: variant.color.image || article.image,
      price: article.price,
      size: variant.size.name,
      color: variant.color.name,
    },
  };
}
