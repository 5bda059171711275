import { getArticleBundle } from '@shop/contracts/api';
import { loaderHeadContext, type PageLoader } from '@shop/contracts/ssr';
import type { SelectionPageProps } from '@shop/contracts/routes';
import type { Article } from '@shop/contracts/types';
import { selectionHead } from './head.js';

/** The API answers at most this many ids per bundle. */
export const MAX_SELECTION = 100;

/** /utvalg/{ids}: the selection's articles in order (the first one's image is the link preview). */
export const loader: PageLoader<Partial<SelectionPageProps>, Article[]> = async (context) => {
  const ids = (context.props.ids ?? []).slice(0, MAX_SELECTION);
  const [headContext, articles] = await Promise.all([loaderHeadContext(context), ids.length === 0 ? [] : getArticleBundle(ids)]);
  return { head: selectionHead(headContext, { ids, articles }), data: articles };
};
