import type { Article, PageMeta, Paginated } from '@shop/contracts/types';

export interface Listing {
  articles: Article[];
  meta: PageMeta | null;
}

export const emptyListing: Listing = { articles: [], meta: null };

/** "Vis flere" appends the next page; an article already shown (the list shifted meanwhile) is not repeated. */
export function appendPage(listing: Listing, page: Paginated<Article>): Listing {
  const seen = new Set(listing.articles.map((article) => article.id));
  return {
    articles: [...listing.articles, ...page.data.filter((article) => !seen.has(article.id))],
    meta: page.meta,
  };
}

export function hasMore(listing: Listing): boolean {
  return listing.meta !== null && listing.meta.current_page < listing.meta.last_page;
}

export function nextPage(listing: Listing): number {
  return (listing.meta?.current_page ?? 0) + 1;
}
