/**
 * A return path — where the shop sends the browser after a form, a login or a payment — must be a page of this site.
 * A browser reads "//evil.example" and "/\evil.example" as another host, and the URL parser turns "/.//evil.example",
 * "/%2e//evil.example" and "/a/..//evil.example" into "//evil.example" once it resolves their dot segments: so the
 * check is made on the path as the parser resolves it, and again on its percent-decoded form (a proxy or framework on
 * the way may decode "%2f", "%5c" or "%2e" before anyone resolves the path).
 */

const BASE = 'http://shop.invalid';
/** Longer than any page address of the shop (search queries are at most 200 characters). */
export const RETURN_PATH_MAX_LENGTH = 2000;
/** Decoding rounds looked through ("%252e" is "%2e" after one); a path still encoded after them is refused. */
const DECODE_ROUNDS = 3;

/** A path this site answers with a page: one leading `/` (not `//`, not `/\`) and not the API. */
const isPagePath = (pathname: string) =>
  pathname.startsWith('/') && !/^\/[/\\]/.test(pathname) && pathname !== '/api' && !pathname.startsWith('/api/');

/** `value` resolved against this site; null when it names another origin (or does not parse). */
function onThisSite(value: string): URL | null {
  try {
    const url = new URL(value, BASE);
    return url.origin === BASE ? url : null;
  } catch {
    return null;
  }
}

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * The return path `value` names, normalised (dot segments resolved, percent-encoded: safe in a Location header and
 * after an origin), or null when it is not a page of this site: not a string, too long, not starting with exactly one
 * `/`, a backslash, whitespace other than a space, a control character, another host or scheme (also after the URL
 * parser resolved it, and after percent-decoding), or the API. A query and a fragment are kept.
 */
export function siteReturnPath(value: unknown, maxLength = RETURN_PATH_MAX_LENGTH): string | null {
  if (typeof value !== 'string' || value.length > maxLength) return null;
  // Browsers drop tabs and line breaks from a URL and read `\` as `/`: either can turn a path into a host.
  if (!value.startsWith('/') || /[\\\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(value)) return null;
  const url = onThisSite(value);
  if (!url || !isPagePath(url.pathname)) return null;
  let text = url.pathname;
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    const plain = decoded(text);
    // Nothing (more) encoded; or a "%" that is no escape ("/search/100%"): the shopper's text, nothing hides behind it.
    if (plain === null || plain === text) return `${url.pathname}${url.search}${url.hash}`;
    if (/^[/\\]{2}|[\u0000-\u001f\u007f]/.test(plain)) return null;
    // Decoded, "?" and "#" would start a query: they stay part of the path, as they were.
    const again = onThisSite(plain.replace(/[?#]/g, (c) => encodeURIComponent(c)));
    if (!again || !isPagePath(again.pathname)) return null;
    text = plain;
  }
  return null;
}

/** Whether `value` is a return path on this site exactly as given (already normalised). */
export function isSiteReturnPath(value: unknown, maxLength = RETURN_PATH_MAX_LENGTH): value is string {
  return siteReturnPath(value, maxLength) === value;
}
