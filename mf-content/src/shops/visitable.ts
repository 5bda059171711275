import { WEB_SHOP_ID } from '@shop/contracts/constants';

/**
 * The shops the locator lists: every shop but the web shop's stock location (id 55, the warehouse at Gardermoen),
 * which GET /shops includes but nobody can visit — the same rule as the checkout's click-and-collect picker.
 */
export function visitableShops<T extends { id: number }>(shops: readonly T[]): T[] {
  return shops.filter((shop) => shop.id !== WEB_SHOP_ID);
}
