/** Shopper-facing texts of mf-content. */
export const texts = {
  homeTitle: 'Sport, friluft og barneklær',
  homeIntro:
    'Velkommen til nettbutikken vår! Alt vi selger ligger på lager i butikkene våre rundt om i landet — handle her, ' +
    'og hent i butikken eller få varene levert hjem.',
  categoriesTitle: 'Utforsk kategoriene',
  categoriesLoading: 'Henter kategorier …',
  categoriesFailed: 'Vi fikk ikke hentet kategoriene akkurat nå. Prøv å laste siden på nytt.',
  articleCount: (count: number) => (count === 1 ? '1 vare' : `${count} varer`),
  staticPlaceholder: 'Denne siden er under arbeid. Ta kontakt med kundeservice om du lurer på noe i mellomtiden.',
  staticFallbackTitle: 'Informasjon',
} as const;

/** Titles of the static copy pages (SPEC §2), keyed by their path segment. */
export const staticPageTitles: Readonly<Record<string, string>> = {
  'om-oss': 'Om oss',
  kundeservice: 'Kundeservice',
  personvernerklaering: 'Personvern og informasjonskapsler',
  vedlikehold: 'Vedlikehold og vask',
  'baerekraftig-forretningspraksis': 'Bærekraftig forretningspraksis',
  'dette-trenger-barnet-til-barnehagestart': 'Dette trenger barnet til barnehagestart',
  'hvordan-kle-barna': 'Hvordan kle barna',
  'bionic-finish-eco': 'Bionic Finish Eco',
  'furet-vaerbitt-vikafjell': 'Furet, værbitt og Vikafjell',
};

/** The title of the static page at a path ("/om-oss" → "Om oss"); unknown paths get a neutral title. */
export function staticPageTitle(pathname: string): string {
  const segment = pathname.split('/').filter(Boolean)[0]?.toLowerCase() ?? '';
  return staticPageTitles[segment] ?? texts.staticFallbackTitle;
}
