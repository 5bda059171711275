/**
 * Every shopper-facing Norwegian text shared across packages (SPEC §8 error catalogue, alert titles, chrome).
 * One place per fact: packages import from here instead of repeating strings.
 */
import type { AlertType } from '../types/alert.js';

/** Login and register failures by HTTP status (SPEC §8). */
export const authErrorTexts: Readonly<Record<401 | 404 | 419 | 422 | 423 | 429, string>> = {
  401: 'Du er allerede logget inn - logg ut for å logge inn med en ny bruker.',
  404: 'Ingen bruker logget inn - vennligst logg inn.',
  419: 'Vennligst last siden på nytt.',
  422: 'Feil brukernavn/passord - har du glemt passordet ditt?',
  423: 'Hei - vi ser at det allerede finnes en konto med samme email/telefonummer - har du glemt passordet?',
  429: 'Du har brukt opp antall innloggingsforsøk - for å beskytte kontoen din tillater vi ikke flere forsøk på en stund. Vennligst kom tilbake senere og prøv igjen.',
};

/** Fallback when a status is outside the catalogue (our own wording: the spec names none). */
export const genericErrorText = 'Noe gikk galt - prøv igjen senere.';

function hasKey<T extends object>(table: T, key: PropertyKey): key is keyof T {
  return Object.prototype.hasOwnProperty.call(table, key);
}

/** Text for a failed login (SPEC §8); unknown statuses and network failures (undefined) get the generic text. */
export function loginErrorMessage(status: number | undefined): string {
  return status !== undefined && hasKey(authErrorTexts, status) ? authErrorTexts[status] : genericErrorText;
}

/** Registration uses the same catalogue as login (SPEC §8 "Login and register, by status"). */
export const registerErrorMessage = loginErrorMessage;

export const accountTexts = {
  otherUserLoggedIn: 'En annen bruker er logget inn',
  allFieldsRequired: 'Ikke gyldig data, alle feltene må fylles ut',
  invalidData: 'Ugyldig data',
} as const;

/** Field messages of the account update form (SPEC §5/§8). */
export const requiredFieldTexts = {
  first_name: 'Fornavn må ha en verdi',
  last_name: 'Etternavn må ha en verdi',
  phone: 'Telefonnummer må ha en verdi',
  email: 'Email må ha en verdi',
} as const;
export type RequiredAccountField = keyof typeof requiredFieldTexts;

/**
 * Text for a failed account update: 401 → another user; 403/422 → the server's field message when it sent one,
 * else 422 → "all fields" and 403 → "Ugyldig data"; anything else → "Ugyldig data".
 */
export function accountUpdateErrorMessage(status: number | undefined, fieldMessage?: string | null): string {
  if (status === 401) return accountTexts.otherUserLoggedIn;
  if ((status === 403 || status === 422) && fieldMessage) return fieldMessage;
  if (status === 422) return accountTexts.allFieldsRequired;
  return accountTexts.invalidData;
}

/** Text for a failed account deletion: 401 and 422 per SPEC §8, else the generic text. */
export function accountDeleteErrorMessage(status: number | undefined): string {
  if (status === 401) return accountTexts.otherUserLoggedIn;
  if (status === 422) return accountTexts.allFieldsRequired;
  return genericErrorText;
}

export const addressTexts = {
  noHouseNumber: "Ingen husnummer oppgitt - addresse må være på format: 'gateaddresse husnummer'",
  noneFound: 'Ingen addresser funnet',
} as const;

export const resendTexts = {
  failed: 'Epost ble ikke sendt',
  sent: (email: string) => `Epost sendt til ${email}`,
  /** The success alert auto-dismisses after this many ms (SPEC §8/§9). */
  timeout: 3000,
} as const;

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

/** Header, footer, modals and composition texts used by the shell and remotes. */
export const chromeTexts = {
  goToCheckout: 'Gå til kassen',
  skipToContent: 'Gå til innhold',
  questions: 'Spørsmål?',
  cartTitle: 'Min Handlekurv',
  privacyTitle: 'Personvern',
  remoteFallback: 'Denne delen av siden kunne ikke lastes.',
  retry: 'Prøv igjen',
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

/** Technical filter errors (SPEC §8; English as specified). */
export const filterTexts = {
  numberOnly: 'Only numbers supported as value',
  numbersOnly: 'Only numbers supported as values',
  notImplemented: (method: string) => `Filter must implement method ${method}`,
} as const;
