/** Shopper-facing texts of mf-catalog. Shared catalogue texts (error catalogue) live in @shop/contracts/texts. */
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

export const texts = {
  loading: 'Laster …',
  retry: 'Prøv igjen',
  toHome: 'Til forsiden',
  addFavourite: (name: string) => `Legg ${name} til i favoritter`,
  removeFavourite: (name: string) => `Fjern ${name} fra favoritter`,

  // listings
  categoryNotFound: 'Vi fant ikke denne kategorien.',
  categoriesFailed: 'Vi fikk ikke hentet kategoriene. Prøv å laste siden på nytt.',
  articlesFailed: 'Vi fikk ikke hentet varene. Prøv igjen.',
  noArticles: 'Ingen varer i denne kategorien akkurat nå.',
  noMatches: 'Ingen varer passer filtrene dine.',
  clearFilters: 'Nullstill filtre',
  /** `exact` false: the total is a lower bound ("1000+ varer"). */
  articleCount: (total: number, exact = true) => `${total}${exact ? '' : '+'} ${plural(total, 'vare', 'varer')}`,
  showing: (shown: number, total: number) => `Viser ${shown} av ${total} ${plural(total, 'vare', 'varer')}`,
  showingFiltered: (shown: number, scanned: number, total: number) =>
    `${shown} ${plural(shown, 'vare passer', 'varer passer')} filtrene blant ${scanned} av ${total} varer`,
  showMore: (remaining: number | null, atLeast = false) =>
    remaining === null ? 'Vis flere' : `Vis flere (${remaining}${atLeast ? '+' : ''})`,
  loadingMore: 'Vis flere – henter …',
  subcategories: 'Underkategorier',
  allIn: (name: string) => `Alt i ${name}`,
  sortLabel: 'Sorter etter',
  sort: {
    navn: 'Navn (A–Å)',
    'pris-lav': 'Pris (lav–høy)',
    'pris-hoy': 'Pris (høy–lav)',
    nyheter: 'Nyheter',
    populaere: 'Mest populære',
  },
  genderTitles: {
    herre: 'Herre',
    dame: 'Dame',
    junior: 'Junior',
    barn: 'Barn',
    uni: 'Voksen',
    'barn-junior': 'Barn og junior',
  } as Readonly<Record<string, string>>,
  categoriesFor: (gender: string) => `Kategorier for ${gender.toLowerCase()}`,

  // filters
  filters: 'Filtrer',
  showFilters: (active: number) => (active === 0 ? 'Filtrer' : `Filtrer (${active} valgt)`),
  filterPrice: 'Pris',
  priceFrom: 'Fra (kr)',
  priceTo: 'Til (kr)',
  applyPrice: 'Bruk pris',
  filterGroup: 'Type',
  filterColor: 'Farge',
  filterGender: 'Kjønn',
  filterBrand: 'Merke',
  filterShop: 'Butikk med varen på lager',
  activeFilters: 'Valgte filtre',
  removeFilter: (label: string) => `Fjern filteret ${label}`,

  // search
  searchLabel: 'Søk i nettbutikken',
  searchPlaceholder: 'Søk etter produkter, merker …',
  searchButton: 'Søk',
  searchTitle: (query: string) => `Søk: «${query}»`,
  searchEmptyQuery: 'Skriv inn det du leter etter.',
  searchHits: (total: number, exact = true) => `${total}${exact ? '' : '+'} ${plural(total, 'treff', 'treff')}`,
  searchNoHits: (query: string) => `Ingen treff for «${query}». Sjekk stavemåten eller prøv et annet ord.`,
  searchFailed: 'Søket feilet. Prøv igjen.',
  suggestions: 'Forslag',
  suggestedProducts: 'Produkter',
  suggestedCategories: 'Kategorier',
  /** The search page's own box, beside the header's. */
  searchRefine: 'Endre søket',
  allResults: (query: string) => `Se alle treff for «${query}»`,

  // selection
  selectionTitle: 'Utvalg',
  selectionEmpty: 'Ingen av varene i dette utvalget er tilgjengelige nå.',

  // widgets
  bestsellers: 'Bestselgere',
  popularCategories: 'Populære kategorier',
  campaigns: 'Kampanjer',
  campaignArticles: (n: number) => `${n} ${plural(n, 'vare', 'varer')}`,
  campaignEnds: (date: string) => `Gjelder til ${date}`,

  // cards and prices
  before: 'Før',
  now: 'Nå',
  rating: (rating: string) => `Vurdering ${rating} av 5`,
  labels: { sale: 'Tilbud', member: 'Medlemspris' },

  // product page
  color: 'Farge',
  size: 'Størrelse',
  chosenColor: (name: string) => `Farge: ${name}`,
  chosenSize: (name: string) => `Størrelse: ${name}`,
  imageOf: (color: string) => `Bilde i fargen ${color}`,
  previousImage: 'Forrige bilde',
  nextImage: 'Neste bilde',
  addToCart: 'Legg i handlekurven',
  notPurchasable: 'Denne varen kan ikke kjøpes i nettbutikken.',
  soldOut: 'Utsolgt',
  sizeSoldOut: 'Utsolgt i valgt farge og størrelse.',
  sizeSoldOutShort: 'utsolgt',
  chooseSize: 'Velg størrelse først.',
  chooseColor: 'Velg farge først.',
  onlyClickAndCollect: 'Kun klikk og hent i butikk – kan ikke sendes.',
  purchaseLimit: (n: number) => `Maks ${n} stk. per kunde.`,
  availableIn: (shops: number) => (shops === 1 ? 'På lager i 1 butikk' : `På lager i ${shops} butikker`),
  pant: (amount: string) => `+ pant ${amount}`,
  description: 'Beskrivelse',
  techDescription: 'Teknisk beskrivelse',
  nutrientContent: 'Næringsinnhold',
  washLabel: 'Vaskeanvisning',
  careLabel: 'Vedlikehold',
  articleNo: 'Varenummer',
  stockTitle: 'Lagerstatus i butikk',
  stockFor: (variant: string) => `for ${variant}`,
  stockChoose: 'Velg farge og størrelse for å se lagerstatus.',
  inStock: (qty: number) => `${qty} på lager`,
  notInStock: 'Ikke på lager',
  noShops: 'Ingen butikker har denne varianten.',
  reviews: 'Anmeldelser',
  reviewsLink: (count: number) => `${count} ${plural(count, 'anmeldelse', 'anmeldelser')}`,
  noReviews: 'Ingen anmeldelser ennå.',
  averageRating: (average: string, count: number) => `Snitt ${average} av 5 fra ${count} ${plural(count, 'anmeldelse', 'anmeldelser')}`,
  fitVerdict: { small: 'Liten i størrelsen', fits: 'Normal i størrelsen', large: 'Stor i størrelsen' },
  fitCount: (n: number, of: number) => `${n} av ${of} mener dette`,
  sizeColorBought: (value: string) => `Kjøpt: ${value}`,
  reply: 'Svar fra butikken',

  // What search engines and link previews read (the pages' heads)
  head: {
    categoryDescription: (name: string, brand: string) =>
      `${name} hos ${brand}: se utvalget, sjekk lagerstatus i butikkene og handle på nett med klikk og hent.`,
    genderDescription: (name: string, brand: string) =>
      `${name} hos ${brand}: klær, sko og utstyr til sport og friluftsliv. Handle på nett eller hent i butikk.`,
    searchDescription: (query: string, brand: string) => `Søkeresultater for «${query}» hos ${brand}.`,
    selectionDescription: (brand: string) => `Et utvalg av varer hos ${brand}.`,
    productFallbackDescription: (name: string, brand: string) => `Kjøp ${name} hos ${brand}.`,
    home: 'Forside',
  },
} as const;
