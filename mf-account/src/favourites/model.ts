import { createEffect, createEvent, createStore, sample } from 'effector';
import { createPersist } from 'effector-storage/local';
import { afterHydration } from '@shop/contracts/ssr';
import { $favourites, favouriteToggled, remoteFailed } from '@shop/contracts/bus';
import { getArticleBundle } from '@shop/contracts/api';
import type { Article } from '@shop/contracts/types';
import { FAVOURITES_STORAGE_KEY } from '../startup.js';
import { isFavouriteList, toggleFavourite } from './rules.js';

$favourites.on(favouriteToggled, toggleFavourite);

// "favourites" is one of the spec's shared-state keys (SPEC §3): kept in localStorage and synced across tabs.
// Read once a server-rendered page has hydrated: the server rendered no favourites, and so must hydration.
const storageRead = createEvent({ name: 'favourites:storage-read' });
createPersist({ pickup: storageRead })({ store: $favourites, key: FAVOURITES_STORAGE_KEY, sync: true, contract: isFavouriteList });
afterHydration(() => storageRead());

/** The favourites page's articles; shown filtered by $favourites so a removal (here or in another tab) shows at once. */
export const loadFavouriteArticlesFx = createEffect<number[], Article[]>((ids) => (ids.length ? getArticleBundle(ids) : Promise.resolve([])));
/**
 * When a piece of this remote fails (e.g. an article of an unexpected shape made the page throw), the loaded articles
 * are dropped: "Prøv igjen" then fetches them again instead of rendering the same bad data.
 */
export const favouritesPageFailed = remoteFailed.filter({ fn: (failure) => failure.remote === 'mf_account' });
export const $favouriteArticles = createStore<Article[]>([])
  .on(loadFavouriteArticlesFx.doneData, (_, articles) => articles)
  .reset(favouritesPageFailed);

/** Articles added since the last load are fetched again (another tab may have added them). */
export const $missingFavouriteIds = sample({
  source: { ids: $favourites, articles: $favouriteArticles },
  fn: ({ ids, articles }) => ids.filter((id) => !articles.some((a) => a.id === id)),
});
