import { describe, expect, it } from 'vitest';
import { composeRemotes } from '../federation/composition.js';
import { SCREENS, resolveLocation, type Resolution } from './screens.js';

/**
 * A fixture registry: four remotes declaring the screens as the shop's remotes split them today (their own
 * src/startup.ts is the truth; the composition journey checks the built ones cover every route).
 */
const { composition, problems } = composeRemotes([
  {
    name: 'mf_catalog',
    startup: {
      model: 'first-interaction',
      screens: { product: 'ProductPage', search: 'SearchPage', selection: 'SelectionPage', gender: 'CategoryPage', category: 'CategoryPage' },
    },
  },
  { name: 'mf_cart_checkout', startup: { model: 'start-up', screens: { checkout: 'CheckoutPage' } } },
  {
    name: 'mf_account',
    startup: {
      model: 'start-up',
      screens: {
        account: 'AccountPage',
        login: 'LoginPage',
        register: 'RegisterPage',
        forgotPassword: 'ForgotPasswordPage',
        resetPassword: 'ResetPasswordPage',
        verifyEmail: 'VerifyEmailPage',
        history: 'HistoryPage',
        favourites: 'FavouritesPage',
        staff: 'StaffPage',
        staffReservation: 'StaffPage',
      },
    },
  },
  {
    name: 'mf_content',
    startup: {
      model: 'first-piece',
      screens: {
        home: 'HomePage',
        preview: 'HomePage',
        ...Object.fromEntries((['about', 'brandAbout', 'support', 'privacy', 'maintenance', 'policy', 'articlePage'] as const).map((name) => [name, 'StaticPage'])),
        blog: 'BlogListPage',
        blogCategory: 'BlogListPage',
        blogPost: 'BlogPostPage',
        poll: 'PollPage',
        shops: 'ShopLocatorPage',
        editor: 'EditorPage',
      },
    },
  },
]);

/** A resolution reduced to what a reader of SPEC §2 checks: where it goes, which (declared) module, which props. */
function summary(resolution: Resolution) {
  if (resolution.kind !== 'screen') return resolution;
  const { screen, props, resetsBreadcrumbs } = resolution;
  const page = composition.screens[screen.name];
  return { kind: 'screen', name: screen.name, module: page ? `${page.remote}/${page.module}` : 'undeclared', props, resetsBreadcrumbs };
}

it('the fixture registry declares every screen once', () => {
  expect(problems).toEqual([]);
  expect(SCREENS.filter((screen) => !composition.screens[screen.name])).toEqual([]);
});

const staticPage = (name: string, slug: string) => ({
  kind: 'screen',
  name,
  module: 'mf_content/StaticPage',
  props: { slug },
  resetsBreadcrumbs: false,
});
const gender = (url: string, name: string, genderIds: number[]) => ({
  kind: 'screen',
  name: 'gender',
  module: 'mf_catalog/CategoryPage',
  props: { mainGroup: null, subcategory: null, group: null, gender: { url, gender: name, genderIds } },
  resetsBreadcrumbs: true,
});
const category = (mainGroup: string | null, subcategory: string | null = null, group: string | null = null) => ({
  kind: 'screen',
  name: 'category',
  module: 'mf_catalog/CategoryPage',
  props: { mainGroup, subcategory, group, gender: null },
  resetsBreadcrumbs: true,
});

describe('the route table of SPEC §2, path by path', () => {
  it.each([
    // home, with hash anchor and preview
    ['/', { kind: 'screen', name: 'home', module: 'mf_content/HomePage', props: { previewName: null }, resetsBreadcrumbs: true }],
    ['/preview/jul-2026', { kind: 'screen', name: 'preview', module: 'mf_content/HomePage', props: { previewName: 'jul-2026' }, resetsBreadcrumbs: false }],
    // static pages
    ['/om-oss', staticPage('about', 'om-oss')],
    ['/kundeservice', staticPage('support', 'kundeservice')],
    ['/kundeservice/', staticPage('support', 'kundeservice')],
    ['/personvernerklaering', staticPage('privacy', 'personvernerklaering')],
    ['/vedlikehold', staticPage('maintenance', 'vedlikehold')],
    ['/baerekraftig-forretningspraksis', staticPage('policy', 'baerekraftig-forretningspraksis')],
    ['/dette-trenger-barnet-til-barnehagestart', staticPage('articlePage', 'dette-trenger-barnet-til-barnehagestart')],
    ['/hvordan-kle-barna', staticPage('articlePage', 'hvordan-kle-barna')],
    ['/bionic-finish-eco', staticPage('articlePage', 'bionic-finish-eco')],
    ['/furet-vaerbitt-vikafjell', staticPage('articlePage', 'furet-vaerbitt-vikafjell')],
    ['/checkout', { kind: 'screen', name: 'checkout', module: 'mf_cart_checkout/CheckoutPage', props: {}, resetsBreadcrumbs: false }],
    // redirects (replace) — query and hash travel along
    ['/payment', { kind: 'redirect', to: '/kundeservice' }],
    ['/return', { kind: 'redirect', to: '/kundeservice' }],
    ['/terms', { kind: 'redirect', to: '/kundeservice' }],
    ['/reclamation', { kind: 'redirect', to: '/kundeservice' }],
    ['/privacy', { kind: 'redirect', to: '/personvernerklaering' }],
    ['/jan-mayen', { kind: 'redirect', to: '/' }],
    ['/skikkelig-stresstest', { kind: 'redirect', to: '/' }],
    ['/ny-kolleksjon-fra-heldre-jan-mayen', { kind: 'redirect', to: '/' }],
    ['/heldre-pa-langtur-over-vidda', { kind: 'redirect', to: '/' }],
    ['/article/101', { kind: 'redirect', to: '/product/101' }],
    // shortcut category URLs
    ['/goggles', { kind: 'redirect', to: '/vintersport/hjelmer-&-alpinbriller/alpinbriller' }],
    ['/hjelmer', { kind: 'redirect', to: '/vintersport/hjelmer-&-alpinbriller/alpinhjelm' }],
    ['/staver', { kind: 'redirect', to: '/vintersport/staver/alpinstaver' }],
    // product: id and slug both reach the guarded product page
    ['/product/101', { kind: 'screen', name: 'product', module: 'mf_catalog/ProductPage', props: { articleName: '101' }, resetsBreadcrumbs: false }],
    ['/product/fjellbris-skalljakke', { kind: 'screen', name: 'product', module: 'mf_catalog/ProductPage', props: { articleName: 'fjellbris-skalljakke' }, resetsBreadcrumbs: false }],
    ['/product', { kind: 'screen', name: 'product', module: 'mf_catalog/ProductPage', props: { articleName: null }, resetsBreadcrumbs: false }],
    // search and selection
    ['/search/ull%20og%20dun', { kind: 'screen', name: 'search', module: 'mf_catalog/SearchPage', props: { query: 'ull og dun' }, resetsBreadcrumbs: true }],
    // the header search submitted as a plain GET form (before hydration, or without JavaScript)
    ['/search?q=ull+og+dun', { kind: 'redirect', to: '/search/ull%20og%20dun' }],
    ['/search?q=', { kind: 'redirect', to: '/' }],
    ['/utvalg/12+7+301', { kind: 'screen', name: 'selection', module: 'mf_catalog/SelectionPage', props: { ids: [12, 7, 301] }, resetsBreadcrumbs: true }],
    ['/utvalg/12%2B7', { kind: 'screen', name: 'selection', module: 'mf_catalog/SelectionPage', props: { ids: [12, 7] }, resetsBreadcrumbs: true }],
    // genders: voksen is uni with url voksen; barn-junior keeps its url
    ['/herre', gender('herre', 'herre', [1])],
    ['/dame', gender('dame', 'dame', [2])],
    ['/junior', gender('junior', 'junior', [11])],
    ['/barn', gender('barn', 'barn', [4])],
    ['/uni', gender('uni', 'uni', [10])],
    ['/voksen', gender('voksen', 'uni', [10])],
    ['/barn-junior', gender('barn-junior', 'barn-junior', [4, 11])],
    // the catch-all: one, two and three levels; four is not a page
    ['/vintersport', category('vintersport')],
    ['/vintersport/hjelmer-&-alpinbriller', category('vintersport', 'hjelmer-&-alpinbriller')],
    ['/vintersport/hjelmer-%26-alpinbriller/alpinbriller', category('vintersport', 'hjelmer-&-alpinbriller', 'alpinbriller')],
    ['/sportsutstyr/tilbeh%C3%B8r-sportsutstyr', category('sportsutstyr', 'tilbehør-sportsutstyr')],
    ['/mat-og-drikke', category('mat-og-drikke')],
    ['/a/b/c/d', { kind: 'notFound' }],
  ])('%s', (pathname, expected) => {
    const [path, search] = pathname.split('?');
    expect(summary(resolveLocation({ pathname: path!, search: search === undefined ? '' : `?${search}` }))).toEqual(expected);
  });
});

const page = (name: string, module: string, props: Record<string, unknown> = {}) => ({
  kind: 'screen',
  name,
  module,
  props,
  resetsBreadcrumbs: false,
});

describe('the screens the remotes add beyond SPEC §2 (account, blog, polls, shops, editor)', () => {
  it.each([
    ['/om-staut', staticPage('brandAbout', 'om-staut')],
    ['/konto', page('account', 'mf_account/AccountPage')],
    ['/konto/logg-inn', page('login', 'mf_account/LoginPage')],
    ['/konto/registrer', page('register', 'mf_account/RegisterPage')],
    ['/konto/glemt-passord', page('forgotPassword', 'mf_account/ForgotPasswordPage')],
    ['/konto/tilbakestill-passord', page('resetPassword', 'mf_account/ResetPasswordPage')],
    ['/konto/bekreft-epost', page('verifyEmail', 'mf_account/VerifyEmailPage')],
    ['/konto/historikk', page('history', 'mf_account/HistoryPage')],
    ['/favoritter', page('favourites', 'mf_account/FavouritesPage')],
    ['/blogg', page('blog', 'mf_content/BlogListPage')],
    ['/blogg/kategori/barn', page('blogCategory', 'mf_content/BlogListPage', { categorySlug: 'barn' })],
    ['/blogg/slik-velger-du-skalljakke', page('blogPost', 'mf_content/BlogPostPage', { slug: 'slik-velger-du-skalljakke' })],
    ['/avstemning', page('poll', 'mf_content/PollPage')],
    ['/avstemning/3', page('poll', 'mf_content/PollPage', { pollId: 3 })],
    ['/avstemning/tull', page('poll', 'mf_content/PollPage')],
    ['/butikker', page('shops', 'mf_content/ShopLocatorPage')],
    ['/redaksjon', page('editor', 'mf_content/EditorPage')],
    ['/redaksjon/innlegg/12', page('editor', 'mf_content/EditorPage')],
    ['/butikk', page('staff', 'mf_account/StaffPage')],
    ['/butikk/42', page('staffReservation', 'mf_account/StaffPage', { reservationId: 42 })],
    ['/butikk/tull', page('staffReservation', 'mf_account/StaffPage', { reservationId: null })],
  ])('%s', (pathname, expected) => {
    expect(summary(resolveLocation({ pathname }))).toEqual(expected);
  });

  it('redirects keep the query and the hash', () => {
    expect(resolveLocation({ pathname: '/privacy', search: '?fra=epost', hash: '#cookies' })).toEqual({
      kind: 'redirect',
      to: '/personvernerklaering?fra=epost#cookies',
    });
    expect(resolveLocation({ pathname: '/article/55', search: '?openCart=1' })).toEqual({ kind: 'redirect', to: '/product/55?openCart=1' });
  });

  it('only the product route is guarded', () => {
    expect(SCREENS.filter((screen) => screen.guard).map((screen) => screen.id)).toEqual(['product']);
  });

  it('screen ids are unique', () => {
    expect(new Set(SCREENS.map((screen) => screen.id)).size).toBe(SCREENS.length);
  });
});
