/**
 * Products as the editors' product picker sees them (issue 23): GET /editor/products?q= searches the whole catalogue
 * by name, article number or id — hidden articles too, so a post can be checked against them — and
 * GET /editor/products/lookup?ids= resolves the ids a post or page already names. Wire shape (snake_case).
 */
export interface EditorProduct {
  id: number;
  article_no: string;
  name: string;
  /** What a shopper pays now, in øre (a running campaign's price when lower). */
  price: number;
  /** Site-relative product image. */
  image: string;
  /** Shown in the web shop; false when the article is hidden from the web (the picker flags it). */
  in_web_shop: boolean;
}

/** The most ids GET /editor/products/lookup resolves at once. */
export const EDITOR_PRODUCT_LOOKUP_MAX = 50;
/** The most hits GET /editor/products answers. */
export const EDITOR_PRODUCT_SEARCH_MAX = 20;
