/** Legacy flag columns: the API sends 0/1 where the web shape uses booleans. */
export type Flag = 0 | 1;

/** ISO-8601 date-time string as sent by the API (e.g. "2026-11-22T10:15:00.000Z"). */
export type IsoDateTime = string;

/** Laravel-style pagination metadata, identical in the raw and the web shape. */
export interface PageMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

/**
 * RAW paginated answer (GET /categories/{id}/articles, /subcategories/{id}/articles, /blog/posts,
 * /customers/current/{reservations,orders,reviews}). `data` holds raw items.
 */
export interface RawPaginated<T> {
  data: T[];
  meta: PageMeta;
}

/** WEB paginated list: the same envelope with mapped items. */
export interface Paginated<T> {
  data: T[];
  meta: PageMeta;
}

export type SortOrder = 'asc' | 'desc';

/** Query of the paginated article listings (SPEC §7/§9: page 1, 20 per page, Name ascending by default). */
export interface ListQuery {
  page?: number;
  per_page?: number;
  /** A raw column name, e.g. 'Name', 'SuggestedFinalPrice', 'BestsellerQtyRank', 'DateCreated'. */
  orderBy?: string;
  order?: SortOrder;
}
