/**
 * The element ids the shop's own pages use. Editor content (blog posts, static pages) is written into the same
 * document, and `getElementById` — and a `#fragment`, `aria-labelledby`, a `<label for>` — take the FIRST element with
 * an id: an editor's `<h2 id="shop-page-data">` came before the real PageData element the shell reads. The content
 * sanitiser (api/src/content/sanitize.ts) refuses every id `isShopElementId` names. The list is kept whole by
 * elementIds.test.ts, which reads the ids the shell and the remotes write.
 */
import { PAGE_DATA_ELEMENT_ID } from './pageData.js';

/** The document's own: the shell's template, the page data, the page scripts' template (shell/src/start/pageScripts.ts). */
const DOCUMENT_IDS = ['root', PAGE_DATA_ELEMENT_ID, 'shop-page-scripts'] as const;

/** The shell's chrome, on every page: the skip link's target (SkipLink.tsx MAIN_ID), the mobile menu (menuIds.ts). */
const SHELL_IDS = ['innhold', 'mobilmeny', 'not-found-title'] as const;

/** The remotes' pages (their literal ids; mf-catalog's REVIEWS_ID is the product page's #anmeldelser). */
const REMOTE_IDS = [
  'about', 'about-title', 'account-title', 'anmeldelser', 'audit-title', 'bestsellers-title', 'campaigns-title', 'categories',
  'category-title', 'checkout-details-title', 'checkout-title', 'club-title', 'color-legend', 'cookies-title', 'delete-confirm',
  'delete-title', 'favourites-title', 'forgot-title', 'grid-title', 'history-orders', 'history-reservations', 'history-reviews',
  'history-title', 'home-preview-title', 'inspiration-title', 'invite-title', 'listing-title', 'login-title', 'marketing-title',
  'poll-banners-heading', 'poll-details-heading', 'poll-open-heading', 'poll-open-hint', 'poll-questions-heading', 'poll-quiz-hint',
  'poll-results-heading', 'popular-categories-title', 'popular-title', 'product-title', 'profile-title', 'purchase-block',
  'register-gender', 'register-title', 'reset-title', 'reviews-title', 'selection-title', 'size-legend', 'size-sold-out',
  'social-title', 'staff', 'staff-actions', 'staff-customer', 'staff-events', 'staff-filters', 'staff-follow-up', 'staff-lines',
  'staff-login', 'staff-payment', 'staff-queue', 'staff-reservation', 'staff-search', 'staff-search-hint', 'staff-title',
  'static-title', 'stock-title', 'store-search-title', 'verify-title',
] as const;

/** Every fixed id of the shop's pages. */
export const SHOP_ELEMENT_IDS: ReadonlySet<string> = new Set([...DOCUMENT_IDS, ...SHELL_IDS, ...REMOTE_IDS]);

/**
 * Ids the shop builds from data: its own namespace `shop-`, the desktop menu's submenus (`submenu-klaer`) and a blog
 * post's headings (`post-12`, `main-12`, `related-12`: mf-content's BlogPostView, on the page the post's body is on).
 */
export const SHOP_ELEMENT_ID_PATTERNS: readonly RegExp[] = Object.freeze([/^shop-/, /^submenu-/, /^(post|main|related)-[0-9]+$/]);

/** Whether `id` is one the shop's own pages use (so editor content may not give it to an element). */
export function isShopElementId(id: string): boolean {
  const value = id.trim().toLowerCase();
  return SHOP_ELEMENT_IDS.has(value) || SHOP_ELEMENT_ID_PATTERNS.some((pattern) => pattern.test(value));
}
