/**
 * One address per category (docs/adr/0014): a main group, subcategory or group answers at its stored name
 * (/tekstil), its display name (/klær) and the ASCII form of the spec's slug rule (/klaer); the last is canonical,
 * the others are redirected to it (HTTP 301 by the server for a document, a history replace by the shell in the app)
 * and every link the shop renders is written in it. Pure functions over the names of the category tree, so the API
 * (stored names) and the front ends (display names) resolve alike.
 */
import { matchesCategoryParam } from '@shop/contracts/format';
import type { CategoryParams } from './index.js';
import { pathFor } from './index.js';

/** The names of the category tree: GET /categories' main groups, subcategories (group 2) and groups (group 3). */
export interface CategoryNameTree {
  name: string;
  subcategories: ReadonlyArray<{ name: string; groups: ReadonlyArray<{ name: string }> }>;
}

/**
 * The canonical path of the catch-all's params when every level they name exists, else null (unknown levels are
 * the page's not-found, not a redirect). Shortcuts and gender landings are not categories: callers resolve those
 * first.
 */
export function canonicalCategoryPath(tree: readonly CategoryNameTree[], params: Partial<CategoryParams>): string | null {
  const { categoryName, subcategoryName, group } = params;
  if (!categoryName) return null;
  const main = tree.find((candidate) => matchesCategoryParam(candidate.name, categoryName));
  if (!main) return null;
  if (!subcategoryName) return pathFor('category', { categoryName: main.name });
  const sub = main.subcategories.find((candidate) => matchesCategoryParam(candidate.name, subcategoryName));
  if (!sub) return null;
  if (!group) return pathFor('category', { categoryName: main.name, subcategoryName: sub.name });
  const leaf = sub.groups.find((candidate) => matchesCategoryParam(candidate.name, group));
  if (!leaf) return null;
  return pathFor('category', { categoryName: main.name, subcategoryName: sub.name, group: leaf.name });
}

/** Percent-decoding that keeps a malformed segment as it is. */
function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * A link (or a requested URL) with its category part in canonical form: "/tekstil/barneklær?x=1" →
 * "/klaer/barneklaer?x=1". Anything that is not an internal path of one to three segments naming a known category
 * comes back unchanged (external links, /product/…, /blogg/…, unknown names), as does a path that is already
 * canonical, so `canonicalCategoryHref(href, tree) !== href` means "redirect".
 */
export function canonicalCategoryHref(href: string, tree: readonly CategoryNameTree[]): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  const cut = href.search(/[?#]/);
  const pathname = cut < 0 ? href : href.slice(0, cut);
  const rest = cut < 0 ? '' : href.slice(cut);
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 0 || segments.length > 3) return href;
  const [categoryName, subcategoryName, group] = segments.map(decoded);
  const canonical = canonicalCategoryPath(tree, { categoryName, subcategoryName, group });
  if (canonical === null || decoded(canonical) === decoded(pathname)) return href;
  return `${canonical}${rest}`;
}
