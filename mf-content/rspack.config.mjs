import { createConfig, REMOTES } from '../rspack.base.mjs';

/** Name and exposed modules: the same for the browser build and the server build (rspack.server.mjs). */
export const federation = {
  name: 'mf_content',
  startup: './src/startup.ts',
  exposes: {
    './model': './src/model.ts',
    './HomePage': './src/home/HomePage.tsx',
    './StaticPage': './src/static/StaticPage.tsx',
    './BlogListPage': './src/blog/BlogListPage.tsx',
    './BlogPostPage': './src/blog/BlogPostPage.tsx',
    './PollPage': './src/poll/PollPage.tsx',
    './ShopLocatorPage': './src/shops/ShopLocatorPage.tsx',
    './SocialFeed': './src/social/SocialFeed.tsx',
    './EditorPage': './src/editor/EditorPage.tsx',
  },
};

export default createConfig({
  packageDir: import.meta.dirname,
  name: federation.name,
  port: REMOTES.mf_content.port,
  startup: federation.startup,
  exposes: federation.exposes,
});
