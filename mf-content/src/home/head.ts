/**
 * The home page's head (issue 22): the brand's own title line, the top banner as the link preview, and schema.org
 * WebSite with the shop's search (the search box search engines may show under the result). A preview of an
 * unpublished layout is never indexed.
 */
import { NOINDEX_NOFOLLOW, pageHead, SCHEMA_ORG, absoluteUrl, type HeadContext, type PageHead } from '@shop/contracts/ssr';
import { pathFor, type HomePageProps } from '@shop/contracts/routes';
import { pageTitleTexts } from '@shop/contracts/texts';
import { texts } from '../texts.js';

export function homeHead(context: HeadContext, { previewName, settings }: Pick<HomePageProps, 'previewName' | 'settings'>): PageHead {
  const image = settings?.topBanner?.image ?? null;
  if (previewName !== null) {
    if (!settings) return pageHead(context, { title: pageTitleTexts.notFound, robots: NOINDEX_NOFOLLOW, status: 404 });
    return pageHead(context, { title: pageTitleTexts.preview(previewName), image, robots: NOINDEX_NOFOLLOW });
  }
  const home = absoluteUrl(context.origin, pathFor('home'));
  // The search page's address with the placeholder left as schema.org reads it (a URL parser encodes the braces).
  const searchTarget = absoluteUrl(context.origin, pathFor('search', { query: 'x' })).replace(/x$/, '{search_term_string}');
  return pageHead(context, {
    title: null,
    description: texts.head.home(context.brandName),
    path: pathFor('home'),
    image,
    jsonLd: [
      {
        '@context': SCHEMA_ORG,
        '@type': 'WebSite',
        name: context.brandName,
        url: home,
        potentialAction: { '@type': 'SearchAction', target: { '@type': 'EntryPoint', urlTemplate: searchTarget }, 'query-input': 'required name=search_term_string' },
      },
    ],
  });
}
