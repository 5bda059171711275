import type { Article, CartLine, Variant } from '@shop/contracts/types';

/**
 * The complete cart line for one variant of an article (SPEC §3 "Cart line"): everything the cart needs to apply
 * its rules and show the line later without asking the catalogue again.
 */
export function toCartLine(article: Article, variant: Variant): CartLine {
  return {
    count: 1,
    id: variant.id,
    ean: variant.ean,
    name: article.name,
    gender: article.gender.name,
    size: variant.size.name,
    color: variant.color.name,
    price: article.price,
    pant: article.pant,
    frightPrice: article.frightPrice,
    image: variant.color.image || article.image,
    canPurchase: article.canPurchase,
    variant,
    articleId: article.id,
    webPurchaseLimit: article.webPurchaseLimit,
    onlyCC: article.onlyCC,
  };
}
