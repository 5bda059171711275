/** "Vis flere" paging state, pure: pages are appended, an article already shown is not repeated. */
import type { Article } from '@shop/contracts/types';

export interface PagedState {
  articles: Article[];
  total: number;
  /** false: `total` is a lower bound (a search counts its hits up to a bound). */
  totalIsExact: boolean;
  /** Pages fetched so far (the next page index, zero-based). */
  pages: number;
  pageSize: number;
}

export const emptyPaged = (pageSize: number): PagedState => ({ articles: [], total: 0, totalIsExact: true, pages: 0, pageSize });

/** One page as a fetcher answers it; `totalIsExact` false when its total is a lower bound (default: exact). */
export interface FetchedPage {
  articles: readonly Article[];
  total: number;
  totalIsExact?: boolean;
}

export function appendPage(state: PagedState, page: FetchedPage): PagedState {
  const seen = new Set(state.articles.map((article) => article.id));
  return {
    ...state,
    articles: [...state.articles, ...page.articles.filter((article) => !seen.has(article.id))],
    total: page.total,
    totalIsExact: page.totalIsExact ?? true,
    pages: state.pages + 1,
  };
}

/** More pages exist on the server. */
export function hasMore(state: PagedState): boolean {
  return state.pages > 0 && state.pages * state.pageSize < state.total;
}

/**
 * SPEC §9: the remaining count is the total minus what the pages so far hold; at least that many when the total is a
 * lower bound (the server asks past the page it answers, so "more" is still exact).
 */
export function remaining(state: PagedState): number {
  return Math.max(0, state.total - Math.min(state.total, state.pages * state.pageSize));
}
