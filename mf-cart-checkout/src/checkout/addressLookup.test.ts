import { describe, expect, it } from 'vitest';
import { addressTexts } from '@shop/contracts/texts/forms';
import type { AddressFeature } from '@shop/contracts/types';
import { lookupAddress } from './addressLookup.js';

const feature = (street: string, houseNumber: string, postcode = '0150', city = 'Oslo'): AddressFeature => ({
  street,
  houseNumber,
  postcode,
  city,
  position: null,
});

describe('lookupAddress (SPEC §5/§8)', () => {
  const calls: string[] = [];
  const search = (found: AddressFeature[]) => async (text: string) => {
    calls.push(text);
    return found;
  };

  it.each([
    { case: 'no house number', text: 'Storgata', postcode: '0150', found: [], expected: { status: 'ADDRESS_NOT_FOUND', message: addressTexts.noHouseNumber } },
    { case: 'nothing found', text: 'Storgata 12', postcode: '0150', found: [], expected: { status: 'NONE_FOUND', message: addressTexts.noneFound } },
    {
      case: 'house number, postcode and street agree',
      text: 'storgata 12 b,',
      postcode: '0150',
      found: [feature('Storgata', '12A'), feature('Storgata', '12B')],
      expected: { status: 'MATCH', feature: feature('Storgata', '12B') },
    },
    {
      case: 'another postcode is no match: the shopper chooses',
      text: 'Storgata 12B',
      postcode: '5003',
      found: [feature('Storgata', '12B')],
      expected: { status: 'CHOICES', features: [feature('Storgata', '12B')] },
    },
  ])('$case', async ({ text, postcode, found, expected }) => {
    expect(await lookupAddress(text, postcode, [], search(found))).toEqual(expected);
  });

  it('a known address matches without asking the service', async () => {
    calls.length = 0;
    const known = [feature('Storgata', '12B')];
    expect(await lookupAddress('Storgata 12b', '0150', known, search([]))).toEqual({ status: 'MATCH', feature: known[0] });
    expect(calls).toEqual([]);
  });

  it('searches with the parsed street and house number', async () => {
    calls.length = 0;
    await lookupAddress('St.Olavs gate 3,', '0165', [], search([]));
    expect(calls).toEqual(['St Olavs gate 3']);
  });
});
