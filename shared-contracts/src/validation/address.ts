import type { AddressFeature, AddressLookupError, ParsedAddress } from '../types/geo.js';
import { addressTexts } from '@shop/contracts/texts/forms';

/** Punctuation → spaces, whitespace collapsed ("St.Olavs gate 3," → "St Olavs gate 3"). */
function clean(text: string): string {
  return text.replace(/[^\p{L}\p{N}\s]/gu, ' ').replace(/\s+/g, ' ').trim();
}

const TRAILING_NUMBER = /^(.*?)\s*(\d+)\s*(\p{L})?$/u;

/**
 * SPEC §5 address parsing: punctuation becomes spaces; a trailing number with an optional letter is the house
 * number ("Storgata 12 b" → "12B"), the rest the street. No house number (or no street) → ADDRESS_NOT_FOUND with
 * the SPEC §8 text.
 */
export function parseAddress(text: string): ParsedAddress | AddressLookupError {
  const m = TRAILING_NUMBER.exec(clean(text));
  if (!m || m[1].trim() === '') return { status: 'ADDRESS_NOT_FOUND', message: addressTexts.noHouseNumber };
  return { street: m[1].trim(), houseNumber: `${m[2]}${(m[3] ?? '').toUpperCase()}` };
}

export function isAddressError(value: ParsedAddress | AddressLookupError): value is AddressLookupError {
  return 'status' in value;
}

const norm = (s: string) => clean(s).toLocaleLowerCase('nb-NO');

/** SPEC §5: an address matches a map feature when house number, postcode and street all agree (case-insensitive). */
export function addressMatches(address: ParsedAddress & { postcode: string }, feature: AddressFeature): boolean {
  return (
    norm(address.houseNumber) === norm(feature.houseNumber) &&
    address.postcode.trim() === feature.postcode.trim() &&
    norm(address.street) === norm(feature.street)
  );
}
