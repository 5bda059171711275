import { texts as common } from '../texts.js';

/** Shopper-facing texts of the home page, with the shared ones (src/texts.ts). */
export const texts = {
  ...common,
  homeTitle: 'Sport, friluft og barneklær',
  homeDescription: 'Nettbutikk for sport, friluft og barneklær — klikk og hent i butikk eller få varene levert hjem.',
  previewNotice: (name: string) => `Forhåndsvisning av forsiden «${name}» – ikke publisert.`,
  storeSearchButton: 'Finn butikk',
  storeSearchLabel: 'Postnummer',
  gridTitle: 'Populært akkurat nå',
  popularCategories: 'Populære kategorier',
  campaigns: 'Kampanjer',
  bestsellers: 'Bestselgere',
  aboutText:
    'Staut ble grunnlagt i 2012 og har i dag 14 butikker fra Kristiansand til Alta. Vi selger klær og utstyr for sport, ' +
    'friluftsliv og barn – og som medlem i kundeklubben får du 5 års garanti på alle Staut-produkter.',
  aboutMore: 'Les mer om oss',
  inspiration: 'Inspirasjon',
  allPosts: 'Se alle innlegg',
} as const;
