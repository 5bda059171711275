import { createConfig, REMOTES } from '../rspack.base.mjs';

export default createConfig({
  packageDir: import.meta.dirname,
  name: 'mf_catalog',
  port: REMOTES.mf_catalog.port,
  exposes: {
    './model': './src/model.ts',
    './CategoryPage': './src/category/CategoryPage.tsx',
    './ProductPage': './src/product/ProductPage.tsx',
  },
});
