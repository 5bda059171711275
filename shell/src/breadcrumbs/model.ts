import { createEvent } from 'effector';
import { $breadcrumbs } from '@shop/contracts/bus';
import type { Breadcrumb } from '@shop/contracts/types';
import { BREADCRUMBS_STORAGE_KEY, parseTrail, rememberScroll, retitle, visit } from './breadcrumbs.js';

/** The shell implements the bus's `$breadcrumbs`: kept in session storage so a reload keeps the trail. */
export const screenVisited = createEvent<{ entry: Breadcrumb; reset: boolean }>({ name: 'shell:screen-visited' });
export const scrollRemembered = createEvent<{ path: string; scrollY: number }>({ name: 'shell:scroll-remembered' });
export const screenRetitled = createEvent<{ path: string; title: string }>({ name: 'shell:screen-retitled' });
export const trailRestored = createEvent<Breadcrumb[]>({ name: 'shell:breadcrumbs-restored' });

$breadcrumbs
  .on(screenVisited, (trail, { entry, reset }) => visit(trail, entry, reset))
  .on(scrollRemembered, (trail, { path, scrollY }) => rememberScroll(trail, path, scrollY))
  .on(screenRetitled, (trail, { path, title }) => retitle(trail, path, title))
  .on(trailRestored, (_, trail) => trail);

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage can be switched off; the trail then lives for this page only.
    return null;
  }
}

/** Loads the stored trail and keeps storing every change. Called once at start-up. */
export function persistBreadcrumbs(): void {
  const store = storage();
  if (!store) return;
  trailRestored(parseTrail(store.getItem(BREADCRUMBS_STORAGE_KEY)));
  $breadcrumbs.watch((trail) => {
    try {
      store.setItem(BREADCRUMBS_STORAGE_KEY, JSON.stringify(trail));
    } catch {
      // Full or blocked storage: the in-memory trail still works.
    }
  });
}

