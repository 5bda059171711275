import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ROUTE_PATTERNS } from '@shop/contracts/routes';
import '../model.js';
import CategoryPage from '../category/CategoryPage.js';
import ProductPage from '../product/ProductPage.js';

/**
 * The team's own dev page (npm run dev -w @shop/mf-catalog, API proxied to :8080): the catalogue pages on the same
 * routes as in the shop, without the shell. "Legg i handlekurven" fires the bus event; no cart listens here.
 */
export function StandaloneApp() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path={ROUTE_PATTERNS.product} element={<ProductPage />} />
        <Route path={ROUTE_PATTERNS.category} element={<CategoryPage />} />
      </Routes>
    </BrowserRouter>
  );
}
