/**
 * The checkout's head (issue 22): one shopper's cart, nothing for a search engine to index or follow (robots.txt
 * keeps crawlers out of /checkout too; this covers a link that reaches it anyway).
 */
import { NOINDEX_NOFOLLOW, pageHead, type HeadContext, type PageHead } from '@shop/contracts/ssr';
import { pageTitleTexts } from '@shop/contracts/texts';

export function checkoutHead(context: HeadContext): PageHead {
  return pageHead(context, { title: pageTitleTexts.checkout, robots: NOINDEX_NOFOLLOW });
}
