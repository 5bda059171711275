import { matchesCategoryParam } from '@shop/contracts/format';
import type { Category, Group, Subcategory } from '@shop/contracts/types';

export interface CategoryMatch {
  category: Category;
  subcategory: Subcategory | null;
  group: Group | null;
}

export interface CategoryParams {
  categoryName?: string;
  subcategoryName?: string;
  group?: string;
}

/**
 * Resolves the catch-all route's params (main group / article group 2 / article group 3) against the category
 * tree. Null when any segment names nothing there: the page then says the category was not found, as the server's
 * 404 for that document does (api/src/server/documentStatus.ts), instead of showing the parent's listing.
 */
export function findCategory(categories: readonly Category[], params: CategoryParams): CategoryMatch | null {
  if (!params.categoryName) return null;
  const category = categories.find((candidate) => matchesCategoryParam(candidate.name, params.categoryName!));
  if (!category) return null;
  if (!params.subcategoryName) return { category, subcategory: null, group: null };
  const subcategory = category.subcategories.find((sub) => matchesCategoryParam(sub.name, params.subcategoryName!));
  if (!subcategory) return null;
  if (!params.group) return { category, subcategory, group: null };
  const group = subcategory.groups.find((g) => matchesCategoryParam(g.name, params.group!));
  return group ? { category, subcategory, group } : null;
}

export interface ListingSource {
  kind: 'category' | 'subcategory';
  id: number;
  /** Article group 3 to keep (SPEC §5 filters: group by id membership, applied client side). */
  groupId: number | null;
}

/** Which API listing serves the match: the subcategory's when one is chosen, else the main group's. */
export function listingSource(match: CategoryMatch): ListingSource {
  return match.subcategory
    ? { kind: 'subcategory', id: match.subcategory.id, groupId: match.group?.articleGroup3ID ?? null }
    : { kind: 'category', id: match.category.id, groupId: null };
}
