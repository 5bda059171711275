import { Node } from '@tiptap/core';
import { PRODUCT_CARD_ATTRIBUTE, productCardId } from '@shop/contracts/format';
import { insertBlockAtom } from './atomInsert.js';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    productCard: {
      /** Inserts an embedded product card for one article. */
      insertProductCard: (articleId: number) => ReturnType;
    };
  }
}

/** An article id as the card's attribute holds it (the contracts' rule, which the API's sanitiser keeps), else null. */
const cardIdOf = (el: HTMLElement) => productCardId(el.getAttribute(PRODUCT_CARD_ATTRIBUTE) ?? '');

/**
 * An embedded product card: stored as `<div data-product-card="{articleId}"></div>` (the shop's blog and page views
 * render the card from the catalogue when shown, so price and stock are always today's). The schema only: the editor
 * adds its node view (ProductCardView: the product's name, image and price), so tests run it without React.
 */
export const ProductCard = Node.create({
  name: 'productCard',
  // Not 'block': lists and quotes hold blocks, and a card belongs at the top level only (extensions.ts's document).
  group: 'topBlock',
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      articleId: {
        default: null,
        parseHTML: (el) => cardIdOf(el),
        renderHTML: (attrs) => ({ [PRODUCT_CARD_ATTRIBUTE]: String(attrs.articleId) }),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'div[data-product-card]', getAttrs: (el) => (cardIdOf(el as HTMLElement) ? null : false) }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['div', HTMLAttributes];
  },
  addCommands() {
    return {
      insertProductCard: (articleId) => insertBlockAtom({ type: this.name, attrs: { articleId } }),
    };
  },
});
