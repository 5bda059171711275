/**
 * The HTTP status of a page document (issue 21): the shell renders every address, but an address that names no page
 * — its "Fant ikke siden" view, a category that does not exist, a product that is missing or not visible on the web —
 * answers 404, so no crawler, proxy or monitor takes it for a page of the shop. The body stays the shell's
 * index.html (the shopper still sees the shop's not-found view).
 *
 * The route table is the contracts' (ROUTE_PATTERNS, the table the shell registers); what the patterns leave open
 * comes from the data: the category tree (GET /categories' answer) and the article (GET /articles/{idOrSlug}).
 */
import type { FastifyInstance } from 'fastify';
import { matchesCategoryParam, slug } from '@shop/contracts/format';
import { categoryDisplayName } from '@shop/contracts/mappers';
import { ARTICLE_PAGES, ROUTE_PATTERNS, redirectFor, resolveGenderUrl, type RouteName } from '@shop/contracts/routes';
import type { RawArticleDetail, RawCategory } from '@shop/contracts/types';

export type DocumentRoute =
  /** A page of the shop (or an address the shell redirects). */
  | { kind: 'page' }
  /** No route, or a category the tree does not hold. */
  | { kind: 'unknown' }
  /** `/product/{idOrSlug}`: the article decides. */
  | { kind: 'product'; idOrSlug: string };

/** Patterns whose params the table alone cannot check: they are looked at below. */
const CHECKED_BY_DATA: ReadonlySet<RouteName> = new Set<RouteName>(['articlePage', 'gender', 'category', 'product']);

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // a stray "%" is taken literally, as the shell does
  }
}

/**
 * A react-router 7 pattern (`/blogg/:slug`, `/avstemning/:id?`) against a path's segments: static segments match
 * case-insensitively (react-router's default), `:param` needs a segment, `:param?` may be left out at the end.
 * Returns the params, or null.
 */
export function matchPattern(pattern: string, segments: readonly string[]): Record<string, string> | null {
  const parts = pattern.split('/').filter(Boolean);
  if (segments.length > parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i]!;
    const value = segments[i];
    if (part.startsWith(':')) {
      const optional = part.endsWith('?');
      if (value === undefined) {
        if (optional) continue;
        return null;
      }
      params[part.slice(1, optional ? -1 : undefined)] = value;
    } else if (value === undefined || value.toLowerCase() !== part.toLowerCase()) {
      return null;
    }
  }
  return params;
}

/**
 * A name as a URL may spell it: its category param (`mat-og-drikke`, `hjelmer-&-alpinbriller`), and the spec's slug
 * (`klaer`: æ→ae, ø→o, å→a) — for the stored and the shown name ("Tekstil" is shown as "Klær"). Which of these is
 * canonical (and redirects the others) is the category redirect's business; here each is a page, not a 404.
 */
function namesCategory(name: string, segment: string): boolean {
  const shown = categoryDisplayName(name);
  const wanted = slug(decode(segment));
  return (
    matchesCategoryParam(shown, segment) ||
    matchesCategoryParam(name, segment) ||
    (wanted !== '' && (slug(shown) === wanted || slug(name) === wanted))
  );
}

/** True when the tree holds the main group, subcategory and group the segments name (each level under the one before). */
export function categoryExists(categories: readonly RawCategory[], segments: readonly string[]): boolean {
  const [main, sub, group] = segments;
  if (!main) return false;
  const category = categories.find((c) => namesCategory(c.Name, main));
  if (!category) return false;
  if (sub === undefined) return true;
  const subcategory = category.Subcategories.find((s) => namesCategory(s.Name, sub));
  if (!subcategory) return false;
  if (group === undefined) return true;
  return subcategory.Groups.some((g) => namesCategory(g.Name, group));
}

/**
 * What a document path is. `categories` is the category tree, or null when it could not be read: then a path only
 * the category route takes is given the benefit of the doubt (a database hiccup must not 404 the whole catalogue).
 */
export function documentRoute(pathname: string, categories: readonly RawCategory[] | null): DocumentRoute {
  if (pathname === '/' || pathname === '/index.html') return { kind: 'page' };
  // The shell turns these into another address (campaign pages, /article/{id}, category shortcuts).
  if (redirectFor(pathname) !== null) return { kind: 'page' };
  const segments = pathname.split('/').filter(Boolean);

  const product = matchPattern(ROUTE_PATTERNS.product, segments);
  if (product) return product.articleName ? { kind: 'product', idOrSlug: decode(product.articleName) } : { kind: 'page' };

  for (const [name, pattern] of Object.entries(ROUTE_PATTERNS) as Array<[RouteName, string]>) {
    if (!CHECKED_BY_DATA.has(name) && matchPattern(pattern, segments)) return { kind: 'page' };
  }
  if (segments.length === 1) {
    const only = decode(segments[0]!).toLowerCase();
    if ((ARTICLE_PAGES as readonly string[]).includes(only) || resolveGenderUrl(only)) return { kind: 'page' };
  }
  if (matchPattern(ROUTE_PATTERNS.category, segments)) {
    if (categories === null) return { kind: 'page' };
    return categoryExists(categories, segments) ? { kind: 'page' } : { kind: 'unknown' };
  }
  return { kind: 'unknown' };
}

/**
 * 404 when the article is missing or not visible on the web (the API answers an invisible one with VisibleOnWeb 0
 * so the shell can send the shopper back: the document says what the shopper is shown). Asked through the route
 * itself, so its lookup by id or slug and its answer cache apply. Any other failure leaves the page at 200: the
 * shell shows its own error then, and a passing outage must not mark products as gone.
 */
async function productStatus(app: FastifyInstance, idOrSlug: string): Promise<200 | 404> {
  try {
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/articles/${encodeURIComponent(idOrSlug)}`,
      headers: { accept: 'application/json' },
    });
    if (response.statusCode === 404 || response.statusCode === 400) return 404;
    if (response.statusCode !== 200) return 200;
    return (response.json() as Partial<RawArticleDetail>).VisibleOnWeb === 1 ? 200 : 404;
  } catch (error) {
    app.log.warn({ err: error }, 'product document status skipped');
    return 200;
  }
}

/** The status of the page document at `pathname` (the path only, no query or hash). */
export async function documentStatus(
  app: FastifyInstance,
  pathname: string,
  categories: readonly RawCategory[] | null,
): Promise<200 | 404> {
  const route = documentRoute(pathname, categories);
  if (route.kind === 'page') return 200;
  if (route.kind === 'unknown') return 404;
  return productStatus(app, route.idOrSlug);
}
