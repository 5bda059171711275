// @vitest-environment happy-dom
/** A logged-in customer's details (bus store $user) fill the empty checkout fields; typed values are never replaced. */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Provider } from 'effector-react';
import { allSettled, createEvent, fork, type Scope } from 'effector';
import { $user } from '@shop/contracts/bus';
import { mapCustomer } from '@shop/contracts/mappers';
import { rawCustomer } from '@shop/contracts/testing';
import type { CheckoutInput } from '@shop/contracts/types';
import CheckoutPage from './CheckoutPage.js';
import { $client, $orders } from '../cart/model.js';
import { $knownAddresses, $postalCode, $shippingMethods, userDetailsOffered } from './model.js';
import { prefillFromUser } from './rules.js';
import { cartLine } from '../cart/fixtures.js';

const methods = [
  { id: 'delivery', name: 'Hjemlevering', description: null, price: 19900, priceRule: 'cart-freight' as const },
  { id: 'click-and-collect', name: 'Klikk og hent', description: null, price: 0, priceRule: 'free' as const },
];
const kari = mapCustomer(rawCustomer());
const empty: CheckoutInput = { name: '', phone: '', email: '', delivery: true, address: '', city: '' };

function renderCheckout(scope: Scope) {
  return render(
    <Provider value={scope}>
      <MemoryRouter initialEntries={['/checkout']}>
        <CheckoutPage />
      </MemoryRouter>
    </Provider>,
  );
}

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('checkout details for a logged-in customer', () => {
  it('start with name, phone, e-mail, address, postcode and city from $user', () => {
    const scope = fork({ values: [[$orders, [cartLine()]], [$shippingMethods, methods], [$user, kari]] });
    renderCheckout(scope);
    expect(value('Navn')).toBe('Kari Nordmann');
    expect(value('Mobilnummer')).toBe('91234567');
    expect(value('E-post')).toBe('kari@example.no');
    expect(value('Gateadresse')).toBe('Storgata 1');
    expect(value('Postnummer')).toBe('0155');
    expect(value('Poststed')).toBe('Oslo');
    expect(scope.getState($client)).toMatchObject({ name: 'Kari Nordmann', phone: '91234567', email: 'kari@example.no', address: 'Storgata 1', city: 'Oslo' });
    expect(scope.getState($postalCode)).toBe('0155');
  });

  it('never overwrite what the shopper typed (kept from before, or typed before the user arrived)', async () => {
    const scope = fork({
      values: [
        [$orders, [cartLine()]],
        [$shippingMethods, methods],
        [$client, { ...empty, name: 'Kari N.', address: 'Sjøgata 9' }],
        [$postalCode, '9008'],
      ],
    });
    renderCheckout(scope);
    expect(value('Navn')).toBe('Kari N.');
    fireEvent.change(screen.getByLabelText('E-post'), { target: { value: 'jobb@example.no' } });
    // The user is known only now (the shell's guard fetched it after the page was shown).
    await act(() => allSettled($user, { scope, params: kari }));
    expect(value('Navn')).toBe('Kari N.');
    expect(value('E-post')).toBe('jobb@example.no');
    expect(value('Gateadresse')).toBe('Sjøgata 9');
    expect(value('Postnummer')).toBe('9008');
    // Only the fields still empty were filled.
    expect(value('Mobilnummer')).toBe('91234567');
    expect(value('Poststed')).toBe('Oslo');
  });

  it('leave alone a field the shopper is in when the user arrives, even empty (what they type is not appended to it)', async () => {
    const scope = fork({ values: [[$orders, [cartLine()]], [$shippingMethods, methods]] });
    renderCheckout(scope);
    // The cursor is in the phone field and in the postcode field's turn after it; nothing typed yet.
    fireEvent.focus(screen.getByLabelText('Mobilnummer'));
    fireEvent.focus(screen.getByLabelText('Postnummer'));
    await act(() => allSettled($user, { scope, params: kari }));
    expect(value('Mobilnummer')).toBe('');
    expect(value('Postnummer')).toBe('');
    fireEvent.change(screen.getByLabelText('Mobilnummer'), { target: { value: '+47 98765432' } });
    expect(value('Mobilnummer')).toBe('+47 98765432');
    // The fields not entered still fill.
    expect(value('Navn')).toBe('Kari Nordmann');
    expect(value('Poststed')).toBe('Oslo');
  });

  it('a field the shopper empties stays empty while the user is unchanged', async () => {
    const scope = fork({ values: [[$orders, [cartLine()]], [$shippingMethods, methods], [$user, kari]] });
    renderCheckout(scope);
    fireEvent.change(screen.getByLabelText('Mobilnummer'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Navn'), { target: { value: 'Ola Nordmann' } });
    expect(value('Mobilnummer')).toBe('');
    expect(value('Navn')).toBe('Ola Nordmann');
  });

  it('an anonymous shopper starts with empty fields', () => {
    renderCheckout(fork({ values: [[$orders, [cartLine()]], [$shippingMethods, methods]] }));
    expect(value('Navn')).toBe('');
    expect(value('E-post')).toBe('');
  });
});

describe('prefillFromUser', () => {
  it('offers only non-empty profile values for blank fields', () => {
    const partial = mapCustomer(rawCustomer({ last_name: '', phone: null, address: null, postal_code: null, city: null }));
    expect(prefillFromUser(partial, { ...empty, email: '  ' }, '')).toEqual({ client: { name: 'Kari', email: 'kari@example.no' } });
    expect(prefillFromUser(kari, { ...empty, name: 'X', phone: '4', email: 'e', address: 'a', city: 'c' }, '1')).toEqual({ client: {} });
  });

  it.each([
    { entered: [], offered: { client: { name: 'Kari Nordmann', phone: '91234567', email: 'kari@example.no', address: 'Storgata 1', city: 'Oslo' }, postalCode: '0155' } },
    { entered: ['phone'], offered: { client: { name: 'Kari Nordmann', email: 'kari@example.no', address: 'Storgata 1', city: 'Oslo' }, postalCode: '0155' } },
    { entered: ['postalCode', 'city'], offered: { client: { name: 'Kari Nordmann', phone: '91234567', email: 'kari@example.no', address: 'Storgata 1' } } },
    { entered: ['name', 'phone', 'email', 'address', 'city', 'postalCode'], offered: { client: {} } },
  ] as const)('leaves the fields the shopper has entered ($entered) to them', ({ entered, offered }) => {
    expect(prefillFromUser(kari, empty, '', entered)).toEqual(offered);
  });

  it('the model event fills through clientChanged and postalCodeChanged', async () => {
    const scope = fork({ values: [[$client, { ...empty, city: 'Bergen' }]] });
    await allSettled(userDetailsOffered, { scope, params: kari });
    expect(scope.getState($client)).toEqual({ ...empty, name: 'Kari Nordmann', phone: '91234567', email: 'kari@example.no', address: 'Storgata 1', city: 'Bergen' });
    expect(scope.getState($postalCode)).toBe('0155');
  });
});

describe('logging out', () => {
  // Stands in for mf-account's model, which owns $user: the session ends.
  const sessionEnded = createEvent();
  $user.reset(sessionEnded);

  it("forgets the customer's contact details, postcode and known addresses, so the next person at this browser cannot see them", async () => {
    const address = { street: 'Storgata', houseNumber: '1', postcode: '0155', city: 'OSLO', position: null };
    const scope = fork({
      values: [
        [$user, kari],
        [$client, { ...empty, name: 'Kari Nordmann', email: 'kari@example.no' }],
        [$postalCode, '0155'],
        [$knownAddresses, [address]],
      ],
    });
    await allSettled(sessionEnded, { scope });
    expect(scope.getState($client)).toEqual(empty);
    expect(scope.getState($postalCode)).toBe('');
    expect(scope.getState($knownAddresses)).toEqual([]);
  });

  it('an anonymous shopper keeps what they typed when nothing changes', async () => {
    const scope = fork({ values: [[$client, { ...empty, name: 'Ola' }]] });
    await allSettled(sessionEnded, { scope });
    expect(scope.getState($client)).toEqual({ ...empty, name: 'Ola' });
  });
});
