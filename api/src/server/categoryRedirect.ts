/**
 * The 301 of a category document request (docs/adr/0014): /tekstil, /klær and /Klaer/Barneklær all name a category
 * whose one address is /klaer/…; a document asked for at another form is sent there permanently, the query kept.
 * Only paths that name known categories at every level move; everything else (unknown names, other routes) is left
 * to the page. Kept apart from serveIndex so the not-found status added there stays a separate concern.
 */
import { canonicalCategoryHref } from '@shop/contracts/routes';
import type { RawCategory } from '@shop/contracts/types';
import { categoryNameTree } from '../routes/categories/links.js';

/** Where a requested URL (path and query) must be redirected to, or null when it is already canonical or no category. */
export function categoryRedirect(url: string, categories: readonly RawCategory[] | null): string | null {
  if (!categories?.length) return null;
  const target = canonicalCategoryHref(url, categoryNameTree(categories));
  // A Location header is ASCII: a letter the slug rule keeps (é in a group name) goes percent-encoded.
  return target === url ? null : target.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
}
