/**
 * The search results' head (issue 22): a results page is never indexed (endless query space, thin pages; robots.txt
 * leaves /search/ open so crawlers can read this and follow the hits to the products).
 */
import { NOINDEX, pageHead, type HeadContext, type PageHead } from '@shop/contracts/ssr';
import { pathFor, type SearchPageProps } from '@shop/contracts/routes';
import { pageTitleTexts } from '@shop/contracts/texts';
import { texts } from '../texts.js';

export function searchHead(context: HeadContext, { query }: SearchPageProps): PageHead {
  return pageHead(context, {
    title: pageTitleTexts.search(query),
    description: texts.head.searchDescription(query, context.brandName),
    path: pathFor('search', { query }),
    robots: NOINDEX,
  });
}
