/** One line in the cart (SPEC §3 "Cart line"). Money in øre. */
export interface CartLine {
  /** Starts at 1. */
  count: number;
  /** Variant id. */
  id: number;
  ean: string;
  name: string;
  gender: string;
  size: string;
  color: string;
  price: number;
  pant: number;
  frightPrice: number;
  image: string;
  canPurchase: boolean;
  /** The variant the line was added from (availability and per-shop stock; the first shop's qty limits the count). */
  variant: import('./catalog.js').Variant;
  articleId: number;
  webPurchaseLimit: number;
  onlyCC: boolean;
}
