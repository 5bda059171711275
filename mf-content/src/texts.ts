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
  /** What search engines and link previews read (each page's head.ts). */
  head: {
    home: (brand: string) =>
      `${brand} – sport, friluft og barneklær. Handle på nett med hjemlevering eller klikk og hent i en av butikkene våre.`,
    blog: (brand: string) => `Inspirasjon, tips og råd fra ${brand} om sport, friluftsliv og klær til hele familien.`,
    blogCategory: (name: string, brand: string) => `Innlegg om ${name} fra ${brand}.`,
    poll: (brand: string) => `Bli med på avstemningen til ${brand}.`,
    shops: (count: number, brand: string) => `Finn nærmeste ${brand}-butikk: adresse, telefon og åpningstider for ${count} butikker.`,
    breadcrumbHome: 'Forside',
  },
} as const;
