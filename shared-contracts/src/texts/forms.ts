/**
 * The texts of the account, address and filter forms (SPEC §8): @shop/contracts/texts/forms, an entry point of its
 * own so the pages that show none of them (the home page's first view…) do not load them with the shared texts
 * (rspack.base.mjs `lazyContracts`: not in the shell's `shared-libraries` chunk). /texts does not re-export them: in a bundle that would put this module, and its
 * import of /texts, inside the shared /texts.
 */
import { VERIFICATION_ALERT_TIMEOUT } from '@shop/contracts/constants';
import { genericErrorText } from '@shop/contracts/texts';

/** Login and register failures by HTTP status (SPEC §8). */
export const authErrorTexts: Readonly<Record<401 | 404 | 419 | 422 | 423 | 429, string>> = {
  401: 'Du er allerede logget inn - logg ut for å logge inn med en ny bruker.',
  404: 'Ingen bruker logget inn - vennligst logg inn.',
  419: 'Vennligst last siden på nytt.',
  422: 'Feil brukernavn/passord - har du glemt passordet ditt?',
  423: 'Hei - vi ser at det allerede finnes en konto med samme email/telefonummer - har du glemt passordet?',
  429: 'Du har brukt opp antall innloggingsforsøk - for å beskytte kontoen din tillater vi ikke flere forsøk på en stund. Vennligst kom tilbake senere og prøv igjen.',
};

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
 * The current password that changing the e-mail or the password asks for (field `current_password` of
 * PUT /customers/{id}): the form's own check and the API's 422 field errors.
 */
export const currentPasswordTexts = {
  required: 'Skriv inn det nåværende passordet ditt for å endre e-post eller passord',
  wrong: 'Feil nåværende passord',
} as const;

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

// postcodeTexts live in /texts: the API client's postcode lookup (in every first view's shared code) says them, and
// importing them from here put this whole module into the home page's first view.
export { postcodeTexts } from '@shop/contracts/texts';

export const resendTexts = {
  failed: 'Epost ble ikke sendt',
  sent: (email: string) => `Epost sendt til ${email}`,
  /** The success alert auto-dismisses after this many ms (SPEC §8/§9: VERIFICATION_ALERT_TIMEOUT, 3000). */
  timeout: VERIFICATION_ALERT_TIMEOUT,
} as const;

/** Technical filter errors (SPEC §8; English as specified). */
export const filterTexts = {
  numberOnly: 'Only numbers supported as value',
  numbersOnly: 'Only numbers supported as values',
  notImplemented: (method: string) => `Filter must implement method ${method}`,
} as const;
