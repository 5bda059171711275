import { createEffect, createEvent, createStore, sample } from 'effector';
import { getCategories } from '@shop/contracts/api';
import type { Category } from '@shop/contracts/types';

/** The main menu's categories (main groups) from the API; a failure leaves the menu empty, not the page. */
export const categoriesRequested = createEvent({ name: 'shell:categories-requested' });
export const fetchCategoriesFx = createEffect<void, Category[]>(() => getCategories());
export const $categories = createStore<Category[]>([], { name: 'shell:categories' }).on(
  fetchCategoriesFx.doneData,
  (_, categories) => categories,
);

sample({
  clock: categoriesRequested,
  source: $categories,
  filter: (categories) => categories.length === 0,
  target: fetchCategoriesFx,
});
