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
 * The route table of SPEC §2: every screen, the remote module that renders it, its theme and whether entering it
 * resets the breadcrumbs. Patterns and names come from @shop/contracts/routes. React Router ranks static segments
 * above dynamic ones, so the gender landings and static pages win over the catch-all category route; where two
 * patterns rank the same (`/` and the catch-all with no segment), the earlier one wins — keep home first.
 */
/** The remotes the route table names (routes stay here until the remotes declare them: issue 22). */
type ScreenRemote = 'mf_catalog' | 'mf_cart_checkout' | 'mf_account' | 'mf_content';

export interface ScreenDef {
  /** Unique per entry (route name, plus the variant for routes registered once per fixed path). */
  id: string;
  name: RouteName;
  path: string;
  remote: ScreenRemote;
  /** Exposed module without "./". */
  module: string;
  theme: ThemeName;
  /** Static pages: the page's segment, passed as the `slug` prop. */
  slug?: string;
  /** Gender landings: the mapped gender (voksen → uni with url voksen). */
  gender?: GenderRoute;
  /** The product visibility guard runs before the page is shown. */
  guard?: 'product';
}

const staticScreen = (name: RouteName, path: string, theme: ThemeName): ScreenDef => ({
  id: name,
  name,
  path,
  remote: 'mf_content',
  module: 'StaticPage',
  theme,
  slug: path.slice(1),
});

/** The account screens of mf-account: route name → exposed page. */
const ACCOUNT_SCREENS = [
  ['account', 'AccountPage'],
  ['login', 'LoginPage'],
  ['register', 'RegisterPage'],
  ['forgotPassword', 'ForgotPasswordPage'],
  ['resetPassword', 'ResetPasswordPage'],
  ['verifyEmail', 'VerifyEmailPage'],
  ['history', 'HistoryPage'],
  ['favourites', 'FavouritesPage'],
  // The shop workspace: staff log in through the ordinary login, so it lives with the session in mf-account.
  ['staff', 'StaffPage'],
  ['staffReservation', 'StaffPage'],
] as const satisfies ReadonlyArray<readonly [RouteName, string]>;

export const SCREENS: readonly ScreenDef[] = [
  { id: 'home', name: 'home', path: ROUTE_PATTERNS.home, remote: 'mf_content', module: 'HomePage', theme: 'home' },
  { id: 'preview', name: 'preview', path: ROUTE_PATTERNS.preview, remote: 'mf_content', module: 'HomePage', theme: 'home' },
  staticScreen('about', ROUTE_PATTERNS.about, 'about'),
  staticScreen('brandAbout', ROUTE_PATTERNS.brandAbout, 'about'),
  staticScreen('support', ROUTE_PATTERNS.support, 'customer service'),
  staticScreen('privacy', ROUTE_PATTERNS.privacy, 'terms'),
  staticScreen('maintenance', ROUTE_PATTERNS.maintenance, 'trim'),
  staticScreen('policy', ROUTE_PATTERNS.policy, 'about'),
  ...ARTICLE_PAGES.map((page) => ({ ...staticScreen('articlePage', `/${page}`, 'article'), id: `articlePage:${page}` })),
  ...ACCOUNT_SCREENS.map(([name, module]): ScreenDef => ({ id: name, name, path: ROUTE_PATTERNS[name], remote: 'mf_account', module, theme: 'contact' })),
  { id: 'blog', name: 'blog', path: ROUTE_PATTERNS.blog, remote: 'mf_content', module: 'BlogListPage', theme: 'article' },
  { id: 'blogCategory', name: 'blogCategory', path: ROUTE_PATTERNS.blogCategory, remote: 'mf_content', module: 'BlogListPage', theme: 'article' },
  { id: 'blogPost', name: 'blogPost', path: ROUTE_PATTERNS.blogPost, remote: 'mf_content', module: 'BlogPostPage', theme: 'article' },
  { id: 'poll', name: 'poll', path: ROUTE_PATTERNS.poll, remote: 'mf_content', module: 'PollPage', theme: 'home' },
  { id: 'shops', name: 'shops', path: ROUTE_PATTERNS.shops, remote: 'mf_content', module: 'ShopLocatorPage', theme: 'contact' },
  { id: 'editor', name: 'editor', path: ROUTE_PATTERNS.editor, remote: 'mf_content', module: 'EditorPage', theme: 'terms' },
  { id: 'checkout', name: 'checkout', path: ROUTE_PATTERNS.checkout, remote: 'mf_cart_checkout', module: 'CheckoutPage', theme: 'delivery' },
  {
    id: 'product',
    name: 'product',
    path: ROUTE_PATTERNS.product,
    remote: 'mf_catalog',
    module: 'ProductPage',
    theme: 'article',
    guard: 'product',
  },
  { id: 'search', name: 'search', path: ROUTE_PATTERNS.search, remote: 'mf_catalog', module: 'SearchPage', theme: 'search' },
  { id: 'selection', name: 'selection', path: ROUTE_PATTERNS.selection, remote: 'mf_catalog', module: 'SelectionPage', theme: 'search' },
  // One static route per gender URL: a `/:gender` pattern would swallow every one-segment category URL.
  ...GENDER_ROUTES.map(
    (gender): ScreenDef => ({
      id: `gender:${gender.url}`,
      name: 'gender',
      path: `/${gender.url}`,
      remote: 'mf_catalog',
      module: 'CategoryPage',
      theme: 'gender',
      gender,
    }),
  ),
  // Category listings are the gender landings' listing screen narrowed to a category: same theme.
  { id: 'category', name: 'category', path: ROUTE_PATTERNS.category, remote: 'mf_catalog', module: 'CategoryPage', theme: 'gender' },
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
