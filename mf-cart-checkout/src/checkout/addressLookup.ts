import { searchAddresses } from '@shop/contracts/api';
import { addressMatches, isAddressError, parseAddress } from '@shop/contracts/validation';
import type { AddressFeature } from '@shop/contracts/types';
import { texts } from '../texts.js';

export type AddressLookup =
  | { status: 'ADDRESS_NOT_FOUND' | 'NONE_FOUND'; message: string }
  | { status: 'MATCH'; feature: AddressFeature }
  | { status: 'CHOICES'; features: AddressFeature[] };

/**
 * SPEC §5 address lookup: the text needs a house number (else ADDRESS_NOT_FOUND with the SPEC §8 text); a known
 * address or a map feature matches when house number, postcode and street agree; without a match the shopper
 * chooses among the features found, and nothing found gives "Ingen addresser funnet".
 */
export async function lookupAddress(
  text: string,
  postcode: string,
  known: AddressFeature[],
  search: (text: string) => Promise<AddressFeature[]> = searchAddresses,
): Promise<AddressLookup> {
  const parsed = parseAddress(text);
  if (isAddressError(parsed)) return { status: 'ADDRESS_NOT_FOUND', message: parsed.message };
  const wanted = { ...parsed, postcode };
  const cached = known.find((feature) => addressMatches(wanted, feature));
  if (cached) return { status: 'MATCH', feature: cached };
  const features = await search(`${parsed.street} ${parsed.houseNumber}`);
  if (features.length === 0) return { status: 'NONE_FOUND', message: texts.noAddresses };
  const match = features.find((feature) => addressMatches(wanted, feature));
  if (match) return { status: 'MATCH', feature: match };
  return { status: 'CHOICES', features: features.slice(0, 10) };
}
