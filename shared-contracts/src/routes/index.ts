/**
 * Route facts of SPEC §2: names, path patterns (react-router 7 syntax), path builders, the gender and shortcut
 * tables and redirects. The shell owns the router; everyone builds links with `pathFor`.
 */
import { categoryParam } from '@shop/contracts/format';
import { categoryDisplayName } from '@shop/contracts/mappers';

/** Static article pages (SPEC §2 "article pages"), served by mf-content. */
export const ARTICLE_PAGES = [
  'dette-trenger-barnet-til-barnehagestart',
  'hvordan-kle-barna',
  'bionic-finish-eco',
  'furet-vaerbitt-vikafjell',
] as const;
export type ArticlePage = (typeof ARTICLE_PAGES)[number];

/** Campaign pages that redirect home. */
export const CAMPAIGN_PAGES = ['jan-mayen', 'skikkelig-stresstest', 'ny-kolleksjon-fra-heldre-jan-mayen', 'heldre-pa-langtur-over-vidda'] as const;

/**
 * Route name → path pattern, in matching order (the shell registers them in this order; the gender and category
 * catch-alls come last). `policy` is the sustainability policy page, `privacy` the privacy-and-cookies page.
 */
export const ROUTE_PATTERNS = {
  home: '/',
  preview: '/preview/:name',
  about: '/om-oss',
  support: '/kundeservice',
  privacy: '/personvernerklaering',
  maintenance: '/vedlikehold',
  policy: '/baerekraftig-forretningspraksis',
  checkout: '/checkout',
  /** The chain's brand about page (mf-content). */
  brandAbout: '/om-staut',
  // Customer account (mf-account). Reset and verify are also written into e-mails by the API.
  account: '/konto',
  login: '/konto/logg-inn',
  register: '/konto/registrer',
  forgotPassword: '/konto/glemt-passord',
  resetPassword: '/konto/tilbakestill-passord',
  verifyEmail: '/konto/bekreft-epost',
  history: '/konto/historikk',
  favourites: '/favoritter',
  // Content (mf-content).
  blog: '/blogg',
  blogCategory: '/blogg/kategori/:slug',
  blogPost: '/blogg/:slug',
  poll: '/avstemning/:id?',
  shops: '/butikker',
  /**
   * The editors' workspace (mf-content, staff only): its sections (/redaksjon/innlegg/12) are the content team's own.
   * Two optional segments, not a splat: a splat ranks below the category catch-all.
   */
  editor: '/redaksjon/:section?/:key?',
  /** The shop workspace (mf-account, staff only): the queue, and one reservation. */
  staff: '/butikk',
  staffReservation: '/butikk/:reservationId',
  /** Not a catch-all: register one route per ARTICLE_PAGES entry (`/${page}`). */
  articlePage: '/:page',
  product: '/product/:articleName?',
  search: '/search/:query',
  selection: '/utvalg/:ids',
  gender: '/:gender',
  category: '/:categoryName?/:subcategoryName?/:group?',
} as const;
export type RouteName = keyof typeof ROUTE_PATTERNS;

/** Routes whose entry resets the breadcrumbs (SPEC §2). */
export const BREADCRUMB_RESET_ROUTES: readonly RouteName[] = ['home', 'search', 'selection', 'gender', 'category'];

export interface RouteParams {
  home: Record<string, never> | undefined;
  preview: { name: string };
  about: Record<string, never> | undefined;
  support: Record<string, never> | undefined;
  privacy: Record<string, never> | undefined;
  maintenance: Record<string, never> | undefined;
  policy: Record<string, never> | undefined;
  checkout: Record<string, never> | undefined;
  brandAbout: Record<string, never> | undefined;
  account: Record<string, never> | undefined;
  login: Record<string, never> | undefined;
  register: Record<string, never> | undefined;
  forgotPassword: Record<string, never> | undefined;
  resetPassword: Record<string, never> | undefined;
  verifyEmail: Record<string, never> | undefined;
  history: Record<string, never> | undefined;
  favourites: Record<string, never> | undefined;
  blog: Record<string, never> | undefined;
  blogCategory: { slug: string };
  blogPost: { slug: string };
  /** Without an id: the first active poll. */
  poll: { id?: number } | undefined;
  shops: Record<string, never> | undefined;
  editor: Record<string, never> | undefined;
  staff: Record<string, never> | undefined;
  staffReservation: { reservationId: number };
  articlePage: { page: ArticlePage };
  /** A slug (product page) or an article id (forwarded to the slug). */
  product: { articleName?: string | number };
  search: { query: string };
  selection: { ids: ReadonlyArray<number> | string };
  /** A gender URL (herre, dame, …) or a gender name ("Herre", "Unisex"). */
  gender: { gender: string };
  /** Names or params; each is turned into a category param (lowercase, dashes). */
  category: { categoryName?: string; subcategoryName?: string; group?: string };
}

/** Encodes only what would break a path segment; "&", "+", æøå stay readable. */
function segment(value: string): string {
  return value.replace(/[/?#%\s]/g, (c) => encodeURIComponent(c));
}

type OptionalParams<N extends RouteName> = undefined extends RouteParams[N] ? [params?: RouteParams[N]] : [params: RouteParams[N]];

/** The path of a named route: pathFor('category', {categoryName: 'Vintersport'}) → "/vintersport". */
export function pathFor<N extends RouteName>(name: N, ...args: OptionalParams<N>): string {
  const params = args[0] as RouteParams[RouteName] | undefined;
  switch (name) {
    case 'preview':
      return `/preview/${encodeURIComponent((params as RouteParams['preview']).name)}`;
    case 'articlePage':
      return `/${(params as RouteParams['articlePage']).page}`;
    case 'blogCategory':
      return `/blogg/kategori/${encodeURIComponent((params as RouteParams['blogCategory']).slug)}`;
    case 'blogPost':
      return `/blogg/${encodeURIComponent((params as RouteParams['blogPost']).slug)}`;
    case 'editor':
      return '/redaksjon';
    case 'staffReservation':
      return `/butikk/${(params as RouteParams['staffReservation']).reservationId}`;
    case 'poll': {
      const id = (params as RouteParams['poll'])?.id;
      return id === undefined ? '/avstemning' : `/avstemning/${id}`;
    }
    case 'product': {
      const articleName = (params as RouteParams['product'] | undefined)?.articleName;
      return articleName === undefined || articleName === '' ? '/product' : `/product/${segment(String(articleName))}`;
    }
    case 'search':
      return `/search/${encodeURIComponent((params as RouteParams['search']).query)}`;
    case 'selection': {
      const ids = (params as RouteParams['selection']).ids;
      return `/utvalg/${typeof ids === 'string' ? segment(ids) : joinSelectionIds(ids)}`;
    }
    case 'gender':
      return `/${genderUrl((params as RouteParams['gender']).gender)}`;
    case 'category': {
      const p = (params ?? {}) as RouteParams['category'];
      const parts = [p.categoryName, p.subcategoryName, p.group];
      const used: string[] = [];
      for (const part of parts) {
        if (part === undefined || part === '') break; // a level without its parent cannot be expressed
        // A main group is addressed by its display name: "Tekstil" and "Klær" both give /klaer (docs/adr/0014).
        used.push(segment(categoryParam(used.length === 0 ? categoryDisplayName(part) : part)));
      }
      return `/${used.join('/')}`;
    }
    default:
      return ROUTE_PATTERNS[name];
  }
}

/**
 * The query parameter that asks for the draft of a post, poll or copy page at its real address: the API answers it
 * only to an editor's session (privately, never cached), everyone else gets the published content or a 404.
 */
export const PREVIEW_PARAM = 'forhandsvisning';

/**
 * Whether a page address asks for the preview (`?forhandsvisning=1`): the query string of a URL, a whole URL or a
 * location's `search`. Only the value 1 asks; the API then decides whether the session may see drafts.
 */
export function asksForPreview(urlOrSearch: string): boolean {
  const at = urlOrSearch.indexOf('?');
  const query = (at >= 0 ? urlOrSearch.slice(at + 1) : urlOrSearch).split('#')[0]!;
  return new URLSearchParams(query).getAll(PREVIEW_PARAM).includes('1');
}

type ContentKey = { slug?: string; id?: number; name?: string };

/** Where shoppers see a post, poll or copy page (a home layout, when live, is the home page). */
export function contentPathFor(type: 'blog-post' | 'poll' | 'page' | 'home-layout', key: ContentKey): string {
  switch (type) {
    case 'blog-post':
      return pathFor('blogPost', { slug: key.slug ?? '' });
    case 'poll':
      return pathFor('poll', { id: key.id ?? 0 });
    case 'page':
      return `/${segment(key.slug ?? '')}`;
    case 'home-layout':
      return '/';
  }
}

/** Where an editor previews content in the shop's own pages (home layouts have their own /preview/{name}). */
export function previewPathFor(type: 'blog-post' | 'poll' | 'page' | 'home-layout', key: ContentKey): string {
  return type === 'home-layout' ? pathFor('preview', { name: key.name ?? '' }) : `${contentPathFor(type, key)}?${PREVIEW_PARAM}=1`;
}

export function productPath(slugOrId: string | number): string {
  return pathFor('product', { articleName: slugOrId });
}

/** True when a product param is an article id (forward to the slug) rather than a slug. */
export function isArticleIdParam(param: string | undefined): boolean {
  return param !== undefined && /^\d+$/.test(param);
}

// ───────────── genders ─────────────

/** Gender ids (SPEC §3). */
export const GENDER_IDS = { Herre: 1, Dame: 2, Barn: 4, Uni: 10, Junior: 11 } as const;

export interface GenderRoute {
  /** The URL segment. */
  url: string;
  /** The gender the page shows (voksen is shown as uni). */
  gender: string;
  /** Gender ids the page lists. */
  genderIds: number[];
}

/** SPEC §2 gender URLs. voksen → gender uni with url voksen; barn-junior keeps its url and lists both. */
export const GENDER_ROUTES: readonly GenderRoute[] = [
  { url: 'herre', gender: 'herre', genderIds: [GENDER_IDS.Herre] },
  { url: 'dame', gender: 'dame', genderIds: [GENDER_IDS.Dame] },
  { url: 'junior', gender: 'junior', genderIds: [GENDER_IDS.Junior] },
  { url: 'barn', gender: 'barn', genderIds: [GENDER_IDS.Barn] },
  { url: 'uni', gender: 'uni', genderIds: [GENDER_IDS.Uni] },
  { url: 'voksen', gender: 'uni', genderIds: [GENDER_IDS.Uni] },
  { url: 'barn-junior', gender: 'barn-junior', genderIds: [GENDER_IDS.Barn, GENDER_IDS.Junior] },
];

/** The gender route of a URL segment, or null when the segment is not a gender (then it is a category). */
export function resolveGenderUrl(segmentValue: string): GenderRoute | null {
  const key = segmentValue.toLowerCase();
  return GENDER_ROUTES.find((g) => g.url === key) ?? null;
}

/** Gender URL of a gender name or url: lowercase, "unisex" shown as "uni". */
export function genderUrl(gender: string): string {
  const key = gender.trim().toLowerCase();
  return key === 'unisex' ? 'uni' : key;
}

// ───────────── category shortcuts ─────────────

export interface CategoryParams {
  categoryName: string;
  subcategoryName?: string;
  group?: string;
}

/** SPEC §2 shortcut URLs. */
export const CATEGORY_SHORTCUTS: Readonly<Record<string, Required<CategoryParams>>> = {
  goggles: { categoryName: 'vintersport', subcategoryName: 'hjelmer-&-alpinbriller', group: 'alpinbriller' },
  hjelmer: { categoryName: 'vintersport', subcategoryName: 'hjelmer-&-alpinbriller', group: 'alpinhjelm' },
  staver: { categoryName: 'vintersport', subcategoryName: 'staver', group: 'alpinstaver' },
};

/** The category params a one-segment shortcut stands for, or null. */
export function resolveCategoryShortcut(segmentValue: string): Required<CategoryParams> | null {
  return CATEGORY_SHORTCUTS[segmentValue.toLowerCase()] ?? null;
}

export { canonicalCategoryHref, canonicalCategoryPath, type CategoryNameTree } from './canonical.js';
export { categoryTitle, genderTitle, paramToName, staticPageTitle, type CategoryTitleTree } from './titles.js';

// ───────────── redirects ─────────────

/** Exact-path redirects (SPEC §2). */
export const REDIRECTS: Readonly<Record<string, string>> = {
  '/payment': '/kundeservice',
  '/return': '/kundeservice',
  '/terms': '/kundeservice',
  '/reclamation': '/kundeservice',
  '/privacy': '/personvernerklaering',
  ...Object.fromEntries(CAMPAIGN_PAGES.map((p) => [`/${p}`, '/'])),
};

/**
 * Where a path redirects to, or null: the exact table, `/article/{id}` → `/product/{id}`, and the category
 * shortcuts (/goggles → /vintersport/hjelmer-&-alpinbriller/alpinbriller). A trailing slash is ignored.
 */
export function redirectFor(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const exact = REDIRECTS[path.toLowerCase()];
  if (exact !== undefined) return exact;
  const article = /^\/article\/([^/]+)$/i.exec(path);
  if (article) return `/product/${article[1]}`;
  const shortcut = /^\/([^/]+)$/.exec(path);
  if (shortcut) {
    const target = resolveCategoryShortcut(shortcut[1]);
    if (target) return pathFor('category', target);
  }
  return null;
}

// ───────────── forms that work before the page has hydrated ─────────────

/**
 * The header's search box as a plain GET form, so it searches before the page has hydrated (a slow phone) and
 * without JavaScript: the form's address is `/search?q=…`, which the shell sends on to the search page
 * `/search/{query}` (SPEC §2). Once hydrated, the box's script navigates to the search page itself.
 */
export const SEARCH_FORM = Object.freeze({ action: '/search', queryField: 'q', maxLength: 200 } as const);

/**
 * Where a submitted GET form's address goes, or null when the address is no form's: `/search?q=ull` → `/search/ull`
 * (the query trimmed, at most the box's length); a blank query has no search page, so it goes home. `/search` without
 * the form's field names no page (404, as before).
 */
export function formRedirectFor(pathname: string, search: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const submitted = new URLSearchParams(search).get(SEARCH_FORM.queryField);
  if (path.toLowerCase() !== SEARCH_FORM.action || submitted === null) return null;
  const query = submitted.trim().slice(0, SEARCH_FORM.maxLength).trim();
  return query === '' ? pathFor('home') : pathFor('search', { query });
}

// ───────────── selections ─────────────

/** "/utvalg/1+2+3" ids → [1, 2, 3]. Also accepts spaces (a "+" decoded as a space) and "%2B"; junk is dropped. */
export function splitSelectionIds(ids: string): number[] {
  let text = ids;
  try {
    text = decodeURIComponent(ids);
  } catch {
    // keep as is
  }
  return text
    .split(/[+\s,]+/)
    .filter((p) => /^\d+$/.test(p))
    .map(Number);
}

export function joinSelectionIds(ids: ReadonlyArray<number>): string {
  return ids.join('+');
}

// ───────────── page props ─────────────

export type {
  CategoryPageProps,
  HomePageProps,
  ProductPageProps,
  ProductPageData,
  SearchPageProps,
  SelectionPageProps,
  StaticPageProps,
} from './pages.js';
export { isSiteReturnPath, RETURN_PATH_MAX_LENGTH, siteReturnPath } from './returnPath.js';
