/**
 * What the shell needs to know to start this remote (RemoteStartup; the build writes it as startup.json next to
 * mf-manifest.json). Stand-alone on purpose: the build evaluates this file by itself, so it imports types only.
 */
import type { RemoteStartup } from '@shop/contracts/types';

export const startup = {
  // ./model keeps no cross-page state: it comes with the first content piece the page shows.
  model: 'first-piece',
  // The content screens (route names of @shop/contracts/routes → exposed modules): the static pages are one module.
  screens: {
    home: 'HomePage',
    preview: 'HomePage',
    about: 'StaticPage',
    brandAbout: 'StaticPage',
    support: 'StaticPage',
    privacy: 'StaticPage',
    maintenance: 'StaticPage',
    policy: 'StaticPage',
    articlePage: 'StaticPage',
    blog: 'BlogListPage',
    blogCategory: 'BlogListPage',
    blogPost: 'BlogPostPage',
    poll: 'PollPage',
    shops: 'ShopLocatorPage',
    editor: 'EditorPage',
  },
  // The privacy text the cookie notice's modal shows (embedded).
  pieces: { 'privacy-modal': 'StaticPage' },
} as const satisfies RemoteStartup;
