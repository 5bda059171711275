import { getCategories } from '@shop/contracts/api';
import type { Category } from '@shop/contracts/types';

let pending: Promise<Category[]> | null = null;

/**
 * The category tree, fetched once per page load: moving between categories must not ask for it again.
 * A failed fetch is forgotten so the next visit tries again.
 */
export function loadCategories(): Promise<Category[]> {
  pending ??= getCategories().catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}
