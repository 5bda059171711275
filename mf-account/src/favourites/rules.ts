/** Toggling a favourite adds the article id when absent and removes it when present (order of adding kept). */
export function toggleFavourite(favourites: number[], articleId: number): number[] {
  return favourites.includes(articleId) ? favourites.filter((id) => id !== articleId) : [...favourites, articleId];
}

export function isFavouriteList(raw: unknown): raw is number[] {
  return Array.isArray(raw) && raw.every((id) => Number.isInteger(id) && id > 0);
}
