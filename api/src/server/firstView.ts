/**
 * The static first view the server writes into index.html's `<div id="root">`: what a shopper sees before any
 * script has run — the cookie notice (until accepted), the header bar with the brand and, on the home page, the top
 * banner (the page's LCP element). The shell's first React render replaces it wholesale (createRoot empties #root),
 * so it is plain markup, never hydrated. Its boxes have the React chrome's sizes (the `fv-` rules in
 * shell/index.html mirror CookieNotice.module.css, Chrome.module.css and mf-content's banner rules), so the page
 * does not jump when React takes over; replaced nodes are new nodes, so the takeover is no layout shift (CLS 0).
 */
import { COOKIE_CONSENT } from '@shop/contracts/constants';
import { matchesCategoryParam } from '@shop/contracts/format';
import { categoryDisplayName } from '@shop/contracts/mappers';
import { cookieNoticeTexts } from '@shop/contracts/texts';
import type { RawBanner, RawCategory, RawTenant } from '@shop/contracts/types';
import { escapeHtml } from './html.js';


/** SPEC §3/§4: consent is the cookie `cookiesAccepted=true` (the shell's consent/cookieConsent.ts reads the same). */
export function consentGiven(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? '')
    .split(';')
    .map((part) => part.trim())
    .some((part) => part === `${COOKIE_CONSENT.name}=${COOKIE_CONSENT.value}`);
}

/**
 * The notice's look and words. Its buttons are disabled: they act once the shell has drawn its own notice (a moment
 * later), and a click before that would be lost.
 */
function cookieNotice(): string {
  const t = cookieNoticeTexts;
  return (
    '<div class="fv-notice"><div class="fv-notice-inner"><div class="fv-notice-copy">' +
    `<h2 class="fv-notice-title">${escapeHtml(t.title)}</h2><p class="fv-notice-text">${escapeHtml(t.text)}</p></div>` +
    `<div class="fv-notice-actions"><button type="button" class="fv-accept" disabled>${escapeHtml(t.accept)}</button>` +
    `<button type="button" class="fv-more" disabled>${escapeHtml(t.readMore)}</button></div></div></div>`
  );
}

function header(tenant: Partial<RawTenant> | null): string {
  const brand = typeof tenant?.BrandName === 'string' ? tenant.BrandName : '';
  return `<div class="fv-header"><div class="fv-header-inner"><span class="fv-logo">${escapeHtml(brand)}</span></div></div>`;
}

/** The home page's top banner as mf-content's BannerSlot draws it (same <picture>, same preloaded sources). */
function topBanner(banner: Partial<RawBanner> | null | undefined): string {
  if (!banner?.Image) return '';
  const source = banner.ImageMobile ? `<source media="(max-width: 1019px)" srcset="${escapeHtml(banner.ImageMobile)}">` : '';
  const title = banner.Title ? `<strong>${escapeHtml(banner.Title)}</strong>` : '';
  const text = banner.Text ? escapeHtml(banner.Text) : '';
  const caption = title || text ? `<span class="fv-banner-text">${title}${title && text ? '<br>' : ''}${text}</span>` : '';
  return (
    `<div class="fv-page" data-first-view="mf_content/HomePage"><div class="fv-banner${banner.ImageMobile ? ' fv-has-mobile' : ''}">` +
    `<picture>${source}<img src="${escapeHtml(banner.Image)}" alt="" fetchpriority="high"></picture>${caption}</div></div>`
  );
}

/**
 * The main group a path's first segment names (/klær, /klær/jakker …), as mf-catalog's findCategory matches it;
 * null for every other path.
 */
export function categoryOfPath(pathname: string, categories: readonly RawCategory[] | null): RawCategory | null {
  const [first, ...rest] = pathname.split('/').filter(Boolean);
  if (!first || rest.length > 2 || !categories) return null;
  return categories.find((category) => matchesCategoryParam(categoryDisplayName(category.Name), first)) ?? null;
}

/** A category page's banner as mf-catalog's CategoryPage draws it above the title. */
function categoryBanner(category: RawCategory | null | undefined): string {
  if (!category?.Banner) return '';
  return (
    '<div class="fv-listing" data-first-view="mf_catalog/CategoryPage"><div class="fv-category-banner">' +
    `<img src="${escapeHtml(category.Banner)}" alt="${escapeHtml(categoryDisplayName(category.Name))}" width="1200" height="300" fetchpriority="high">` +
    '</div></div>'
  );
}

/**
 * A search page's first hits as mf-catalog's ProductGrid draws their images (its largest element on a phone): the
 * grid's columns and square image boxes, nothing else (the React page's title, search box and filters come with it).
 */
function searchHits(images: readonly string[] | undefined): string {
  if (!images?.length) return '';
  const items = images
    .map((image) => `<li><img class="fv-hit-image" src="${escapeHtml(image)}" alt="" width="300" height="300"></li>`)
    .join('');
  return `<div class="fv-listing" data-first-view="mf_catalog/SearchPage"><ul class="fv-grid">${items}</ul></div>`;
}

export interface FirstViewInput {
  consentGiven: boolean;
  tenant: Partial<RawTenant> | null;
  /** The home page's top banner; null on other pages. */
  banner?: Partial<RawBanner> | null;
  /** The main group of a category page; null on other pages. */
  category?: RawCategory | null;
  /** The images of a search page's first hits (searchPreload.ts); none on other pages. */
  searchImages?: readonly string[];
}

/**
 * The first view's markup. The element carrying `data-first-view` names the remote module whose page it stands in
 * for: the shell's first render waits for that code (shell/src/bootstrap.tsx), so the element is not swapped for a
 * loading placeholder.
 */
export function firstViewHtml({ consentGiven: consent, tenant, banner, category, searchImages }: FirstViewInput): string {
  const main = `<div class="fv-main">${banner ? topBanner(banner) : categoryBanner(category)}${searchHits(searchImages)}</div>`;
  return `${consent ? '' : cookieNotice()}${header(tenant)}${main}`;
}

/** Puts the first view inside the template's empty `<div id="root"></div>` (left as it is when that is missing). */
export function withFirstView(html: string, firstView: string): string {
  return html.replace('<div id="root"></div>', `<div id="root">${firstView}</div>`);
}
