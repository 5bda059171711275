import { matchRoutes, type Params } from 'react-router-dom';
import {
  ARTICLE_PAGES,
  BREADCRUMB_RESET_ROUTES,
  GENDER_ROUTES,
  ROUTE_PATTERNS,
  formRedirectFor,
  redirectFor,
  splitSelectionIds,
  type CategoryPageProps,
  type GenderRoute,
  type RouteName,
} from '@shop/contracts/routes';
import type { ThemeName } from '../theme/themes.js';

/**
 * The route table of SPEC §2: every screen, its theme and whether entering it resets the breadcrumbs. Patterns and
 * names come from @shop/contracts/routes; which remote module renders a screen is not here: each remote declares
 * the routes it renders (its startup.json `screens`), and the shell looks the route up in what the registry's remotes
 * declare (federation/composition.ts) when it mounts the screen. A route no remote declares is still a screen of
 * the shop (shown as unavailable), never "not found". React Router ranks static segments above dynamic ones, so the
 * gender landings and static pages win over the catch-all category route; where two patterns rank the same (`/` and
 * the catch-all with no segment), the earlier one wins — keep home first.
 */
export interface ScreenDef {
  /** Unique per entry (route name, plus the variant for routes registered once per fixed path). */
  id: string;
  name: RouteName;
  path: string;
  theme: ThemeName;
  /** Static pages: the page's segment, passed as the `slug` prop. */
  slug?: string;
  /** Gender landings: the mapped gender (voksen → uni with url voksen). */
  gender?: GenderRoute;
  /** The product visibility guard (the shell's navigation guard, SPEC §2) runs before the page is shown. */
  guard?: 'product';
}

/** The theme of each screen (SPEC §2 "A theme sets styling per screen"). */
const THEMES: Record<RouteName, ThemeName> = {
  home: 'home',
  preview: 'home',
  about: 'about',
  brandAbout: 'about',
  support: 'customer service',
  privacy: 'terms',
  maintenance: 'trim',
  policy: 'about',
  articlePage: 'article',
  account: 'contact',
  login: 'contact',
  register: 'contact',
  forgotPassword: 'contact',
  resetPassword: 'contact',
  verifyEmail: 'contact',
  history: 'contact',
  favourites: 'contact',
  staff: 'contact',
  staffReservation: 'contact',
  blog: 'article',
  blogCategory: 'article',
  blogPost: 'article',
  poll: 'home',
  shops: 'contact',
  editor: 'terms',
  checkout: 'delivery',
  product: 'article',
  search: 'search',
  selection: 'search',
  gender: 'gender',
  // Category listings are the gender landings' listing screen narrowed to a category: same theme.
  category: 'gender',
};

const screen = (name: RouteName, extra: Partial<ScreenDef> = {}): ScreenDef => ({ id: name, name, path: ROUTE_PATTERNS[name], theme: THEMES[name], ...extra });
const staticScreen = (name: RouteName, path: string = ROUTE_PATTERNS[name]): ScreenDef => screen(name, { path, slug: path.slice(1) });

export const SCREENS: readonly ScreenDef[] = [
  screen('home'),
  screen('preview'),
  staticScreen('about'),
  staticScreen('brandAbout'),
  staticScreen('support'),
  staticScreen('privacy'),
  staticScreen('maintenance'),
  staticScreen('policy'),
  ...ARTICLE_PAGES.map((page) => ({ ...staticScreen('articlePage', `/${page}`), id: `articlePage:${page}` })),
  // The shop workspace (staff, staffReservation): staff log in through the ordinary login.
  ...(['account', 'login', 'register', 'forgotPassword', 'resetPassword', 'verifyEmail', 'history', 'favourites', 'staff', 'staffReservation'] as const).map((name) => screen(name)),
  screen('blog'),
  screen('blogCategory'),
  screen('blogPost'),
  screen('poll'),
  screen('shops'),
  screen('editor'),
  screen('checkout'),
  screen('product', { guard: 'product' }),
  screen('search'),
  screen('selection'),
  // One static route per gender URL: a `/:gender` pattern would swallow every one-segment category URL.
  ...GENDER_ROUTES.map((gender) => screen('gender', { id: `gender:${gender.url}`, path: `/${gender.url}`, gender })),
  screen('category'),
];

/** A path matched to its screen, with the URL params (decoded) and the props the page receives. */
export interface ScreenMatch {
  screen: ScreenDef;
  params: Readonly<Record<string, string>>;
  props: Record<string, unknown>;
  resetsBreadcrumbs: boolean;
}

export type Resolution =
  | { kind: 'redirect'; to: string }
  | ({ kind: 'screen' } & ScreenMatch)
  | { kind: 'notFound' };

const routeObjects = SCREENS.map((screen) => ({ path: screen.path, id: screen.id }));
const screensById = new Map(SCREENS.map((screen) => [screen.id, screen]));

function cleanParams(params: Params): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') out[key] = value;
  return out;
}

/** The props contract of each page (@shop/contracts/routes: CategoryPageProps, StaticPageProps, …). */
export function screenProps(screen: ScreenDef, params: Readonly<Record<string, string>>): Record<string, unknown> {
  switch (screen.name) {
    case 'home':
      return { previewName: null };
    case 'preview':
      return { previewName: params.name ?? null };
    case 'about':
    case 'brandAbout':
    case 'support':
    case 'privacy':
    case 'maintenance':
    case 'policy':
    case 'articlePage':
      return { slug: screen.slug };
    case 'blogCategory':
      return { categorySlug: params.slug };
    case 'blogPost':
      return { slug: params.slug };
    case 'staffReservation':
      return params.reservationId && /^\d+$/.test(params.reservationId) ? { reservationId: Number(params.reservationId) } : { reservationId: null };
    case 'poll':
      return params.id && /^\d+$/.test(params.id) ? { pollId: Number(params.id) } : {};
    case 'product':
      return { articleName: params.articleName ?? null };
    case 'search':
      return { query: params.query ?? '' };
    case 'selection':
      return { ids: splitSelectionIds(params.ids ?? '') };
    case 'gender':
      return { mainGroup: null, subcategory: null, group: null, gender: screen.gender ?? null } satisfies CategoryPageProps;
    case 'category':
      return {
        mainGroup: params.categoryName ?? null,
        subcategory: params.subcategoryName ?? null,
        group: params.group ?? null,
        gender: null,
      } satisfies CategoryPageProps;
    default:
      return {};
  }
}

/** The screen a pathname shows (redirects not applied), or null when no route matches (more than three levels). */
export function matchScreen(pathname: string): ScreenMatch | null {
  const matches = matchRoutes(routeObjects, pathname);
  const last = matches?.[matches.length - 1];
  const screen = last ? screensById.get(last.route.id) : undefined;
  if (!last || !screen) return null;
  const params = cleanParams(last.params);
  return {
    screen,
    params,
    props: screenProps(screen, params),
    resetsBreadcrumbs: BREADCRUMB_RESET_ROUTES.includes(screen.name),
  };
}

/**
 * What the shell does with a location: the redirects of SPEC §2 first (query and hash travel along), then the
 * screen, else "not found". AppRoutes renders exactly this.
 */
let lastResolved: { key: string; resolution: Resolution } | null = null;

export function resolveLocation(location: { pathname: string; search?: string; hash?: string }): Resolution {
  // Header, routes and navigation effects all ask about the same location on each navigation: answer once.
  const key = `${location.pathname}\u0000${location.search ?? ''}\u0000${location.hash ?? ''}`;
  if (lastResolved?.key === key) return lastResolved.resolution;
  const resolution = resolveUncached(location);
  lastResolved = { key, resolution };
  return resolution;
}

function resolveUncached(location: { pathname: string; search?: string; hash?: string }): Resolution {
  const target = redirectFor(location.pathname);
  if (target !== null) return { kind: 'redirect', to: `${target}${location.search ?? ''}${location.hash ?? ''}` };
  // A search submitted as a plain form (before hydration, or without JavaScript): its query becomes the page's path.
  const submitted = formRedirectFor(location.pathname, location.search ?? '');
  if (submitted !== null) return { kind: 'redirect', to: submitted };
  const match = matchScreen(location.pathname);
  return match ? { kind: 'screen', ...match } : { kind: 'notFound' };
}
