import { ROUTE_PATTERNS, type RouteName } from '@shop/contracts/routes';
import type { RemoteName } from '../federation/remotes.js';

/**
 * The route table (SPEC §2; patterns and names from @shop/contracts/routes). Each screen is a page component of a
 * remote; the shell only maps paths to them.
 * Order does not matter to React Router (it ranks static segments above dynamic ones), but the catch-all category
 * route is kept last for readers. The full table with redirects comes with the shell issue.
 */
export interface ScreenRoute {
  name: RouteName;
  path: string;
  remote: RemoteName;
  module: string;
}

export const screenRoutes: readonly ScreenRoute[] = [
  { name: 'home', path: ROUTE_PATTERNS.home, remote: 'mf_content', module: 'HomePage' },
  { name: 'product', path: ROUTE_PATTERNS.product, remote: 'mf_catalog', module: 'ProductPage' },
  { name: 'checkout', path: ROUTE_PATTERNS.checkout, remote: 'mf_cart_checkout', module: 'CheckoutPage' },
  { name: 'category', path: ROUTE_PATTERNS.category, remote: 'mf_catalog', module: 'CategoryPage' },
];
