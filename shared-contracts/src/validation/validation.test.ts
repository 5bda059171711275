import { describe, expect, it } from 'vitest';
import { isValidPhone, nationalPhone } from './phone.js';
import { addressMatches, isAddressError, parseAddress } from './address.js';
import { assertNumber, assertNumbers, buildSearchFilters, filter, parseSearchFilters } from './filters.js';
import { compactAccountPayload, requiredAccountFieldErrors } from './account.js';
import { isLongEnoughPassword } from './password.js';
import type { AddressFeature } from '../types/geo.js';

describe('phone (SPEC §5)', () => {
  it.each([
    ['91234567', true],
    ['41234567', true],
    ['+4791234567', true],
    ['+47 91234567', true],
    ['004791234567', true],
    ['0047 41234567', true],
    ['  91234567  ', true],
    ['\t+47  91234567\n', true],
    ['51234567', false],
    ['21234567', false],
    ['9123456', false],
    ['912345678', false],
    // Digits grouped with spaces, as Norwegians write them (issue 21), with or without the prefix.
    ['912 34 567', true],
    ['91 23 45 67', true],
    ['+47 912 34 567', true],
    ['+47 91 23 45 67', true],
    ['0047 912 34 567', true],
    ['0047 4123 4567', true],
    ['912\u00a034\u00a0567', true],
    [' 412  34 567 ', true],
    // The spec's rule still decides: eight digits, first 4 or 9, prefix only +47 or 0047.
    ['512 34 567', false],
    ['912 34 56', false],
    ['912 34 5678', false],
    ['+46 912 34 567', false],
    ['47 912 34 567', false],
    ['+4 7 912 34 567', false],
    ['00 47 91234567', false],
    ['912-34-567', false],
    ['912.34.567', false],
    ['(+47) 91234567', false],
    ['+47', false],
    ['+46 91234567', false],
    ['47 91234567', false],
    ['9123456a', false],
    ['', false],
  ])('%j → %s', (phone, valid) => {
    expect(isValidPhone(phone)).toBe(valid);
  });
  it.each([
    ['+47 91234567', '91234567'],
    [' 0047 41234567 ', '41234567'],
    ['123', null],
    ['912 34 567', '91234567'],
    ['+47 91 23 45 67', '91234567'],
    ['0047 412\u00a034 567', '41234567'],
    ['512 34 567', null],
  ])('nationalPhone(%j) = %j', (phone, expected) => {
    expect(nationalPhone(phone)).toBe(expected);
  });
});

describe('address parsing', () => {
  const notFound = { status: 'ADDRESS_NOT_FOUND', message: "Ingen husnummer oppgitt - addresse må være på format: 'gateaddresse husnummer'" };
  it.each([
    ['Storgata 12', { street: 'Storgata', houseNumber: '12' }],
    ['Storgata 12B', { street: 'Storgata', houseNumber: '12B' }],
    ['Storgata 12 b', { street: 'Storgata', houseNumber: '12B' }],
    ['St. Olavs gate 3,', { street: 'St Olavs gate', houseNumber: '3' }],
    ['  Kong Oscars gate   45  ', { street: 'Kong Oscars gate', houseNumber: '45' }],
    ['Øvre Smestad vei 7c', { street: 'Øvre Smestad vei', houseNumber: '7C' }],
    ['Vei 2 Nord 5', { street: 'Vei 2 Nord', houseNumber: '5' }],
    ['Storgata', notFound],
    ['Storgata B', notFound],
    ['12', notFound],
    ['', notFound],
  ])('%j → %j', (text, expected) => {
    expect(parseAddress(text)).toEqual(expected);
  });
  it('isAddressError discriminates', () => {
    expect(isAddressError(parseAddress('Storgata'))).toBe(true);
    expect(isAddressError(parseAddress('Storgata 1'))).toBe(false);
  });

  const feature: AddressFeature = { street: 'Storgata', houseNumber: '12B', postcode: '0155', city: 'OSLO', position: null };
  it.each([
    [{ street: 'Storgata', houseNumber: '12B', postcode: '0155' }, true],
    [{ street: 'storgata', houseNumber: '12b', postcode: ' 0155 ' }, true],
    [{ street: 'Storgata', houseNumber: '12', postcode: '0155' }, false],
    [{ street: 'Storgata', houseNumber: '12B', postcode: '0156' }, false],
    [{ street: 'Storgaten', houseNumber: '12B', postcode: '0155' }, false],
  ])('%j matches: %s', (address, expected) => {
    expect(addressMatches(address, feature)).toBe(expected);
  });
});

describe('filter guards', () => {
  it.each([[1], [0], [-2.5]])('accepts %j', (v) => expect(() => assertNumber(v)).not.toThrow());
  it.each([['1'], [Number.NaN], [null], [undefined], [Infinity]])('rejects %j with the singular text', (v) => {
    expect(() => assertNumber(v)).toThrow('Only numbers supported as value');
  });
  it.each([[[1, 2]], [[]]])('accepts lists %j', (v) => expect(() => assertNumbers(v)).not.toThrow());
  it.each([[[1, '2']], ['1,2'], [[Number.NaN]]])('rejects lists %j with the plural text', (v) => {
    expect(() => assertNumbers(v)).toThrow('Only numbers supported as values');
  });
});

describe('search filter strings', () => {
  it.each([
    [filter.eq('GenderID', 1), 'GenderID = 1'],
    [filter.neq('GenderID', 1), 'GenderID != 1'],
    [filter.lt('GrossPrice', 10000), 'GrossPrice < 10000'],
    [filter.gt('GrossPrice', 10000), 'GrossPrice > 10000'],
    [filter.between('GrossPrice', 100, 500), 'GrossPrice 100 TO 500'],
    [filter.notBetween('GrossPrice', 100, 500), 'NOT GrossPrice 100 TO 500'],
    [filter.in('ColorGroupID', [1, 2]), 'ColorGroupID IN [1,2]'],
    [filter.notIn('ArticleID', [3, 4]), 'ArticleID NOT IN [3,4]'],
    [filter.exists('Season'), 'Season EXISTS'],
    [filter.and('A = 1', '', null, 'B = 2'), 'A = 1 AND B = 2'],
  ])('%j', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('rejects non-numeric values', () => {
    expect(() => filter.eq('GenderID', '1' as unknown as number)).toThrow('Only numbers supported as value');
    expect(() => filter.in('GenderID', ['1'] as unknown as number[])).toThrow('Only numbers supported as values');
    expect(() => filter.eq('Gender ID; DROP', 1)).toThrow(/Invalid filter field/);
  });

  it.each([
    [{}, ''],
    [{ colors: [3, 4] }, 'ColorGroupID IN [3,4]'],
    [{ colors: [] }, ''],
    [{ price: { min: 10000, max: 50000 }, genders: [1] }, 'GenderID IN [1] AND GrossPrice 10000 TO 50000'],
    [{ brands: [2], shops: [55], groups: [111] }, 'ProductLineID IN [2] AND ShopID IN [55] AND ArticleGroup3ID IN [111]'],
    [{ exclude: [101] }, ''],
    [{ exclude: [101, 102] }, 'ArticleID NOT IN [101,102]'],
  ])('buildSearchFilters(%j) = %j', (filters, expected) => {
    expect(buildSearchFilters(filters)).toBe(expected);
  });

  it('parses what it builds', () => {
    const text = buildSearchFilters({ colors: [3], price: { min: 100, max: 500 }, exclude: [1, 2] });
    expect(parseSearchFilters(text)).toEqual([
      { field: 'ColorGroupID', operator: 'IN', values: [3] },
      { field: 'GrossPrice', operator: 'TO', values: [100, 500] },
      { field: 'ArticleID', operator: 'NOT IN', values: [1, 2] },
    ]);
  });

  it.each([
    ['GenderID = 1', [{ field: 'GenderID', operator: '=', values: [1] }]],
    ['GenderID != 1', [{ field: 'GenderID', operator: '!=', values: [1] }]],
    ['GrossPrice < 5', [{ field: 'GrossPrice', operator: '<', values: [5] }]],
    ['GrossPrice > 5', [{ field: 'GrossPrice', operator: '>', values: [5] }]],
    ['NOT GrossPrice 1 TO 2', [{ field: 'GrossPrice', operator: 'NOT TO', values: [1, 2] }]],
    ['Season EXISTS', [{ field: 'Season', operator: 'EXISTS', values: [] }]],
    ['ShopID IN []', [{ field: 'ShopID', operator: 'IN', values: [] }]],
    ['', []],
  ])('parseSearchFilters(%j)', (text, rules) => {
    expect(parseSearchFilters(text)).toEqual(rules);
  });

  it.each([
    ['GenderID = herre', 'Only numbers supported as value'],
    ['GenderID IN [1,x]', 'Only numbers supported as values'],
    ['GenderID LIKE 1', 'Invalid filter rule'],
    ['1 = 1 OR 1 = 1', 'Invalid filter rule'],
  ])('parseSearchFilters(%j) throws %j', (text, message) => {
    expect(() => parseSearchFilters(text)).toThrow(message);
  });
});

describe('account form', () => {
  it.each([
    [{ first_name: 'Kari', last_name: 'N', phone: '91234567', email: 'k@e.no' }, {}],
    [{ first_name: ' ', last_name: 'N', phone: '', email: 'k@e.no' }, { first_name: 'Fornavn må ha en verdi', phone: 'Telefonnummer må ha en verdi' }],
    [{}, { first_name: 'Fornavn må ha en verdi', last_name: 'Etternavn må ha en verdi', phone: 'Telefonnummer må ha en verdi', email: 'Email må ha en verdi' }],
  ])('%j → %j', (form, errors) => {
    expect(requiredAccountFieldErrors(form)).toEqual(errors);
  });
  it('leaves empty fields out and sends accepted terms as 1', () => {
    expect(compactAccountPayload({ first_name: ' Kari ', last_name: '', city: null, terms_accepted: true, club: 0 })).toEqual({
      first_name: 'Kari',
      club: 0,
      terms_conditions: 1,
    });
  });
});

describe('password rule', () => {
  it.each([
    ['', false],
    ['1234567', false],
    ['12345678', true],
    ['et langt passord', true],
  ])('%j is long enough: %s', (password, expected) => {
    expect(isLongEnoughPassword(password)).toBe(expected);
  });
});
