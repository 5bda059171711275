/**
 * The API refuses an e-mail address its mail client cannot deliver (non-ASCII: no SMTPUTF8) with the shared message,
 * wherever an address is entered: checkout, registration, an e-mail change. The browser forms use the same rule
 * (@shop/contracts/validation email.ts, its own table test).
 */
import { describe, expect, it } from 'vitest';
import { emailTexts } from '@shop/contracts/validation';
import { accountFieldTexts, registrationErrors, updateErrors } from '../../src/accounts/validation.js';
import { contactErrors, reservationTexts } from '../../src/checkout/validation.js';

const contact = { CustomerName: 'Kari', Phone: '91234567', Delivery: 0 as const, Address: '', City: '', PostalCode: '' };
const registration = {
  first_name: 'Kari',
  last_name: 'Nordmann',
  phone: '91234567',
  password: 'hemmelig-1',
  password_confirmation: 'hemmelig-1',
  terms_conditions: 1,
};
const emailErrorOf = (errors: Array<{ field: string; message: string }>, field: string) => errors.find((e) => e.field === field)?.message ?? null;

describe('e-mail addresses the shop can deliver to', () => {
  it.each([
    ['kari@example.no', null, null],
    ['kari.nordmann+butikk@example.no', null, null],
    ['åse@example.no', emailTexts.notAscii, emailTexts.notAscii],
    ['kari@ørsta.no', emailTexts.notAscii, emailTexts.notAscii],
    ['kari', reservationTexts.email, accountFieldTexts.email],
    ['kari@example.n', reservationTexts.email, null], // the checkout also wants a top-level domain of two letters
  ])('%j: checkout %j, registration and e-mail change %j', (email, checkout, account) => {
    expect(emailErrorOf(contactErrors({ ...contact, Email: email }), 'Email')).toBe(checkout);
    expect(emailErrorOf(registrationErrors({ ...registration, email }), 'email')).toBe(account);
    expect(emailErrorOf(updateErrors({ email }), 'email')).toBe(account);
  });
});
