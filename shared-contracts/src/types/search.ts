/** Search (POST /articles/search, /articles/searchids): request body and Elasticsearch-shaped answer. */
import type { Article, RawArticle } from './catalog.js';

/**
 * Body of POST /articles/search and /articles/searchids.
 * `filters` is one filter string built with the helpers in `@shop/contracts/validation` (rules joined with " AND ";
 * grammar documented there), or "" for none.
 */
export interface SearchRequest {
  query: string;
  /** Page size; default 1000. */
  take: number;
  /** Zero-based page. */
  page: number;
  filters: string;
}

export interface SearchHit<S> {
  _id: string;
  _score: number | null;
  _source: S;
}

/** Elasticsearch-shaped answer. */
export interface RawSearchResponse<S = RawArticle> {
  hits: {
    total: { value: number; relation: 'eq' | 'gte' };
    hits: SearchHit<S>[];
  };
}

/** Answer of POST /articles/searchids: hits whose _source only carries ArticleID. */
export type RawSearchIdsResponse = RawSearchResponse<{ ArticleID: number }>;

export interface SearchResult {
  articles: Article[];
  total: number;
  /** false: `total` is a lower bound — the server counts hits up to a bound ("gte"), and the shop shows "1000+ treff". */
  totalIsExact: boolean;
}

export interface SearchIdsResult {
  ids: number[];
  total: number;
  /** false: `total` is a lower bound ("gte"). */
  totalIsExact: boolean;
}

/** Client-side filter state of a listing (SPEC §5 "Filters"). Prices in øre, both bounds inclusive. */
export interface ArticleFilters {
  price?: { min: number; max: number };
  groups?: number[];
  colors?: number[];
  genders?: number[];
  brands?: number[];
  shops?: number[];
  exclude?: number[];
}
