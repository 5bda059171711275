import type { RawSearchIdsResponse, RawSearchResponse, SearchIdsResult, SearchResult } from '../types/search.js';
import { mapArticle } from './catalog.js';

export function mapSearchResponse(raw: RawSearchResponse): SearchResult {
  return {
    articles: raw.hits.hits.map((h) => mapArticle(h._source)),
    total: raw.hits.total.value,
    totalIsExact: raw.hits.total.relation === 'eq',
  };
}

export function mapSearchIdsResponse(raw: RawSearchIdsResponse): SearchIdsResult {
  return {
    ids: raw.hits.hits.map((h) => h._source.ArticleID),
    total: raw.hits.total.value,
    totalIsExact: raw.hits.total.relation === 'eq',
  };
}
