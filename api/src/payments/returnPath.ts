/**
 * The page a payment provider sends the shopper back to (`confirmationPath` of POST /payments/{provider}/orders).
 * The shop puts it after its own public origin and hands it to the provider, which redirects the browser there: so
 * it must stay a path on this site ("//evil.example" and "/\evil" are other hosts to a browser) and must carry
 * nothing that breaks the URL or a header on the way (a line break gave a 500 with Node's raw error).
 */
import { isSiteReturnPath } from '@shop/contracts/routes';

/** Longest accepted path (the checkout's own return path is ~40 characters). */
export const RETURN_PATH_MAX = 300;

export const RETURN_PATH_TEXTS = {
  invalid:
    'Returadressen etter betalingen må være en adresse på denne nettsiden som begynner med én /, ' +
    `har høyst ${RETURN_PATH_MAX} tegn og bare inneholder bokstavene a–z, tall og tegnene - . _ ~ / ? = & %.`,
} as const;

/** One leading slash, then ASCII letters, digits and `-._~/?=&%` only. */
const SAFE_PATH = /^\/(?![/\\])[A-Za-z0-9\-._~/?=&%]*$/;

/**
 * Whether `path` may be used as the return path after a payment: a page of this site by the rule of every return path
 * (siteReturnPath: also once its dot segments are resolved and it is percent-decoded, so "/.//evil.example" is
 * refused), given in its normalised form (what the provider gets is what was checked), of the characters above.
 */
export function isSafeReturnPath(path: string): boolean {
  return SAFE_PATH.test(path) && isSiteReturnPath(path, RETURN_PATH_MAX);
}
