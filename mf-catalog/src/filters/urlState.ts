/**
 * A listing's filter and sort state in the URL query (shareable, survives reload and back/forward):
 *   ?farge=2,5&kjonn=1&merke=Staut,Åsgard&butikk=3&gruppe=111&pris=200-800&sorter=pris-lav
 * Prices are whole kroner in the URL and øre inside. Values a shopper mangled are dropped, never thrown.
 */
import type { ListingFilters } from './clientFilters.js';

export const PARAM = {
  colors: 'farge',
  genders: 'kjonn',
  brands: 'merke',
  shops: 'butikk',
  groups: 'gruppe',
  price: 'pris',
  sort: 'sorter',
} as const;

export const SORT_KEYS = ['navn', 'pris-lav', 'pris-hoy', 'nyheter', 'populaere'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export const DEFAULT_SORT: SortKey = 'navn';

export interface ListingState {
  filters: ListingFilters;
  sort: SortKey;
}

const ids = (value: string | null): number[] | undefined => {
  if (!value) return undefined;
  const list = [...new Set(value.split(',').filter((part) => /^\d{1,9}$/.test(part)).map(Number))];
  return list.length > 0 ? list : undefined;
};

const names = (value: string | null): string[] | undefined => {
  if (!value) return undefined;
  const list = [...new Set(value.split(',').map((part) => part.trim()).filter((part) => part !== ''))];
  return list.length > 0 ? list : undefined;
};

/** "200-800" (kroner) → {min: 20000, max: 80000} øre; one-sided "200-" / "-800"; reversed bounds are swapped. */
export function parsePrice(value: string | null): ListingFilters['price'] {
  const match = value ? /^(\d{0,7})-(\d{0,7})$/.exec(value.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const min = match[1] === '' ? 0 : Number(match[1]) * 100;
  const max = match[2] === '' ? Number.MAX_SAFE_INTEGER : Number(match[2]) * 100;
  return min <= max ? { min, max } : { min: max, max: min };
}

export function formatPrice(price: NonNullable<ListingFilters['price']>): string {
  const kroner = (ore: number, open: boolean) => (open ? '' : String(Math.round(ore / 100)));
  return `${kroner(price.min, price.min <= 0)}-${kroner(price.max, price.max >= Number.MAX_SAFE_INTEGER)}`;
}

export function parseListingState(params: URLSearchParams): ListingState {
  const sortParam = params.get(PARAM.sort);
  const filters: ListingFilters = {};
  const set = <K extends keyof ListingFilters>(key: K, value: ListingFilters[K] | undefined) => {
    if (value !== undefined) filters[key] = value;
  };
  set('colors', ids(params.get(PARAM.colors)));
  set('genders', ids(params.get(PARAM.genders)));
  set('brands', names(params.get(PARAM.brands)));
  set('shops', ids(params.get(PARAM.shops)));
  set('groups', ids(params.get(PARAM.groups)));
  set('price', parsePrice(params.get(PARAM.price)));
  return { filters, sort: (SORT_KEYS as readonly string[]).includes(sortParam ?? '') ? (sortParam as SortKey) : DEFAULT_SORT };
}

/**
 * Writes the state into a copy of `params` (other parameters are kept): empty filters and the default sort are left
 * out so the plain listing keeps its plain URL.
 */
export function writeListingState(params: URLSearchParams, state: ListingState): URLSearchParams {
  const next = new URLSearchParams(params);
  const put = (name: string, value: string | undefined) => (value ? next.set(name, value) : next.delete(name));
  const list = (values: ReadonlyArray<number | string> | undefined) => (values && values.length > 0 ? values.join(',') : undefined);
  put(PARAM.colors, list(state.filters.colors));
  put(PARAM.genders, list(state.filters.genders));
  put(PARAM.brands, list(state.filters.brands));
  put(PARAM.shops, list(state.filters.shops));
  put(PARAM.groups, list(state.filters.groups));
  put(PARAM.price, state.filters.price ? formatPrice(state.filters.price) : undefined);
  put(PARAM.sort, state.sort === DEFAULT_SORT ? undefined : state.sort);
  return next;
}

/** Adds or removes one value of a list filter. */
export function toggleValue<T extends number | string>(list: readonly T[] | undefined, value: T): T[] {
  const current = list ?? [];
  return current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
}
