import { describe, expect, it } from 'vitest';
import { emailTexts } from '@shop/contracts/validation';
import { ApiError } from '@shop/contracts/api';
import { mapShop } from '@shop/contracts/mappers';
import type { AddressFeature, RawShop, ShippingMethod } from '@shop/contracts/types';
import { cartLine } from '../cart/fixtures.js';
import { texts } from '../texts.js';
import {
  addressLabel,
  allowedMethods,
  cartErrorsFrom,
  effectiveMethod,
  formatKm,
  hasAllInStock,
  haversineMetres,
  isClickAndCollect,
  lineStock,
  mustCollect,
  openingHoursWeek,
  pickupChoices,
  pickupShops,
  rememberAddress,
  refusedPromocode,
  reservationPayload,
  serverFieldErrors,
  shippingPrice,
  sortByDistance,
  validateCheckout,
  type CheckoutDraft,
} from './rules.js';

const A = '7040000000017';
const B = '7040000000024';
const delivery: ShippingMethod = { id: 'delivery', name: 'Hjemlevering', description: null, price: 19900, priceRule: 'cart-freight' };
const pickup: ShippingMethod = { id: 'click-and-collect', name: 'Klikk og hent', description: null, price: 0, priceRule: 'free' };

const rawShop = (overrides: Partial<RawShop> = {}): RawShop => ({
  ShopID: 1,
  ShopNo: '001',
  Name: 'Staut Oslo',
  FullName: 'Staut Oslo City',
  OrgNo: '999999999',
  Description: null,
  OpeningHours: '1-5:1000-2000,6-6:1000-1800',
  MapLink: null,
  PostNo: '0150',
  PostPlace: 'Oslo',
  Address: 'Storgata 1',
  Email: null,
  Phone: null,
  Messenger: null,
  ChainID: 1,
  Latitude: 59.91,
  Longitude: 10.75,
  ...overrides,
});

const draft = (overrides: Partial<CheckoutDraft> = {}): CheckoutDraft => ({
  name: 'Kari Nordmann',
  phone: '+47 91234567',
  email: 'kari@example.no',
  delivery: true,
  address: 'Storgata 12B',
  city: 'Oslo',
  postalCode: '0150',
  shippingMethodId: 'delivery',
  shopId: null,
  ...overrides,
});

describe('delivery choice', () => {
  it.each([
    { id: 'delivery', cc: false },
    { id: 'express', cc: false },
    { id: 'pickup', cc: false },
    { id: 'click-and-collect', cc: true },
    { id: 'klikk-og-hent', cc: false },
  ])('$id is click-and-collect: $cc', ({ id, cc }) => {
    expect(isClickAndCollect({ id })).toBe(cc);
  });

  it.each([
    { case: 'ordinary lines allow every method', cart: [cartLine({ ean: A })], chosen: 'delivery', allowed: ['delivery', 'click-and-collect'], effective: 'delivery' },
    { case: 'an onlyCC line forces click-and-collect', cart: [cartLine({ ean: A }), cartLine({ ean: B, onlyCC: true })], chosen: 'delivery', allowed: ['click-and-collect'], effective: 'click-and-collect' },
    { case: 'an unknown choice falls back to the first', cart: [cartLine({ ean: A })], chosen: 'drone', allowed: ['delivery', 'click-and-collect'], effective: 'delivery' },
  ])('$case', ({ cart, chosen, allowed, effective }) => {
    expect(allowedMethods([delivery, pickup], cart).map((m) => m.id)).toEqual(allowed);
    expect(effectiveMethod([delivery, pickup], cart, chosen)?.id).toBe(effective);
    expect(mustCollect(cart)).toBe(allowed.length === 1);
  });

  it('no methods → no choice', () => {
    expect(effectiveMethod([], [cartLine()], 'delivery')).toBeNull();
  });

  // The same rule as the API's shippingPrice: home delivery costs the cart's freight, not the method's 19900.
  const express: ShippingMethod = { id: 'express', name: 'Ekspress', description: null, price: 29900, priceRule: 'cart-freight' };
  const pricedPickup: ShippingMethod = { ...pickup, price: 4900 };
  it.each([
    { case: 'home delivery of one default line costs its 9900', method: delivery, cart: [cartLine({ ean: A })], price: 9900 },
    { case: 'home delivery costs the highest frightPrice, not the sum', method: delivery, cart: [cartLine({ ean: A }), cartLine({ ean: B, frightPrice: 14900, count: 3 })], price: 14900 },
    { case: 'a line dearer than the method is charged in full', method: delivery, cart: [cartLine({ ean: A, frightPrice: 24900 })], price: 24900 },
    { case: 'free-freight lines deliver free', method: delivery, cart: [cartLine({ ean: A, frightPrice: 0 })], price: 0 },
    { case: 'every home-delivery method costs the cart freight', method: express, cart: [cartLine({ ean: A })], price: 9900 },
    { case: 'empty cart (no line carries freight) → the method price', method: delivery, cart: [], price: 19900 },
    { case: 'click-and-collect is free', method: pickup, cart: [cartLine({ ean: A, frightPrice: 14900 })], price: 0 },
    { case: 'click-and-collect stays free even if the method has a price', method: pricedPickup, cart: [cartLine({ ean: A })], price: 0 },
  ])('shippingPrice: $case', ({ method, cart, price }) => {
    expect(shippingPrice(method, cart)).toBe(price);
  });
});

describe('validateCheckout', () => {
  it.each([
    { case: 'complete delivery form', draft: draft(), errors: {} },
    { case: 'phone with 0047 and spaces around', draft: draft({ phone: ' 004741234567 ' }), errors: {} },
    { case: 'missing name', draft: draft({ name: '  ' }), errors: { name: texts.required(texts.name) } },
    { case: 'missing phone', draft: draft({ phone: '' }), errors: { phone: texts.required(texts.phone) } },
    { case: 'phone starting with 2', draft: draft({ phone: '21234567' }), errors: { phone: texts.invalidPhone } },
    { case: 'phone grouped with spaces', draft: draft({ phone: '912 34 567' }), errors: {} },
    { case: 'phone grouped with spaces and +47', draft: draft({ phone: '+47 91 23 45 67' }), errors: {} },
    { case: 'grouped phone starting with 5', draft: draft({ phone: '512 34 567' }), errors: { phone: texts.invalidPhone } },
    { case: 'phone with hyphens', draft: draft({ phone: '912-34-567' }), errors: { phone: texts.invalidPhone } },
    { case: 'bad email', draft: draft({ email: 'kari@' }), errors: { email: texts.invalidEmail } },
    { case: 'email with æøå (the shop mail cannot reach it)', draft: draft({ email: 'bjørn@example.no' }), errors: { email: emailTexts.notAscii } },
    { case: 'delivery needs address, postcode and city', draft: draft({ address: '', postalCode: '', city: '' }), errors: { address: texts.required(texts.address), postalCode: texts.required(texts.postalCode), city: texts.required(texts.city) } },
    { case: 'postcode of three digits', draft: draft({ postalCode: '150' }), errors: { postalCode: texts.invalidPostalCode } },
    { case: 'click-and-collect needs a shop, not an address', draft: draft({ delivery: false, address: '', postalCode: '', city: '', shippingMethodId: 'click-and-collect' }), errors: { shop: texts.chooseShopError } },
    { case: 'click-and-collect with a shop', draft: draft({ delivery: false, address: '', shippingMethodId: 'click-and-collect', shopId: 3 }), errors: {} },
    { case: 'no shipping method', draft: draft({ shippingMethodId: null }), errors: { delivery: texts.shippingFailed } },
  ])('$case', ({ draft: input, errors }) => {
    expect(validateCheckout(input)).toEqual(errors);
  });
});

describe('reservationPayload', () => {
  it('home delivery sends the address, the web shop and every line by EAN', () => {
    const payload = reservationPayload(draft(), [cartLine({ ean: A, count: 2 }), cartLine({ ean: B })]);
    expect(payload).toEqual({
      CustomerName: 'Kari Nordmann',
      Email: 'kari@example.no',
      Phone: '+47 91234567',
      Delivery: 1,
      Address: 'Storgata 12B',
      PostalCode: '0150',
      City: 'Oslo',
      ShopID: 55,
      items: [
        { EanNo: A, Count: 2, CampaignArticleID: null },
        { EanNo: B, Count: 1, CampaignArticleID: null },
      ],
      shipping_method_id: 'delivery',
      promocode: null,
    });
    expect(reservationPayload(draft(), [cartLine({ ean: A })], 'VINTER10').promocode).toBe('VINTER10');
  });

  it('click-and-collect sends the chosen shop and no address', () => {
    const payload = reservationPayload(draft({ delivery: false, shopId: 7, shippingMethodId: 'click-and-collect' }), [cartLine({ ean: A })]);
    expect(payload).toMatchObject({ Delivery: 0, ShopID: 7, Address: '', PostalCode: '', City: '', shipping_method_id: 'click-and-collect' });
  });
});

describe('cartErrorsFrom', () => {
  const failure = (data: unknown) => new ApiError({ kind: 'status', status: 422, message: 'x', data });
  it.each([
    { case: 'cartErrors list', error: failure({ message: 'Utsolgt', cartErrors: [{ eanNo: A, message: 'Bare 1 igjen' }] }), expected: [{ eanNo: A, message: 'Bare 1 igjen' }] },
    { case: 'raw EanNo in errors', error: failure({ errors: [{ EanNo: B }] }), expected: [{ eanNo: B }] },
    {
      case: 'a campaign that ended: the price the line costs now',
      error: failure({ cartErrors: [{ eanNo: A, message: 'Kampanjeprisen gjelder ikke lenger.', price: 249900 }] }),
      expected: [{ eanNo: A, message: 'Kampanjeprisen gjelder ikke lenger.', price: 249900 }],
    },
    { case: 'a price that is not whole øre is not taken', error: failure({ cartErrors: [{ eanNo: A, price: '249900' }] }), expected: [{ eanNo: A }] },
    { case: 'field errors object is not cart errors', error: failure({ errors: { Email: ['Ugyldig'] } }), expected: [] },
    { case: 'network failure', error: new ApiError({ kind: 'network', message: 'Network Error' }), expected: [] },
    { case: 'not an ApiError', error: new Error('x'), expected: [] },
  ])('$case', ({ error, expected }) => {
    expect(cartErrorsFrom(error)).toEqual(expected);
  });
});

describe('refusedPromocode: the server\'s verdict on the code from a refused reservation', () => {
  const members = 'Koden gjelder bare for medlemmer i kundeklubben. Logg inn som medlem for å bruke den.';
  const failure = (data: unknown, status = 422) => new ApiError({ kind: 'status', status, message: 'x', data });
  it.each([
    { case: 'the promocode field error', error: failure({ message: 'Feil', errors: [{ field: 'Phone', message: 'Ugyldig' }, { field: 'promocode', message: members }] }), expected: members },
    { case: 'other field errors only', error: failure({ errors: [{ field: 'Email', message: 'Ugyldig e-postadresse' }] }), expected: null },
    { case: 'cart errors', error: failure({ cartErrors: [{ eanNo: A, message: 'Utsolgt' }] }), expected: null },
    { case: 'a 429 (too many open reservations) is not about the code', error: failure({ message: 'Du har for mange åpne reservasjoner.' }, 429), expected: null },
    { case: 'network failure', error: new ApiError({ kind: 'network', message: 'Network Error' }), expected: null },
    { case: 'not an ApiError', error: new Error('x'), expected: null },
  ])('$case', ({ error, expected }) => {
    expect(refusedPromocode(error)).toBe(expected);
  });
});

describe('serverFieldErrors', () => {
  const failure = (data: unknown) => new ApiError({ kind: 'status', status: 422, message: 'x', data });
  it.each([
    {
      case: 'API field names onto form fields, first message each',
      error: failure({ message: 'Feil', errors: [{ field: 'Phone', message: 'Ugyldig telefonnummer' }, { field: 'PostalCode', message: 'Ukjent postnummer' }, { field: 'Phone', message: 'annen' }] }),
      expected: { phone: 'Ugyldig telefonnummer', postalCode: 'Ukjent postnummer' },
    },
    { case: 'unknown fields are left out', error: failure({ errors: [{ field: 'promocode', message: 'Ukjent kode' }] }), expected: {} },
    { case: 'cart errors are no field errors', error: failure({ cartErrors: [{ eanNo: A, message: 'Utsolgt' }] }), expected: {} },
  ])('$case', ({ error, expected }) => {
    expect(serverFieldErrors(error)).toEqual(expected);
  });
});

describe('shops for click-and-collect', () => {
  const oslo = mapShop(rawShop());
  const bergen = mapShop(rawShop({ ShopID: 2, Name: 'Staut Bergen', Latitude: 60.39, Longitude: 5.32 }));
  const web = mapShop(rawShop({ ShopID: 55, Name: 'Nettbutikk', OpeningHours: '' }));
  const closedShop = mapShop(rawShop({ ShopID: 9, OpeningHours: '' }));

  it('leaves out the web-shop location and shops without opening hours', () => {
    expect(pickupShops([oslo, web, bergen, closedShop]).map((s) => s.id)).toEqual([1, 2]);
  });

  it.each([
    { case: 'nearest first', distances: [500_000, 1_200], order: [2, 1] },
    { case: 'unknown distance last', distances: [null, 3_000], order: [2, 1] },
    { case: 'ties keep their order', distances: [10, 10], order: [1, 2] },
  ])('sortByDistance: $case', ({ distances, order }) => {
    const sorted = sortByDistance([oslo, bergen], distances);
    expect(sorted.map((s) => s.id)).toEqual(order);
    expect(sorted.find((s) => s.id === 2)?.distance).toBe(distances[1]);
  });

  it('great-circle distance Oslo–Bergen is about 305 km', () => {
    const metres = haversineMetres({ lat: 59.91, lng: 10.75 }, { lat: 60.39, lng: 5.32 });
    expect(metres).toBeGreaterThan(295_000);
    expect(metres).toBeLessThan(315_000);
    expect(formatKm(1234)).toBe('1,2');
  });

  it('opening hours Monday first, closed days marked', () => {
    const week = openingHoursWeek(oslo);
    expect(week[0]).toEqual({ day: 'mandag', hours: '10:00–20:00' });
    expect(week[5]).toEqual({ day: 'lørdag', hours: '10:00–18:00' });
    expect(week[6]).toEqual({ day: 'søndag', hours: null });
  });

  it.each([
    { case: 'from the line’s own variant', fresh: new Map(), qty: [3, 0], all: false },
    { case: 'fresh availability wins', fresh: new Map([[B, [{ id: 1, qty: 4 }]]]), qty: [3, 4], all: true },
  ])('lineStock: $case', ({ fresh, qty, all }) => {
    const a = cartLine({ ean: A, count: 2 });
    const lines = [{ ...a, variant: { ...a.variant, shops: [{ id: 55, qty: 9 }, { id: 1, qty: 3 }] } }, cartLine({ ean: B, count: 1 })];
    const stock = lineStock(lines, 1, fresh);
    expect(stock.map((l) => l.qty)).toEqual(qty);
    expect(hasAllInStock(stock)).toBe(all);
  });
});

describe('pickupChoices: shops that hold the whole cart first, the others shown but not choosable', () => {
  const shop = (id: number) => mapShop(rawShop({ ShopID: id, Name: `Butikk ${id}` }));
  const near = [shop(1), shop(2), shop(3)]; // nearest first
  const orders = [cartLine({ ean: A, count: 2, name: 'Lue' }), cartLine({ ean: B, count: 1, name: 'Sokk' })];
  const answer = (shopId: number, qtyA: number, qtyB: number) => ({
    shopId,
    complete: qtyA >= 2 && qtyB >= 1,
    lines: [{ ean: A, count: 2, qty: qtyA }, { ean: B, count: 1, qty: qtyB }],
  });
  it.each([
    { case: 'all complete: nearest first', avail: [answer(1, 2, 1), answer(2, 5, 5), answer(3, 9, 9)], order: [1, 2, 3], complete: [true, true, true] },
    { case: 'the nearest lacks a line: it goes after the complete ones', avail: [answer(1, 1, 1), answer(2, 2, 1), answer(3, 2, 3)], order: [2, 3, 1], complete: [true, true, false] },
    { case: 'none complete: distance order kept', avail: [answer(1, 0, 0), answer(2, 1, 0), answer(3, 0, 1)], order: [1, 2, 3], complete: [false, false, false] },
    { case: 'a shop the server did not list is not complete', avail: [answer(1, 2, 1), answer(3, 2, 1)], order: [1, 3, 2], complete: [true, true, false] },
  ])('$case', ({ avail, order, complete }) => {
    const choices = pickupChoices(near, orders, avail);
    expect(choices.map((c) => c.shop.id)).toEqual(order);
    expect(choices.map((c) => c.complete)).toEqual(complete);
  });

  it('shows the server\'s counts per line', () => {
    const [first] = pickupChoices([shop(1)], orders, [answer(1, 1, 4)]);
    expect(first!.lines).toEqual([
      { ean: A, name: 'Lue', count: 2, qty: 1 },
      { ean: B, name: 'Sokk', count: 1, qty: 4 },
    ]);
  });

  it('until the server answers, the stock the lines were added with decides', () => {
    const lines = [cartLine({ ean: A, count: 2, stock: 0 })];
    const withShop1 = [{ ...lines[0]!, variant: { ...lines[0]!.variant, shops: [{ id: 2, qty: 5 }, { id: 1, qty: 1 }] } }];
    expect(pickupChoices(near, withShop1, null).map((c) => [c.shop.id, c.complete])).toEqual([[2, true], [1, false], [3, false]]);
  });
});

describe('known addresses', () => {
  const feature = (street: string, houseNumber: string): AddressFeature => ({ street, houseNumber, postcode: '0150', city: 'Oslo', position: null });
  it('newest first, each once, at most ten', () => {
    let known = [feature('Storgata', '1')];
    known = rememberAddress(known, feature('Kirkegata', '2'));
    known = rememberAddress(known, feature('Storgata', '1'));
    expect(known.map(addressLabel)).toEqual(['Storgata 1, 0150 Oslo', 'Kirkegata 2, 0150 Oslo']);
    for (let i = 0; i < 20; i++) known = rememberAddress(known, feature('Gate', String(i)));
    expect(known).toHaveLength(10);
    expect(known[0].houseNumber).toBe('19');
  });
});
