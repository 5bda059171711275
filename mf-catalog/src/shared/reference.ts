/**
 * Reference data every catalogue page needs (category tree, colour groups, genders, brands, shops), fetched at most
 * once per page load and shared between pages and widgets. A failed fetch is forgotten so the next use tries again.
 */
import { getCategories, getColorGroups, getGenders, getProductLines, getShops } from '@shop/contracts/api';
import type { Brand, Category, ColorGroup, Gender, Shop } from '@shop/contracts/types';

/** Memoises an async loader; a rejection clears the memo. */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}

export const loadCategories: () => Promise<Category[]> = once(() => getCategories());
export const loadColorGroups: () => Promise<ColorGroup[]> = once(() => getColorGroups());
export const loadGenders: () => Promise<Gender[]> = once(() => getGenders());
export const loadBrands: () => Promise<Brand[]> = once(() => getProductLines());
export const loadShops: () => Promise<Shop[]> = once(() => getShops());

export interface FacetReference {
  colorGroups: ColorGroup[];
  genders: Gender[];
  brands: Brand[];
  shops: Shop[];
}

/** The lists the filter panel offers; a list that fails to load is offered empty rather than blocking the page. */
export async function loadFacetReference(): Promise<FacetReference> {
  const settle = <T,>(p: Promise<T[]>) => p.catch(() => [] as T[]);
  const [colorGroups, genders, brands, shops] = await Promise.all([
    settle(loadColorGroups()),
    settle(loadGenders()),
    settle(loadBrands()),
    settle(loadShops()),
  ]);
  return { colorGroups, genders, brands, shops };
}
