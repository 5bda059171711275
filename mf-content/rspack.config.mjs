import { createConfig, REMOTES } from '../rspack.base.mjs';

export default createConfig({
  packageDir: import.meta.dirname,
  name: 'mf_content',
  port: REMOTES.mf_content.port,
  exposes: {
    './model': './src/model.ts',
    './HomePage': './src/home/HomePage.tsx',
    './StaticPage': './src/static/StaticPage.tsx',
  },
});
