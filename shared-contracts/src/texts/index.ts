/**
 * Every shopper-facing Norwegian text shared across packages (SPEC §8 error catalogue, alert titles, chrome); the
 * account, address and filter forms' texts are in @shop/contracts/texts/forms (forms.ts).
 * One place per fact: packages import from here instead of repeating strings.
 */
import type { AlertType } from '../types/alert.js';
import { IMAGE_ALT_MAX, IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS } from '../images/index.js';

/** Fallback when a status is outside the catalogue (our own wording: the spec names none). */
export const genericErrorText = 'Noe gikk galt - prøv igjen senere.';

export const loadErrorTexts = {
  article: 'Error: Could not load article',
  socialPosts: 'Error: Something went wrong',
} as const;

/** Default alert titles per type (SPEC §3 Alert). */
export const alertTitles: Readonly<Record<AlertType, string>> = {
  error: 'Noe gikk galt',
  warning: 'Obs!',
  info: 'Informasjon',
  success: 'Suksess',
};

/** Display names the catalogue shows instead of stored ones. */
export const catalogTexts = {
  /** Category "Tekstil" is shown as "Klær". */
  categoryDisplayNames: { Tekstil: 'Klær' } as Readonly<Record<string, string>>,
  /** Campaign short title "Klikk & Hent" is shown as "Ukens annonse!". */
  campaignShortTitles: { 'Klikk & Hent': 'Ukens annonse!' } as Readonly<Record<string, string>>,
  /** Reviewer shown for anonymous or deleted customers. */
  anonymousReviewer: 'Anonym',
} as const;

/**
 * A postcode that GET /postalcodes/{zip} does not know (said as the shopper types it; the API says the same). Here,
 * not in /texts/forms, because the API client's postcode lookup says it (/texts/forms re-exports it).
 */
export const postcodeTexts = {
  unknown: 'Ukjent postnummer',
} as const;

/** Header, footer, modals and composition texts used by the shell and remotes. */
export const chromeTexts = {
  goToCheckout: 'Gå til kassen',
  skipToContent: 'Gå til innhold',
  questions: 'Spørsmål?',
  cartTitle: 'Min Handlekurv',
  privacyTitle: 'Personvern',
  remoteFallback: 'Denne delen av siden kunne ikke lastes.',
  retry: 'Prøv igjen',
  // The header's search: the shell's field until the catalogue's search box takes the slot over, then that box.
  searchLabel: 'Søk i nettbutikken',
  searchPlaceholder: 'Søk etter produkter, merker …',
  searchButton: 'Søk',
} as const;

/** Titles of the static copy and article pages (SPEC §2), keyed by their path segment. */
/**
 * The cookie notice (SPEC §4): the shell's notice and the server's static first view of it (index.html, painted
 * before any script runs) show the same words.
 */
export const cookieNoticeTexts = {
  title: 'Informasjonskapsler',
  text:
    'Vi bruker informasjonskapsler (cookies) for at handlekurven, innloggingen og nettbutikken skal fungere. ' +
    'Les mer om hva vi lagrer i personvernerklæringen.',
  accept: 'Godta',
  readMore: 'Les mer',
} as const;

export const staticPageTitles: Readonly<Record<string, string>> = {
  'om-oss': 'Om oss',
  'om-staut': 'Om Staut',
  kundeservice: 'Kundeservice',
  personvernerklaering: 'Personvern og informasjonskapsler',
  vedlikehold: 'Vedlikehold og vask',
  'baerekraftig-forretningspraksis': 'Bærekraftig forretningspraksis',
  'dette-trenger-barnet-til-barnehagestart': 'Dette trenger barnet til barnehagestart',
  'hvordan-kle-barna': 'Hvordan kle barna',
  'bionic-finish-eco': 'Bionic Finish Eco',
  'furet-vaerbitt-vikafjell': 'Furet, værbitt og Vikafjell',
};

/**
 * Page titles without the brand (the <title>, the breadcrumb title and what link previews show): the shell's
 * client-side titles and each remote's server-rendered head read this one table.
 */
export const pageTitleTexts = {
  home: 'Forside',
  homeTagline: 'sport, friluft og barneklær',
  preview: (name: string) => `Forhåndsvisning: ${name}`,
  staticPages: staticPageTitles,
  checkout: 'Kassen',
  product: 'Produkt',
  search: (query: string) => `Søk: ${query}`,
  selection: 'Utvalg',
  genders: {
    herre: 'Herre',
    dame: 'Dame',
    junior: 'Junior',
    barn: 'Barn',
    uni: 'Unisex',
    voksen: 'Voksen',
    'barn-junior': 'Barn og junior',
  } as Readonly<Record<string, string>>,
  category: 'Kategori',
  blog: 'Inspirasjon',
  blogCategory: (name: string) => `Inspirasjon: ${name}`,
  poll: 'Avstemning',
  notFound: 'Fant ikke siden',
  pages: {
    account: 'Min side',
    login: 'Logg inn',
    register: 'Bli medlem',
    forgotPassword: 'Glemt passord',
    resetPassword: 'Nytt passord',
    verifyEmail: 'Bekreft e-post',
    history: 'Kjøpshistorikk',
    favourites: 'Favoritter',
    blog: 'Inspirasjon',
    shops: 'Butikker',
    editor: 'Redaksjon',
    staff: 'Butikk',
  },
} as const;

/** `<title>`: "Kundeservice – Staut"; the home page (title null): "Staut – sport, friluft og barneklær". */
export function documentTitle(title: string | null, brandName: string): string {
  return title ? `${title} – ${brandName}` : `${brandName} – ${pageTitleTexts.homeTagline}`;
}

/** Menu entry labels (SPEC §2). */
export const menuTexts = {
  support: 'Kundeservice',
  maintenance: 'Vedlikehold',
  about: 'Om Oss',
  policy: 'Informasjon',
  supplements: 'Kosttilskudd',
  accessories: 'Tilbehør',
} as const;

/** Generic HTTP failure messages of ApiError (SPEC §8 "Generic HTTP failures"; technical, English like axios'). */
export const httpErrorTexts = {
  status: (status: number) => `Request failed with status code ${status}`,
  network: 'Network Error',
  aborted: 'Request aborted',
  timeout: (ms: number) => `timeout of ${ms}ms exceeded`,
} as const;

/**
 * A quiz with a prize draw takes answers from logged-in customers only: the API's 401 says so, and the poll page
 * says it before anyone answers, with a link to the login page.
 */
export const prizeDrawTexts = {
  loginRequired: 'Denne quizen har premietrekning, så du må være logget inn for å delta.',
  loginLink: 'Logg inn for å delta',
} as const;

/**
 * Uploading a content image (issue 23): the API's answers, and what the upload field says before sending when it can
 * already tell (type, size, alt text).
 */
export const imageUploadTexts = {
  badType: 'Bildet må være JPEG, PNG eller WebP.',
  tooLarge: `Bildet er for stort (maks ${IMAGE_MAX_BYTES / 1024 / 1024} MB).`,
  tooManyPixels: `Bildet har for mange piksler (maks ${IMAGE_MAX_PIXELS / 1_000_000} megapiksler).`,
  unreadable: 'Bildet kunne ikke leses. Prøv et annet bilde.',
  fileMissing: 'Velg et bilde å laste opp.',
  altMissing: 'Skriv en alternativ tekst for bildet.',
  altTooLong: `Den alternative teksten kan være høyst ${IMAGE_ALT_MAX} tegn.`,
  notFound: 'Fant ikke bildet.',
  inUse: (places: string[]) => `Bildet er i bruk og kan ikke slettes (${places.join(', ')}).`,
} as const;
