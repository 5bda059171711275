import { canonicalCategoryHref, type CategoryNameTree } from '@shop/contracts/routes';
import type { Resolution } from './screens.js';

/**
 * Where the app replaces a category location that is not in its canonical form (docs/adr/0014: /tekstil and /klær
 * → /klaer, query and hash kept), or null. The server sends the same 301 for a document; this covers navigation
 * inside the app (an old link in content, a typed path). Waits for the category tree: without it nothing is known.
 */
export function canonicalLocation(
  resolution: Resolution,
  location: { pathname: string; search?: string; hash?: string },
  categories: readonly CategoryNameTree[],
): string | null {
  if (resolution.kind !== 'screen' || resolution.screen.name !== 'category' || categories.length === 0) return null;
  const current = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
  const target = canonicalCategoryHref(current, categories);
  return target === current ? null : target;
}
