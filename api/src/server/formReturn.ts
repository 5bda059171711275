/**
 * Where a plain HTML form's answer sends the shopper back to (303 See Other): the page that posted it, named by the
 * form's `return` field — a page of this site only (@shop/contracts/routes siteReturnPath, the one rule for every
 * return path), anything else goes home, so the field can never make the shop an open redirect. The path comes back
 * normalised and percent-encoded (safe in a Location header).
 */
import { RETURN_PATH_MAX_LENGTH, siteReturnPath } from '@shop/contracts/routes';

export const FORM_RETURN_MAX = RETURN_PATH_MAX_LENGTH;

export function formReturnPath(value: unknown): string {
  return siteReturnPath(value, FORM_RETURN_MAX) ?? '/';
}
