import { texts as common } from '../texts.js';

/** Shopper-facing texts of the shop locator, with the shared ones (src/texts.ts). */
export const texts = {
  ...common,
  shopsIntro: 'Finn nærmeste butikk. Skriv inn postnummeret ditt, eller bruk posisjonen din.',
  postcodeLabel: 'Postnummer',
  postcodeSearch: 'Sorter etter avstand',
  useMyPosition: 'Bruk min posisjon',
  postcodeInvalid: 'Skriv et postnummer med fire sifre.',
  postcodeUnknown: 'Fant ikke postnummeret.',
  positionFailed: 'Vi fikk ikke tilgang til posisjonen din.',
  openNow: 'Åpent nå',
  closedNow: 'Stengt',
  openingHours: 'Åpningstider',
  phone: 'Telefon',
  email: 'E-post',
  messenger: 'Send melding',
  showOnMap: 'Vis på kart',
  distanceFrom: (d: string) => `${d} unna`,
  hoursUnknown: 'Åpningstidene er ikke oppgitt.',
} as const;
