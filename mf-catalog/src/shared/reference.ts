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

/** A shop as the filter panel offers it: what it shows and what the filter sends. */
export type ShopOption = Pick<Shop, 'id' | 'name'>;

export interface FacetReference {
  colorGroups: ColorGroup[];
  genders: Gender[];
  brands: Brand[];
  /**
   * Id and name only: a loader's reference travels in the page's HTML, and the shops' addresses and opening hours
   * (four fifths of the list) are for the shop pages.
   */
  shops: ShopOption[];
}

type Loaders = { [K in Exclude<keyof FacetReference, 'shops'>]: () => Promise<FacetReference[K]> } & { shops: () => Promise<Shop[]> };

async function facetReference(load: Loaders): Promise<FacetReference> {
  const settle = <T,>(p: Promise<T[]>) => p.catch(() => [] as T[]);
  const [colorGroups, genders, brands, shops] = await Promise.all([
    settle(load.colorGroups()),
    settle(load.genders()),
    settle(load.brands()),
    settle(load.shops()),
  ]);
  return { colorGroups, genders, brands, shops: shops.map(({ id, name }) => ({ id, name })) };
}

/** The lists the filter panel offers; a list that fails to load is offered empty rather than blocking the page. */
export function loadFacetReference(): Promise<FacetReference> {
  return facetReference({ colorGroups: loadColorGroups, genders: loadGenders, brands: loadBrands, shops: loadShops });
}

/**
 * The same lists for a page loader on the server, fetched per request: the memos above would keep the first
 * request's lists for the life of the server process (the API's own cache decides how fresh they are).
 */
export function fetchFacetReference(): Promise<FacetReference> {
  return facetReference({ colorGroups: () => getColorGroups(), genders: () => getGenders(), brands: () => getProductLines(), shops: () => getShops() });
}
