import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { ROUTE_PATTERNS } from '@shop/contracts/routes';
import '../model.js';
import CategoryPage from '../category/CategoryPage.js';
import ProductPage from '../product/ProductPage.js';
import SearchBox from '../search/SearchBox.js';
import SearchPage from '../search/SearchPage.js';
import SelectionPage from '../selection/SelectionPage.js';
import BestsellerList from '../widgets/BestsellerList.js';
import CampaignList from '../widgets/CampaignList.js';
import PopularCategories from '../widgets/PopularCategories.js';

function Home() {
  return (
    <>
      <CampaignList />
      <PopularCategories />
      <BestsellerList />
    </>
  );
}

/**
 * The team's own dev page (npm run dev -w @shop/mf-catalog, API proxied to :8080): the catalogue pages on the same
 * routes as in the shop, without the shell. "Legg i handlekurven" fires the bus event; no cart listens here.
 */
export function StandaloneApp() {
  return (
    <BrowserRouter>
      <header style={{ display: 'flex', gap: '1rem', alignItems: 'center', marginBottom: '1rem' }}>
        <Link to="/">mf-catalog</Link>
        <SearchBox />
      </header>
      <Routes>
        <Route path={ROUTE_PATTERNS.home} element={<Home />} />
        <Route path={ROUTE_PATTERNS.product} element={<ProductPage />} />
        <Route path={ROUTE_PATTERNS.search} element={<SearchPage />} />
        <Route path={ROUTE_PATTERNS.selection} element={<SelectionPage />} />
        <Route path={ROUTE_PATTERNS.category} element={<CategoryPage />} />
      </Routes>
    </BrowserRouter>
  );
}
