/** Catalogue calls (SPEC §7). Every function returns web shapes. */
import type {
  Article,
  ArticleAvailability,
  ArticleDetail,
  Bestseller,
  Brand,
  CampaignDisplay,
  Category,
  ColorGroup,
  CombinedCampaignArticles,
  Gender,
  Group,
  RawArticle,
  RawArticleAvailability,
  RawArticleDetail,
  RawBestseller,
  RawCampaign,
  RawCategory,
  RawColorGroup,
  RawCombinedCampaignArticles,
  RawGender,
  RawGroup,
  RawProductLine,
} from '../types/catalog.js';
import type { ListQuery, Paginated, RawPaginated } from '../types/common.js';
import type { RawSearchIdsResponse, RawSearchResponse, SearchIdsResult, SearchRequest, SearchResult } from '../types/search.js';
import {
  mapArticle,
  mapArticleAvailability,
  mapArticleDetail,
  mapBestseller,
  mapBrand,
  mapCampaignDisplay,
  mapCategory,
  mapColorGroup,
  mapCombinedCampaignArticles,
  mapGender,
  mapGroup,
} from '@shop/contracts/mappers';
import { mapPaginated } from '@shop/contracts/mappers';
import { mapSearchIdsResponse, mapSearchResponse } from '@shop/contracts/mappers';
import { CATEGORY_DEFAULT_QUERY, SEARCH_TAKE } from '@shop/contracts/constants';
import { $categoryTree, serverFilledState } from '../ssr/state.js';
import { get, post, seg, type RequestOptions } from './client.js';

/**
 * The category tree the server rendered the page with ($categoryTree, filled by the shell and carried in the page's
 * PageData), or the one fetched since; undefined while none is known. The menu and the catalogue's first render use
 * it instead of a request, on the server (the request's scope) and in the browser alike.
 */
export function inlineCategories(): Category[] | undefined {
  const categories = serverFilledState($categoryTree);
  return categories.length > 0 ? categories : undefined;
}

/** GET /categories — answered from the known tree when there is one (see above). */
export async function getCategories(opts?: RequestOptions): Promise<Category[]> {
  const categories = inlineCategories();
  if (categories) return categories;
  return (await get<RawCategory[]>('/categories', undefined, opts)).map(mapCategory);
}

/** GET /subcategories/{id}/groups */
export async function getSubcategoryGroups(subcategoryId: number, opts?: RequestOptions): Promise<Group[]> {
  return (await get<RawGroup[]>(`/subcategories/${seg(subcategoryId)}/groups`, undefined, opts)).map(mapGroup);
}

function listParams(query: ListQuery = {}): Record<string, unknown> {
  return { ...CATEGORY_DEFAULT_QUERY, ...query };
}

/** GET /categories/{id}/articles?page&per_page&orderBy&order (defaults: 1, 20, Name, asc). */
export async function getCategoryArticles(categoryId: number, query?: ListQuery, opts?: RequestOptions): Promise<Paginated<Article>> {
  const raw = await get<RawPaginated<RawArticle>>(`/categories/${seg(categoryId)}/articles`, listParams(query), opts);
  return mapPaginated(raw, mapArticle);
}

/** GET /subcategories/{id}/articles?page&per_page&orderBy&order (same defaults as categories). */
export async function getSubcategoryArticles(subcategoryId: number, query?: ListQuery, opts?: RequestOptions): Promise<Paginated<Article>> {
  const raw = await get<RawPaginated<RawArticle>>(`/subcategories/${seg(subcategoryId)}/articles`, listParams(query), opts);
  return mapPaginated(raw, mapArticle);
}

/** GET /articles/{idOrSlug}: a number (or digits-only string) is an id, anything else a slug. */
export async function getArticle(idOrSlug: number | string, opts?: RequestOptions): Promise<ArticleDetail> {
  return mapArticleDetail(await get<RawArticleDetail>(`/articles/${seg(idOrSlug)}`, undefined, opts));
}

/** GET /articles/availability/{id}: fresh per-shop stock of an article's variants. */
export async function getArticleAvailability(articleId: number, opts?: RequestOptions): Promise<ArticleAvailability> {
  return mapArticleAvailability(await get<RawArticleAvailability>(`/articles/availability/${seg(articleId)}`, undefined, opts));
}

/** GET /articles/bundle?articles=1,2,3 (selection pages /utvalg/1+2+3). */
export async function getArticleBundle(articleIds: number[], opts?: RequestOptions): Promise<Article[]> {
  return (await get<RawArticle[]>('/articles/bundle', { articles: articleIds.join(',') }, opts)).map(mapArticle);
}

/** GET /articles/brand: the house brand's articles (start-up). */
export async function getBrandArticles(opts?: RequestOptions): Promise<Article[]> {
  return (await get<RawArticle[]>('/articles/brand', undefined, opts)).map(mapArticle);
}

/** The body of POST /articles/search and /searchids (the server builds the same one for its first-view answers). */
export function searchBody(request: Partial<SearchRequest> & { query: string }): SearchRequest {
  return { query: request.query, take: request.take ?? SEARCH_TAKE, page: request.page ?? 0, filters: request.filters ?? '' };
}

/** POST /articles/search {query, take = 1000, page (zero-based) = 0, filters = ""} → articles + total. */
export async function searchArticles(request: Partial<SearchRequest> & { query: string }, opts?: RequestOptions): Promise<SearchResult> {
  return mapSearchResponse(await post<RawSearchResponse>('/articles/search', searchBody(request), opts));
}

/** POST /articles/searchids: same body, answers only ids. */
export async function searchArticleIds(request: Partial<SearchRequest> & { query: string }, opts?: RequestOptions): Promise<SearchIdsResult> {
  return mapSearchIdsResponse(await post<RawSearchIdsResponse>('/articles/searchids', searchBody(request), opts));
}

/** GET /productlines */
export async function getProductLines(opts?: RequestOptions): Promise<Brand[]> {
  return (await get<RawProductLine[]>('/productlines', undefined, opts)).map(mapBrand);
}

/** GET /genders */
export async function getGenders(opts?: RequestOptions): Promise<Gender[]> {
  return (await get<RawGender[]>('/genders', undefined, opts)).map(mapGender);
}

/** GET /colorgroups */
export async function getColorGroups(opts?: RequestOptions): Promise<ColorGroup[]> {
  return (await get<RawColorGroup[]>('/colorgroups', undefined, opts)).map(mapColorGroup);
}

/** GET /bestsellers */
export async function getBestsellers(opts?: RequestOptions): Promise<Bestseller[]> {
  return (await get<RawBestseller[]>('/bestsellers', undefined, opts)).map(mapBestseller);
}

/** GET /campaigns/ (the body is the list). */
export async function getCampaigns(opts?: RequestOptions): Promise<CampaignDisplay[]> {
  return (await get<RawCampaign[]>('/campaigns/', undefined, opts)).map(mapCampaignDisplay);
}

/** GET /campaigns/combined/articles (the full answer, mapped). */
export async function getCombinedCampaignArticles(opts?: RequestOptions): Promise<CombinedCampaignArticles> {
  return mapCombinedCampaignArticles(await get<RawCombinedCampaignArticles>('/campaigns/combined/articles', undefined, opts));
}
