/**
 * A selection's head (issue 22): `/utvalg/{ids}` is any list of article ids (campaign links), so it is not indexed —
 * every order and subset would be another page with the same products; its links to the products are followed.
 * The image is the first article's, for link previews of a shared campaign link.
 */
import { NOINDEX, pageHead, type HeadContext, type PageHead } from '@shop/contracts/ssr';
import { pathFor, type SelectionPageProps } from '@shop/contracts/routes';
import { pageTitleTexts } from '@shop/contracts/texts';
import type { Article } from '@shop/contracts/types';
import { texts } from '../texts.js';

export interface SelectionHeadData extends SelectionPageProps {
  /** The selection's articles when the loader has them (the first one's image is the preview). */
  articles?: readonly Pick<Article, 'image'>[];
}

export function selectionHead(context: HeadContext, { ids, articles = [] }: SelectionHeadData): PageHead {
  return pageHead(context, {
    title: pageTitleTexts.selection,
    description: texts.head.selectionDescription(context.brandName),
    path: pathFor('selection', { ids }),
    image: articles[0]?.image || null,
    robots: NOINDEX,
  });
}
