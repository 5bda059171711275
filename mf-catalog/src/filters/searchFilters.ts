/**
 * A listing's filter state → the search API's filter string (built with the contracts' builder: one grammar, one
 * parser). Brands are kept by name in the URL (the client filter matches brand text); the API filters by product
 * line id, so names are looked up in the brand list; an unknown name matches nothing rather than everything.
 */
import { buildSearchFilters, filter } from '@shop/contracts/validation';
import type { ArticleFilters, Brand } from '@shop/contracts/types';
import type { ListingFilters } from './clientFilters.js';

/** An id nothing has: keeps "brand X" (or a gender outside a landing's genders) meaning "nothing", not "anything". */
const NOTHING = 0;

export function toArticleFilters(filters: ListingFilters, brands: readonly Brand[], fixed: ArticleFilters = {}): ArticleFilters {
  const out: ArticleFilters = { ...fixed };
  if (filters.colors?.length) out.colors = filters.colors;
  if (filters.genders?.length) {
    const chosen = fixed.genders ? fixed.genders.filter((g) => filters.genders!.includes(g)) : filters.genders;
    out.genders = chosen.length > 0 ? chosen : [NOTHING];
  }
  if (filters.shops?.length) out.shops = filters.shops;
  if (filters.groups?.length) out.groups = filters.groups;
  if (filters.price) out.price = filters.price;
  if (filters.brands?.length) {
    const wanted = new Set(filters.brands.map((name) => name.toLocaleLowerCase('nb-NO')));
    const idsOf = brands.filter((b) => wanted.has(b.Name.toLocaleLowerCase('nb-NO'))).map((b) => b.ProductLineID);
    out.brands = idsOf.length > 0 ? idsOf : [NOTHING];
  }
  return out;
}

/**
 * The filter string. An open upper price bound ("200-") is sent as "more than min − 1" so the string never carries
 * the URL's stand-in for infinity.
 */
export function searchFilterString(filters: ArticleFilters): string {
  const { price, ...rest } = filters;
  const open = price !== undefined && price.max >= Number.MAX_SAFE_INTEGER;
  const base = buildSearchFilters(open ? rest : filters);
  return open ? filter.and(base, filter.gt('GrossPrice', price!.min - 1)) : base;
}
