import { BREADCRUMB_HISTORY } from '@shop/contracts/constants';
import type { Breadcrumb } from '@shop/contracts/types';

/**
 * The breadcrumb trail (SPEC §3/§4): the last 10 screens visited, newest last. Entries are
 * `{name, params, title}`; `params` holds the route params plus `path` (pathname + query, how the shell finds an
 * entry again) and, once the shopper leaves the screen, `scrollY`.
 */
export const BREADCRUMBS_STORAGE_KEY = 'breadcrumbs';

export function pathOf(entry: Breadcrumb): string | undefined {
  const path = entry.params.path;
  return typeof path === 'string' ? path : undefined;
}

/**
 * Entering a screen. A "breadcrumbs reset" screen starts the trail again with itself; the same path twice in a row
 * keeps one entry (a reload, a replace with state); otherwise the entry is appended and only the last 10 are kept.
 */
export function visit(trail: readonly Breadcrumb[], entry: Breadcrumb, reset: boolean): Breadcrumb[] {
  if (reset) return [entry];
  const last = trail[trail.length - 1];
  if (last && pathOf(last) === pathOf(entry)) {
    return [...trail.slice(0, -1), { ...entry, params: { ...entry.params, scrollY: last.params.scrollY } }];
  }
  return [...trail, entry].slice(-BREADCRUMB_HISTORY);
}

function lastIndexOfPath(trail: readonly Breadcrumb[], path: string): number {
  for (let i = trail.length - 1; i >= 0; i--) if (pathOf(trail[i]) === path) return i;
  return -1;
}

/** Leaving a screen: its scroll position goes into the newest entry with that path. */
export function rememberScroll(trail: readonly Breadcrumb[], path: string, scrollY: number): Breadcrumb[] {
  const index = lastIndexOfPath(trail, path);
  if (index < 0) return [...trail];
  const next = [...trail];
  next[index] = { ...next[index], params: { ...next[index].params, scrollY: Math.max(0, Math.round(scrollY)) } };
  return next;
}

/** The scroll position saved for a path (newest entry), or null. */
export function savedScroll(trail: readonly Breadcrumb[], path: string): number | null {
  const index = lastIndexOfPath(trail, path);
  const y = index < 0 ? undefined : trail[index].params.scrollY;
  return typeof y === 'number' && Number.isFinite(y) ? y : null;
}

/** A better title learned after entering (e.g. the product's name once the guard loaded it). */
export function retitle(trail: readonly Breadcrumb[], path: string, title: string): Breadcrumb[] {
  const index = lastIndexOfPath(trail, path);
  if (index < 0 || trail[index].title === title) return [...trail];
  const next = [...trail];
  next[index] = { ...next[index], title };
  return next;
}

function isBreadcrumb(value: unknown): value is Breadcrumb {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.name === 'string' && typeof entry.title === 'string' && typeof entry.params === 'object' && entry.params !== null;
}

/** Reads a stored trail; anything unreadable is an empty trail, never an error (session storage is user-editable). */
export function parseTrail(json: string | null): Breadcrumb[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter(isBreadcrumb).slice(-BREADCRUMB_HISTORY) : [];
  } catch {
    return [];
  }
}
