/**
 * The product picker's rules, pure (table-driven tests in picker.test.ts): adding with a limit, removing, moving,
 * which option the arrow keys reach, and which chosen products are flagged as no longer in the web shop.
 */
import type { EditorProduct } from '@shop/contracts/types';

/** Debounce of the search while the editor types, in ms. */
export const SEARCH_DELAY_MS = 250;
/** Shortest query searched (one character matches most of the catalogue). */
export const MIN_QUERY_LENGTH = 2;

export type AddOutcome = { ids: number[]; result: 'added' | 'replaced' | 'already' | 'full' };

/**
 * `id` added last. With `max: 1` a new choice replaces the old one (a featured product is one product); with a larger
 * limit, a full list refuses it. A product already chosen is not added twice.
 */
export function addProduct(ids: readonly number[], id: number, max?: number): AddOutcome {
  if (ids.includes(id)) return { ids: [...ids], result: 'already' };
  if (max === 1) return { ids: [id], result: ids.length ? 'replaced' : 'added' };
  if (max !== undefined && ids.length >= max) return { ids: [...ids], result: 'full' };
  return { ids: [...ids, id], result: 'added' };
}

export function removeProduct(ids: readonly number[], id: number): number[] {
  return ids.filter((x) => x !== id);
}

/** `id` moved one place up (-1) or down (+1); unchanged at the ends. */
export function moveProduct(ids: readonly number[], id: number, by: -1 | 1): number[] {
  const from = ids.indexOf(id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

export type ListKey = 'ArrowDown' | 'ArrowUp' | 'Home' | 'End';

/** The active option after a key (-1: none active, the text field has the focus); wraps around like the APG example. */
export function nextActive(active: number, count: number, key: ListKey): number {
  if (count === 0) return -1;
  switch (key) {
    case 'ArrowDown':
      return active < 0 || active >= count - 1 ? 0 : active + 1;
    case 'ArrowUp':
      return active <= 0 ? count - 1 : active - 1;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
  }
}

/** What the picker knows of a chosen id: the product, `missing` (the catalogue has no such article), or not yet loaded. */
export type Resolved = EditorProduct | 'missing' | undefined;

/** A chosen product a shopper would not see: hidden from the web shop or gone from the catalogue. */
export function leftTheShop(resolved: Resolved): boolean {
  return resolved === 'missing' || (resolved !== undefined && !resolved.in_web_shop);
}

/** The ids whose products are not yet known (to look up). */
export function unresolved(ids: readonly number[], known: ReadonlyMap<number, Resolved>): number[] {
  return ids.filter((id) => !known.has(id));
}
