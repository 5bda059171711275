import { createConfig, REMOTES } from '../rspack.base.mjs';

/** Name and exposed modules: the same for the browser build and the server build (rspack.server.mjs). */
export const federation = {
  name: 'mf_catalog',
  startup: './src/startup.ts',
  exposes: {
    './model': './src/model.ts',
    './CategoryPage': './src/category/CategoryPage.tsx',
    './GenderPage': './src/gender/GenderPage.tsx',
    './ProductPage': './src/product/ProductPage.tsx',
    './SearchPage': './src/search/SearchPage.tsx',
    './SelectionPage': './src/selection/SelectionPage.tsx',
    './SearchBox': './src/search/SearchBox.tsx',
    './BestsellerList': './src/widgets/BestsellerList.tsx',
    './PopularCategories': './src/widgets/PopularCategories.tsx',
    './CampaignList': './src/widgets/CampaignList.tsx',
    './ProductCard': './src/listing/ProductCard.tsx',
    './ProductGrid': './src/listing/ProductGrid.tsx',
  },
};

// Pages and widgets the shell (and other remotes' pages) mount; props are documented in README.md.
export default createConfig({
  packageDir: import.meta.dirname,
  name: federation.name,
  port: REMOTES.mf_catalog.port,
  startup: federation.startup,
  exposes: federation.exposes,
});
