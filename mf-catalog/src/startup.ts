/**
 * What the shell needs to know to start this remote (RemoteStartup; the build writes it as startup.json next to
 * mf-manifest.json). Stand-alone on purpose: the build evaluates this file by itself, so it imports types only.
 */
import type { RemoteStartup } from '@shop/contracts/types';

export const startup = {
  // ./model is only the singleton probe (no state): nothing waits for it, and a page that shows no catalogue piece
  // does not fetch this remote for its first view.
  model: 'first-interaction',
  // The catalogue's screens (route names of @shop/contracts/routes → exposed modules): the gender landings are the
  // category page with a gender.
  screens: {
    product: 'ProductPage',
    search: 'SearchPage',
    selection: 'SelectionPage',
    gender: 'CategoryPage',
    category: 'CategoryPage',
  },
  pieces: { 'header-search': 'SearchBox' },
} as const satisfies RemoteStartup;
