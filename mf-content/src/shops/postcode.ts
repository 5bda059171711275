import { getPostalCode } from '@shop/contracts/api';
import type { Point } from './distance.js';

/**
 * The locator's postcode in its address, `/butikker?postnummer=NNNN`: what the home page's store search and the
 * locator's own form send as plain GET forms (so both work before the page has hydrated, and without JavaScript),
 * and what the locator's loader sorts the server's list by.
 */
export const POSTCODE_PARAM = 'postnummer';

export type PostcodeAsked =
  /** None asked: the shops in their own order. */
  | { kind: 'none' }
  /** Not four digits: "Skriv et postnummer med fire sifre." */
  | { kind: 'invalid'; postcode: string }
  | { kind: 'valid'; postcode: string };

/** What the address asks for (the field's text, trimmed; a Norwegian postcode is four digits). */
export function postcodeAsked(value: string | null): PostcodeAsked {
  const postcode = (value ?? '').trim();
  if (postcode === '') return { kind: 'none' };
  return /^\d{4}$/.test(postcode) ? { kind: 'valid', postcode } : { kind: 'invalid', postcode: postcode.slice(0, 4) };
}

/** Where a postcode is (GET /postalcodes/{zip}), or null when the register has no place with coordinates for it. */
export async function postcodePoint(postcode: string, options?: { signal?: AbortSignal }): Promise<Point | null> {
  const place = await getPostalCode(postcode, options).catch(() => null);
  return place && place.lat !== null && place.lng !== null ? { latitude: place.lat, longitude: place.lng } : null;
}
