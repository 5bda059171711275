/** Content, settings and geo calls (SPEC §7). */
import type {
  BlogCategory,
  BlogCategoryPage,
  BlogPost,
  Poll,
  PollAnswer,
  PollScore,
  QuestionScore,
  RawBlogCategory,
  RawBlogCategoryPage,
  RawBlogPost,
  RawSocialPost,
  SocialPost,
} from '../types/content.js';
import type { Paginated, RawPaginated } from '../types/common.js';
import type { RawSettings, RawTenant, Settings, Tenant } from '../types/settings.js';
import type { AddressFeature, LatLng, PostalCode, RawAddressSearch, RawOsrmTable, RawPostalCode } from '../types/geo.js';
import { mapBlogCategory, mapBlogCategoryPage, mapBlogPost, mapPaginated, mapSettings, mapSocialPost, mapTenant } from '@shop/contracts/mappers';
import { mapAddressHit, mapPostalCode } from '@shop/contracts/mappers';
import { get, previewQuery, seg, type ContentReadOptions, type RequestOptions } from './client.js';

/** GET /settings: home-page banner slots. */
export async function getSettings(opts?: RequestOptions): Promise<Settings> {
  return mapSettings(await get<RawSettings>('/settings', undefined, opts));
}

/** GET /tenant/get: brand configuration. */
export async function getTenant(opts?: RequestOptions): Promise<Tenant> {
  return mapTenant(await get<RawTenant>('/tenant/get', undefined, opts));
}

/** GET /blog/posts?page */
export async function getBlogPosts(page = 1, opts?: RequestOptions): Promise<Paginated<BlogPost>> {
  return mapPaginated(await get<RawPaginated<RawBlogPost>>('/blog/posts', { page }, opts), mapBlogPost);
}

/** GET /blog/{slug}; `preview`: ?forhandsvisning=1, the saved draft for an editor (ContentReadOptions). */
export async function getBlogPost(slug: string, opts?: ContentReadOptions): Promise<BlogPost> {
  return mapBlogPost(await get<RawBlogPost>(`/blog/${seg(slug)}`, previewQuery(opts), opts));
}

/** GET /blog/post/{id} */
export async function getBlogPostById(id: number, opts?: RequestOptions): Promise<BlogPost> {
  return mapBlogPost(await get<RawBlogPost>(`/blog/post/${seg(id)}`, undefined, opts));
}

/** GET /blog/categories */
export async function getBlogCategories(opts?: RequestOptions): Promise<BlogCategory[]> {
  return (await get<RawBlogCategory[]>('/blog/categories', undefined, opts)).map(mapBlogCategory);
}

/** GET /blog/category/{slug}?page */
export async function getBlogCategory(slug: string, page = 1, opts?: RequestOptions): Promise<BlogCategoryPage> {
  return mapBlogCategoryPage(await get<RawBlogCategoryPage>(`/blog/category/${seg(slug)}`, { page }, opts));
}

/** GET /polls/active */
export async function getActivePolls(opts?: RequestOptions): Promise<Poll[]> {
  return get<Poll[]>('/polls/active', undefined, opts);
}

/** GET /polls/{id}; `preview`: ?forhandsvisning=1, the saved draft for an editor (ContentReadOptions). */
export async function getPoll(id: number, opts?: ContentReadOptions): Promise<Poll> {
  return get<Poll>(`/polls/${seg(id)}`, previewQuery(opts), opts);
}

/** GET /polls/{id}/score */
export async function getPollScore(id: number, opts?: RequestOptions): Promise<PollScore> {
  return get<PollScore>(`/polls/${seg(id)}/score`, undefined, opts);
}

/** GET /polls/questions/{id}/score */
export async function getQuestionScore(questionId: number, opts?: RequestOptions): Promise<QuestionScore> {
  return get<QuestionScore>(`/polls/questions/${seg(questionId)}/score`, undefined, opts);
}

/** GET /polls/questions/{id}/answers */
export async function getQuestionAnswers(questionId: number, opts?: RequestOptions): Promise<PollAnswer[]> {
  return get<PollAnswer[]>(`/polls/questions/${seg(questionId)}/answers`, undefined, opts);
}

/** GET /polls/{id}/answers */
export async function getPollAnswers(id: number, opts?: RequestOptions): Promise<PollAnswer[]> {
  return get<PollAnswer[]>(`/polls/${seg(id)}/answers`, undefined, opts);
}

/** GET /fb/getPosts: the social feed. */
export async function getSocialPosts(opts?: RequestOptions): Promise<SocialPost[]> {
  return (await get<RawSocialPost[]>('/fb/getPosts', undefined, opts)).map(mapSocialPost);
}

/** GET /postalcodes */
export async function getPostalCodes(opts?: RequestOptions): Promise<PostalCode[]> {
  return (await get<RawPostalCode[]>('/postalcodes', undefined, opts)).map(mapPostalCode);
}

/** GET /postalcodes/{zip} → {postNo, postPlace, lat, lng} (from CoordLat/CoordLong). */
export async function getPostalCode(zip: string, opts?: RequestOptions): Promise<PostalCode> {
  return mapPostalCode(await get<RawPostalCode>(`/postalcodes/${seg(zip.trim())}`, undefined, opts));
}

export type OsrmAnnotations = 'distance' | 'duration' | 'duration,distance';

/**
 * GET /osrm/table/v1/car/{lng,lat;…}?annotations=… — OSRM wants longitude first. Pass `sources`/`destinations`
 * as indexes into `points` to limit the matrix (OSRM joins them with ";").
 */
export async function getOsrmTable(
  points: LatLng[],
  options: { annotations?: OsrmAnnotations; sources?: number[]; destinations?: number[] } = {},
  opts?: RequestOptions,
): Promise<RawOsrmTable> {
  const coords = points.map((p) => `${p.lng},${p.lat}`).join(';');
  const params: Record<string, unknown> = { annotations: options.annotations ?? 'distance' };
  if (options.sources) params.sources = options.sources.join(';');
  if (options.destinations) params.destinations = options.destinations.join(';');
  return get<RawOsrmTable>(`/osrm/table/v1/car/${coords}`, params, opts);
}

/**
 * GET /geo/addresses?sok={text}: the API's proxy of the maps address lookup (Kartverket "adresser/v1/sok" shape).
 * The path is our decision (SPEC §7 only names "an external maps address-lookup service").
 */
export async function searchAddresses(text: string, opts?: RequestOptions): Promise<AddressFeature[]> {
  return (await get<RawAddressSearch>('/geo/addresses', { sok: text }, opts)).adresser.map(mapAddressHit);
}
