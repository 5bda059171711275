/**
 * Where a plain HTML form's answer sends the shopper back to (303 See Other): the page that posted it, named by the
 * form's `return` field. Only a path on this site: anything else — another host ("//evil.example", "/\evil", which
 * browsers read as a host), a scheme, a line break or other control character, the API itself — goes home instead,
 * so the field can never make the shop an open redirect. The path comes back normalised and percent-encoded (safe in
 * a Location header); a fragment is dropped (the browser never sends one).
 */
const BASE = 'http://shop.invalid';
/** Longer than any page address of the shop (search queries are at most 200 characters). */
export const FORM_RETURN_MAX = 2000;

export function formReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > FORM_RETURN_MAX) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(value)) return '/';
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return '/';
  }
  if (url.origin !== BASE) return '/';
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return '/';
  return `${url.pathname}${url.search}`;
}
