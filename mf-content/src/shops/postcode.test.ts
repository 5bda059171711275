import { describe, expect, it } from 'vitest';
import { postcodeAsked } from './postcode.js';

describe('postcodeAsked: the locator address\'s ?postnummer=', () => {
  it.each([
    [null, { kind: 'none' }],
    ['', { kind: 'none' }],
    ['   ', { kind: 'none' }],
    ['0150', { kind: 'valid', postcode: '0150' }],
    [' 2060 ', { kind: 'valid', postcode: '2060' }],
    ['12', { kind: 'invalid', postcode: '12' }],
    ['01500', { kind: 'invalid', postcode: '0150' }],
    ['ab12', { kind: 'invalid', postcode: 'ab12' }],
    ['０１５０', { kind: 'invalid', postcode: '０１５０' }],
  ])('%j → %j', (value, expected) => {
    expect(postcodeAsked(value)).toEqual(expected);
  });
});
