/**
 * Client-side listing filters (SPEC §5), as pure predicates. Price is inclusive of both bounds; group, colour,
 * gender and shop by id membership (colour: any shared colour-group id; shop: a shop with stock); brand by brand
 * text. A numeric filter given anything but numbers is a programming error and throws the spec's message
 * ("Only numbers supported as value" / "values"); the URL parser (urlState.ts) never lets a shopper's typing get here.
 */
import { assertNumber, assertNumbers } from '@shop/contracts/validation';
import type { Article } from '@shop/contracts/types';

export interface ListingFilters {
  /** Øre, both bounds included. */
  price?: { min: number; max: number };
  /** Article group 3 ids. */
  groups?: number[];
  /** Colour-group ids. */
  colors?: number[];
  /** Gender ids. */
  genders?: number[];
  /** Brand (product line) names. */
  brands?: string[];
  /** Shop ids. */
  shops?: number[];
}

export type FilterKey = keyof ListingFilters;
export type Predicate = (article: Article) => boolean;

const shares = (a: readonly number[], b: ReadonlySet<number>) => a.some((x) => b.has(x));

export function byPrice(min: number, max: number): Predicate {
  assertNumber(min);
  assertNumber(max);
  return (article) => article.price >= min && article.price <= max;
}

export function byGroups(ids: readonly number[]): Predicate {
  assertNumbers(ids);
  const wanted = new Set(ids);
  return (article) => wanted.has(article.articleGroup3ID);
}

export function byColors(ids: readonly number[]): Predicate {
  assertNumbers(ids);
  const wanted = new Set(ids);
  return (article) => shares(article.colorGroups, wanted);
}

export function byGenders(ids: readonly number[]): Predicate {
  assertNumbers(ids);
  const wanted = new Set(ids);
  return (article) => wanted.has(article.gender.id) || shares(article.genders, wanted);
}

export function byBrands(names: readonly string[]): Predicate {
  const wanted = new Set(names.map((name) => name.trim().toLocaleLowerCase('nb-NO')));
  return (article) => wanted.has(article.brand.trim().toLocaleLowerCase('nb-NO'));
}

export function byShops(ids: readonly number[]): Predicate {
  assertNumbers(ids);
  const wanted = new Set(ids);
  return (article) => shares(article.available, wanted);
}

const present = <T,>(list: readonly T[] | undefined): list is readonly T[] => list !== undefined && list.length > 0;

/** The predicates of the active filters (an empty list is no filter). */
export function predicatesOf(filters: ListingFilters): Predicate[] {
  const out: Predicate[] = [];
  if (filters.price) out.push(byPrice(filters.price.min, filters.price.max));
  if (present(filters.groups)) out.push(byGroups(filters.groups));
  if (present(filters.colors)) out.push(byColors(filters.colors));
  if (present(filters.genders)) out.push(byGenders(filters.genders));
  if (present(filters.brands)) out.push(byBrands(filters.brands));
  if (present(filters.shops)) out.push(byShops(filters.shops));
  return out;
}

export function applyFilters(articles: readonly Article[], filters: ListingFilters): Article[] {
  const predicates = predicatesOf(filters);
  return predicates.length === 0 ? [...articles] : articles.filter((article) => predicates.every((p) => p(article)));
}

export function hasActiveFilters(filters: ListingFilters): boolean {
  return (
    filters.price !== undefined ||
    present(filters.groups) ||
    present(filters.colors) ||
    present(filters.genders) ||
    present(filters.brands) ||
    present(filters.shops)
  );
}
