/**
 * Where a home layout's banners may link (issue 23): to a page of this shop that exists. A banner is the shop's most
 * visible link, so a typo or a category that was renamed away would send every visitor to "Fant ikke siden"; the
 * editor picks links from a list, and the API refuses any other with a Norwegian message naming the slot.
 *
 * "Exists" is what the shop's own page documents say (server/documentStatus.ts: the route table plus the category
 * tree and the article), and for the content routes whose patterns accept any key (a blog post, a blog category, a
 * poll) the row itself. Pure rules here; the route does the lookups.
 */
import type { RawSettings } from '@shop/contracts/types';
import { ROUTE_PATTERNS } from '@shop/contracts/routes';
import { matchPattern } from '../server/documentStatus.js';

/** One link of a layout and where it sits (the error's `field`, e.g. "SubBanners.2.Link"). */
export interface LayoutLink {
  field: string;
  href: string;
}

/** Every link a layout's slots hold, in the order the page shows them. */
export function layoutLinks(settings: RawSettings): LayoutLink[] {
  const links: LayoutLink[] = [];
  const add = (field: string, href: string | null | undefined) => {
    if (href) links.push({ field, href });
  };
  add('TopBanner.Link', settings.TopBanner?.Link);
  settings.SubBanners.forEach((b, i) => add(`SubBanners.${i + 1}.Link`, b?.Link));
  add('StoreSearch.Link', settings.StoreSearch?.Link);
  settings.PopularCategories.forEach((p, i) => add(`PopularCategories.${i + 1}.Link`, p.Link));
  settings.Grid3x3.forEach((b, i) => add(`Grid3x3.${i + 1}.Link`, b?.Link));
  return links;
}

/** Content a link names by a key the route pattern cannot check. */
export type LinkedContent = { type: 'blog-post'; slug: string } | { type: 'blog-category'; slug: string } | { type: 'poll'; id: number };

export type LinkTarget =
  /** Not a path of this site (another site, mailto:, a protocol-relative URL). */
  | { kind: 'outside' }
  /** A path on this site: its page document decides, then `content` (when named) must exist. */
  | { kind: 'path'; path: string; content: LinkedContent | null };

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** What a banner's link points at. The query and hash are the page's own business (`/#about`, `?postnummer=`). */
export function linkTarget(href: string): LinkTarget {
  if (!href.startsWith('/') || href.startsWith('//') || href.startsWith('/\\')) return { kind: 'outside' };
  const path = href.split(/[?#]/)[0] || '/';
  const segments = path.split('/').filter(Boolean);
  const category = matchPattern(ROUTE_PATTERNS.blogCategory, segments);
  if (category?.slug) return { kind: 'path', path, content: { type: 'blog-category', slug: decode(category.slug) } };
  const post = matchPattern(ROUTE_PATTERNS.blogPost, segments);
  if (post?.slug) return { kind: 'path', path, content: { type: 'blog-post', slug: decode(post.slug) } };
  const poll = matchPattern(ROUTE_PATTERNS.poll, segments);
  if (poll?.id !== undefined) {
    const id = /^[1-9][0-9]{0,9}$/.test(poll.id) ? Number(poll.id) : NaN;
    // An id that is no number names no poll: checked like a missing one.
    return { kind: 'path', path, content: { type: 'poll', id: Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : 0 } };
  }
  return { kind: 'path', path, content: null };
}
