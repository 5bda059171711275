import type { PageMeta } from '@shop/contracts/types';

/**
 * How many posts are not shown yet (SPEC §9: "remaining count and blog count are total minus page size"); with
 * "Vis flere" the shown count grows page by page, so it is total − current_page × per_page, never below 0.
 */
export function remainingCount(meta: PageMeta): number {
  return Math.max(0, meta.total - meta.current_page * meta.per_page);
}
