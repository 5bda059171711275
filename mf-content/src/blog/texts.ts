import { texts as common } from '../texts.js';

/** Shopper-facing texts of the blog pages (the home page shows post cards too), with the shared ones (src/texts.ts). */
export const texts = {
  ...common,
  blogTitle: 'Inspirasjon',
  blogEmpty: 'Det er ingen innlegg her ennå.',
  showMore: 'Vis flere',
  remaining: (n: number) => (n === 1 ? '1 innlegg til' : `${n} innlegg til`),
  categoriesLabel: 'Kategorier',
  productsInPost: 'Produkter i innlegget',
  mainProduct: 'Utvalgt produkt',
  /** Followed by when: "Publisert for 3 dager siden". */
  published: 'Publisert',
  postsCount: (n: number) => (n === 1 ? '1 innlegg' : `${n} innlegg`),
} as const;
