/**
 * robots.txt: the shop is open to crawlers except what is one shopper's own or staff's — the API, the checkout, the
 * account and favourites pages, the shop workspace and the editors' workspace — and home-layout previews. Search
 * results stay crawlable: their pages say `noindex, follow` (mf-catalog search/head.ts), so crawlers reach the
 * products through them without indexing the results; a Disallow would hide that tag from them.
 */
import { ROUTE_PATTERNS, pathFor } from '@shop/contracts/routes';
import { absoluteUrl } from '@shop/contracts/ssr';

/** Path prefixes no crawler should fetch (robots.txt matches by prefix). */
export const DISALLOWED_PATHS: readonly string[] = [
  '/api/',
  ROUTE_PATTERNS.checkout,
  ROUTE_PATTERNS.account, // and everything under /konto/
  ROUTE_PATTERNS.favourites,
  `${ROUTE_PATTERNS.staff}$`, // the workspace itself …
  `${ROUTE_PATTERNS.staff}/`, // … and its reservations, but not /butikker (the shop locator)
  pathFor('editor'), // and its sections
  '/preview/',
  '/stand-in/',
];

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
