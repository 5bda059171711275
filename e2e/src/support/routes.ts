/**
 * One example of every route of the shell's route table (shell/src/routing/screens.ts, names from ROUTE_PATTERNS):
 * each static path and one example of each parameterised route, picked through the real API. The journeys that must
 * hold on every route (a11y-routes, ssr) walk these.
 */
import { mapArticleDetail, categoryDisplayName } from '@shop/contracts/mappers';
import { ARTICLE_PAGES, GENDER_ROUTES, pathFor } from '@shop/contracts/routes';
import type { RawArticleDetail, RawCategory } from '@shop/contracts/types';
import { findPurchasableArticle } from './catalog.js';
import { getJson } from './journey.js';

const api = getJson;

export interface RouteExample {
  name: string;
  path: string;
}

export const ROUTE_NAMES = [
  'home',
  'preview',
  'about',
  'brandAbout',
  'support',
  'privacy',
  'maintenance',
  'policy',
  ...ARTICLE_PAGES.map((page) => `articlePage ${page}`),
  'account',
  'login',
  'register',
  'forgotPassword',
  'resetPassword',
  'verifyEmail',
  'history',
  'favourites',
  'blog',
  'blogCategory',
  'blogPost',
  'poll',
  'poll with id',
  'shops',
  'editor',
  'staff',
  'staffReservation',
  'product',
  'search',
  'selection',
  'gender',
  'category 1 level',
  'category 2 levels',
  'category 3 levels',
  'not found',
  'checkout',
];

async function firstOk<T>(label: string, candidates: Array<() => Promise<T | undefined>>): Promise<T> {
  for (const candidate of candidates) {
    const value = await candidate().catch(() => undefined);
    if (value !== undefined) return value;
  }
  throw new Error(`no example found for ${label}`);
}

/** One example of every route, picked through the real API. */
export async function routeExamples(baseUrl: string): Promise<RouteExample[]> {
  const article = await findPurchasableArticle(baseUrl);
  const detail = mapArticleDetail(await api<RawArticleDetail>(baseUrl, `/articles/${article.id}`));
  const categories = await api<RawCategory[]>(baseUrl, '/categories');
  const mainName = categoryDisplayName(categories.find((c) => c.MainGroupID === detail.category?.id)?.Name ?? article.categoryName);
  const posts = await api<{ data: Array<{ slug: string; categories: Array<{ slug: string }> }> }>(baseUrl, '/blog/posts?page=1');
  const blogCategories = await api<Array<{ slug: string; posts_count: number }>>(baseUrl, '/blog/categories');
  const polls = await api<Array<{ id: number }>>(baseUrl, '/polls/active');
  const listed = await api<{ data: Array<{ ArticleID: number }> }>(baseUrl, `/categories/${detail.category?.id ?? 1}/articles?per_page=3`);
  const blogCategory = await firstOk('blog category', [async () => blogCategories.find((c) => c.posts_count > 0)?.slug]);
  return [
    { name: 'home', path: '/' },
    // The live layout by name (a draft's preview is for staff only: content-pages.e2e.ts).
    { name: 'preview', path: pathFor('preview', { name: 'standard' }) },
    ...(['about', 'brandAbout', 'support', 'privacy', 'maintenance', 'policy'] as const).map((name) => ({ name, path: pathFor(name) })),
    ...ARTICLE_PAGES.map((page) => ({ name: `articlePage ${page}`, path: pathFor('articlePage', { page }) })),
    ...(['account', 'login', 'register', 'forgotPassword', 'resetPassword', 'verifyEmail', 'history', 'favourites'] as const).map((name) => ({
      name,
      path: pathFor(name),
    })),
    { name: 'blog', path: pathFor('blog') },
    { name: 'blogCategory', path: pathFor('blogCategory', { slug: blogCategory }) },
    { name: 'blogPost', path: pathFor('blogPost', { slug: posts.data[0]!.slug }) },
    { name: 'poll', path: pathFor('poll') },
    { name: 'poll with id', path: pathFor('poll', { id: polls[0]!.id }) },
    { name: 'shops', path: pathFor('shops') },
    { name: 'editor', path: pathFor('editor') },
    // Signed out: the workspace's "Logg inn som ansatt" view (the signed-in queue and detail: staff-fulfilment.e2e.ts).
    { name: 'staff', path: pathFor('staff') },
    { name: 'staffReservation', path: pathFor('staffReservation', { reservationId: 1 }) },
    { name: 'product', path: pathFor('product', { articleName: article.slug }) },
    { name: 'search', path: pathFor('search', { query: 'jakke' }) },
    { name: 'selection', path: pathFor('selection', { ids: listed.data.map((a) => a.ArticleID) }) },
    { name: 'gender', path: pathFor('gender', { gender: GENDER_ROUTES[1]!.url }) },
    { name: 'category 1 level', path: pathFor('category', { categoryName: mainName }) },
    { name: 'category 2 levels', path: pathFor('category', { categoryName: mainName, subcategoryName: detail.group2 }) },
    { name: 'category 3 levels', path: pathFor('category', { categoryName: mainName, subcategoryName: detail.group2, group: detail.group3 }) },
    { name: 'not found', path: '/finnes/ikke/her/heller' },
    // Last: with one line in the cart (put there on the product page in beforeAll).
    { name: 'checkout', path: pathFor('checkout') },
  ];
}

