import { staticPageTitles } from '@shop/contracts/texts';

/** Titles of the static copy pages (SPEC §2), keyed by their path segment: one table, in @shop/contracts/texts. */
export { staticPageTitles };

const staticFallbackTitle = 'Informasjon';

/** The title of the static page at a path ("/om-oss" → "Om oss"); unknown paths get a neutral title. */
export function staticPageTitle(pathname: string): string {
  const segment = pathname.split('/').filter(Boolean)[0]?.toLowerCase() ?? '';
  return staticPageTitles[segment] ?? staticFallbackTitle;
}
