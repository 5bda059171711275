import { createEffect, createEvent, createStore, sample } from 'effector';
import { getCategories } from '@shop/contracts/api';
import { $categoryTree } from '@shop/contracts/ssr';
import type { Category } from '@shop/contracts/types';
import { $isMobile } from '../layout/viewport.js';
import { navigated } from '../routing/model.js';

/** The main menu's categories (main groups) from the API; a failure leaves the menu without them, not the page. */
export const categoriesRequested = createEvent({ name: 'shell:categories-requested' });
export const fetchCategoriesFx = createEffect<void, Category[]>(() => getCategories());
/**
 * The contracts' category tree (the API client answers getCategories() from it), filled here: by the server renderer
 * in the request's scope, and the tree crosses to the browser in the page's PageData.
 */
export const $categories = $categoryTree.on(
  fetchCategoriesFx.doneData,
  (_, categories) => categories,
);

sample({
  clock: categoriesRequested,
  source: { categories: $categories, pending: fetchCategoriesFx.pending },
  filter: ({ categories, pending }) => categories.length === 0 && !pending,
  target: fetchCategoriesFx,
});

/** SPEC §4 "Menu open/closed (toggling also toggles the cross state)": one flag drives both. */
export const menuToggled = createEvent({ name: 'shell:menu-toggled' });
export const menuClosed = createEvent({ name: 'shell:menu-closed' });
export const $menuOpen = createStore(false, { name: 'shell:menu-open' })
  .on(menuToggled, (open) => !open)
  .on(menuClosed, () => false);

/** SPEC §2: the mobile menu closes on navigation, and when the window grows into the desktop layout. */
sample({ clock: navigated, target: menuClosed });
sample({ clock: $isMobile.updates, filter: (mobile) => !mobile, target: menuClosed });
