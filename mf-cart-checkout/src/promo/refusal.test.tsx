// @vitest-environment happy-dom
/** A code the server refuses at checkout: its discount goes and the promo-code form shows the server's reason. */
import { describe, expect, it } from 'vitest';
import { render, screen, fireEvent } from '@testing-library/react';
import { Provider } from 'effector-react';
import { allSettled, fork } from 'effector';
import { ApiError } from '@shop/contracts/api';
import type { Promocode } from '@shop/contracts/types';
import { $activePromocode, $cartTotal, $discount, $orders, $promocodeRefusal, promocodeApplied } from '../cart/model.js';
import { cartLine } from '../cart/fixtures.js';
import { NO_DISCOUNT } from '../cart/rules.js';
import { reserveFx } from '../checkout/model.js';
import type { ReservationRequest } from '../checkout/rules.js';
import { PromoCodeForm } from './PromoCodeForm.js';

const MEMBERS = 'Koden gjelder bare for medlemmer i kundeklubben. Logg inn som medlem for å bruke den.';
const medlem20: Promocode = { id: 3, name: 'MEDLEM20', valid_from: '2026-01-01T00:00:00Z', valid_to: null, fixed: false, amount: 20, type: 'member' };
const refusal = (data: unknown, status = 422) => new ApiError({ kind: 'status', status, message: 'x', data });
const request = { promocode: 'MEDLEM20' } as ReservationRequest;

async function cartWithCode(failure: ApiError) {
  const scope = fork({
    values: [[$orders, [cartLine({ price: 10000 })]]],
    handlers: [[reserveFx, () => Promise.reject(failure)]],
  });
  await allSettled(promocodeApplied, { scope, params: medlem20 });
  expect(scope.getState($cartTotal)).toBe(8000);
  await allSettled(reserveFx, { scope, params: request });
  return scope;
}

describe('a promo code the server refuses at checkout', () => {
  it('is dropped with its discount, and the form says why in the server\'s words', async () => {
    const scope = await cartWithCode(
      refusal({ message: `Bestillingen har feil i ett eller flere felt. ${MEMBERS}`, errors: [{ field: 'promocode', message: MEMBERS }] }),
    );
    expect(scope.getState($activePromocode)).toBeNull();
    expect(scope.getState($discount)).toEqual(NO_DISCOUNT);
    expect(scope.getState($cartTotal)).toBe(10000);
    expect(scope.getState($promocodeRefusal)).toBe(MEMBERS);

    render(
      <Provider value={scope}>
        <PromoCodeForm />
      </Provider>,
    );
    expect(screen.getByRole('alert').textContent).toBe(MEMBERS);
    expect(screen.getByLabelText('Rabattkode').getAttribute('aria-invalid')).toBe('true');
    // Typing a code and asking again replaces the old reason with the new check's answer.
    fireEvent.change(screen.getByLabelText('Rabattkode'), { target: { value: '' } });
    fireEvent.submit(screen.getByLabelText('Rabattkode').closest('form')!);
    expect(screen.getByRole('alert').textContent).not.toBe(MEMBERS);
  });

  it('stays when the reservation failed for another reason (a field, stock, too many open reservations)', async () => {
    for (const failure of [
      refusal({ errors: [{ field: 'Email', message: 'Ugyldig e-postadresse' }] }),
      refusal({ message: 'Noen varer kan ikke bestilles', cartErrors: [{ eanNo: '7040000000017', message: 'Varen er dessverre utsolgt' }] }, 409),
      refusal({ message: 'Du har for mange åpne reservasjoner. Fullfør eller vent på dem før du reserverer mer.' }, 429),
    ]) {
      const scope = await cartWithCode(failure);
      expect(scope.getState($activePromocode)?.name).toBe('MEDLEM20');
      expect(scope.getState($cartTotal)).toBe(8000);
      expect(scope.getState($promocodeRefusal)).toBeNull();
    }
  });

  it('the reason goes once another code is applied', async () => {
    const scope = await cartWithCode(refusal({ errors: [{ field: 'promocode', message: MEMBERS }] }));
    await allSettled(promocodeApplied, { scope, params: { ...medlem20, id: 4, name: 'STAUT15', type: 'cart', amount: 15 } });
    expect(scope.getState($promocodeRefusal)).toBeNull();
    expect(scope.getState($cartTotal)).toBe(8500);
  });
});
