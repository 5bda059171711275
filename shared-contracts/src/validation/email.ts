/**
 * The shop's e-mail address rule, one place for every form that takes an address (checkout, registration, an e-mail
 * change) and the API that checks it again.
 *
 * Only ASCII addresses: the shop's mail client does not speak SMTPUTF8 (RFC 6531), so "åse@example.no" or
 * "kari@ørsta.no" could be stored but never delivered — the order confirmation and "ready for pickup" would silently
 * not arrive. Such an address gets its own message, naming the letters that usually cause it.
 */

export const emailTexts = {
  invalid: 'Ugyldig e-postadresse',
  notAscii:
    'E-postadressen kan bare inneholde vanlige bokstaver (a–z), tall og tegn som . _ + -. Bruk en adresse uten æ, ø, å eller andre spesialtegn.',
} as const;

/** What is wrong with an address: `not-ascii` (undeliverable by the shop), `invalid` (not an address), or null. */
export type EmailProblem = 'invalid' | 'not-ascii';

/**
 * A local part of printable ASCII without spaces, @ or angle brackets (they would end the SMTP path), and a dotted
 * domain of letters, digits and hyphens.
 */
const EMAIL_PATTERN = /^[\x21-\x3b\x3d\x3f\x41-\x7e]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

export function emailProblem(value: string): EmailProblem | null {
  const email = value.trim();
  // eslint-disable-next-line no-control-regex
  if (/[^\x00-\x7f]/.test(email)) return 'not-ascii';
  return EMAIL_PATTERN.test(email) ? null : 'invalid';
}

/** The message for a form field: `invalidText` for a malformed address (each form keeps its own), else null. */
export function emailError(value: string, invalidText: string = emailTexts.invalid): string | null {
  const problem = emailProblem(value);
  return problem === 'not-ascii' ? emailTexts.notAscii : problem === 'invalid' ? invalidText : null;
}
