/**
 * Shopper-facing texts of mf-content used by more than one page. Each page's own texts are in its folder's texts.ts,
 * which spreads these in: a page's chunk then carries its own texts only (the home page's first view loaded every
 * page's, 1.8 kB gzip).
 */
export const texts = {
  loading: 'Laster …',
  loadFailed: 'Vi fikk ikke hentet innholdet akkurat nå. Prøv å laste siden på nytt.',
  notFound: 'Vi fant ikke siden du lette etter.',
  retry: 'Prøv igjen',
  toFrontPage: 'Til forsiden',
  shopsTitle: 'Butikker',
} as const;
