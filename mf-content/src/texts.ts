import { staticPageTitles } from '@shop/contracts/texts';

/** Shopper-facing texts of mf-content (one place). */
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

  loading: 'Laster …',
  loadFailed: 'Vi fikk ikke hentet innholdet akkurat nå. Prøv å laste siden på nytt.',
  notFound: 'Vi fant ikke siden du lette etter.',
  retry: 'Prøv igjen',
  toFrontPage: 'Til forsiden',

  // home
  previewNotice: (name: string) => `Forhåndsvisning av forsiden «${name}» – ikke publisert.`,
  storeSearchButton: 'Finn butikk',
  storeSearchLabel: 'Postnummer',
  gridTitle: 'Populært akkurat nå',
  popularCategories: 'Populære kategorier',
  campaigns: 'Kampanjer',
  bestsellers: 'Bestselgere',
  seeCampaigns: 'Se alle kampanjer',
  seeBestsellers: 'Se bestselgerne',
  aboutTitle: 'Om Staut',
  aboutText:
    'Staut ble grunnlagt i 2012 og har i dag 14 butikker fra Kristiansand til Alta. Vi selger klær og utstyr for sport, ' +
    'friluftsliv og barn – og som medlem i kundeklubben får du 5 års garanti på alle Staut-produkter.',
  aboutMore: 'Les mer om oss',
  inspiration: 'Inspirasjon',
  allPosts: 'Se alle innlegg',

  // blog
  blogTitle: 'Inspirasjon',
  blogEmpty: 'Det er ingen innlegg her ennå.',
  showMore: 'Vis flere',
  remaining: (n: number) => (n === 1 ? '1 innlegg til' : `${n} innlegg til`),
  categoriesLabel: 'Kategorier',
  productsInPost: 'Produkter i innlegget',
  mainProduct: 'Utvalgt produkt',
  published: (date: string) => `Publisert ${date}`,
  readMore: 'Les mer',
  postsCount: (n: number) => (n === 1 ? '1 innlegg' : `${n} innlegg`),

  // polls
  pollTitle: 'Avstemning',
  noActivePoll: 'Det er ingen aktive avstemninger akkurat nå.',
  submitAnswers: 'Send svar',
  pollClosed: 'Denne avstemningen er avsluttet. Her ser du hvordan det ble stemt.',
  sending: 'Sender …',
  chooseAnswer: 'Velg et svar på minst ett spørsmål.',
  correct: 'Riktig!',
  wrong: 'Feil svar',
  yourAnswer: 'Ditt svar',
  yourScore: (score: number, total: number) => `Du har ${score} av ${total} riktige.`,
  votes: (n: number) => (n === 1 ? '1 stemme' : `${n} stemmer`),
  answerFailed: 'Vi fikk ikke lagret svaret ditt.',

  // shops
  shopsTitle: 'Butikker',
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

  // social
  socialTitle: 'Følg oss',
  socialError: 'Error: Something went wrong',

  // editor
  editorTitle: 'Redaksjon',
  editorLogin: 'Du må være logget inn med en redaktørkonto for å bruke redaksjonen.',
  editorLoginLink: 'Logg inn',
  editorForbidden: 'Kontoen din har ikke tilgang til redaksjonen.',
  editorNewPost: 'Skriv innlegg',
  editorNewPoll: 'Lag avstemning',
  editorTitleLabel: 'Tittel',
  editorBodyLabel: 'Tekst (HTML: p, h2, h3, ul, ol, li, strong, em, a, img, blockquote, br)',
  editorImageLabel: 'Bilde (adresse)',
  editorArticlesLabel: 'Produkt-id-er (kommaseparert; det første er utvalgt produkt)',
  editorCategoriesLabel: 'Kategorier',
  editorPublish: 'Publiser nå',
  editorSave: 'Lagre',
  editorSaved: (url: string) => `Lagret. Se innlegget på ${url}`,
  editorPollName: 'Navn',
  editorPollDescription: 'Beskrivelse',
  editorQuestion: (n: number) => `Spørsmål ${n}`,
  editorOption: (n: number) => `Svar ${n}`,
  editorCorrect: 'Riktig svar',
  editorAddQuestion: 'Legg til spørsmål',
  editorActive: 'Åpen for svar',
  editorPollSaved: (url: string) => `Avstemningen er lagret: ${url}`,
  editorFailed: 'Lagringen feilet',
} as const;

/** Titles of the static copy pages (SPEC §2), keyed by their path segment: one table, in @shop/contracts/texts. */
export { staticPageTitles };

/** The title of the static page at a path ("/om-oss" → "Om oss"); unknown paths get a neutral title. */
export function staticPageTitle(pathname: string): string {
  const segment = pathname.split('/').filter(Boolean)[0]?.toLowerCase() ?? '';
  return staticPageTitles[segment] ?? texts.staticFallbackTitle;
}
