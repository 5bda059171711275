import { describe, expect, it } from 'vitest';
import { currentPasswordTexts, requiredFieldTexts } from '@shop/contracts/texts/forms';
import type { CustomerUpdatePayload } from '@shop/contracts/types';
import { emailTexts } from '@shop/contracts/validation';
import { emptyRegisterForm, registerFormErrors, registerPayload, type RegisterForm } from './rules.js';
import { needsCurrentPassword, pendingEmailChange, profilePayload, profileErrors, type ProfileForm } from '../account/profile.js';

const valid = (): RegisterForm => ({
  ...emptyRegisterForm(),
  first_name: 'Kari',
  last_name: 'Nordmann',
  email: 'kari@example.no',
  phone: '+47 91234567',
  password: 'hemmelig-1',
  password_confirmation: 'hemmelig-1',
  terms: true,
});

describe('registerFormErrors', () => {
  it.each<[string, Partial<RegisterForm>, Record<string, string>]>([
    ['valid', {}, {}],
    ['empty names', { first_name: ' ', last_name: '' }, { first_name: requiredFieldTexts.first_name, last_name: requiredFieldTexts.last_name }],
    ['bad phone', { phone: '12345678' }, { phone: 'Ugyldig telefonnummer - åtte siffer som starter med 4 eller 9' }],
    ['phone grouped with spaces', { phone: '912 34 567' }, {}],
    ['phone grouped with spaces and 0047', { phone: '0047 412 34 567' }, {}],
    ['grouped phone of seven digits', { phone: '912 34 56' }, { phone: 'Ugyldig telefonnummer - åtte siffer som starter med 4 eller 9' }],
    ['bad e-mail', { email: 'kari' }, { email: 'Ugyldig e-postadresse' }],
    ['e-mail with æøå (the shop mail cannot reach it)', { email: 'åse@example.no' }, { email: emailTexts.notAscii }],
    ['short password', { password: 'kort', password_confirmation: 'kort' }, { password: 'Passordet må ha minst 8 tegn' }],
    ['different confirmation', { password_confirmation: 'annet-123' }, { password_confirmation: 'Passordene er ikke like' }],
    ['terms not accepted', { terms: false }, { terms_conditions: 'Du må godta vilkårene' }],
  ])('%s', (_name, change, expected) => {
    expect(registerFormErrors({ ...valid(), ...change })).toEqual(expected);
  });
});

describe('registerPayload', () => {
  it('sends accepted terms as 1, flags as 0/1 and leaves empty optional fields out', () => {
    expect(registerPayload({ ...valid(), club: true, birthday_gift: true })).toEqual({
      first_name: 'Kari', last_name: 'Nordmann', email: 'kari@example.no', phone: '+47 91234567', password: 'hemmelig-1',
      password_confirmation: 'hemmelig-1', terms_conditions: 1, club: 1, marketing: 0, newsletter: 0, event_invite: 0, birthday_gift: 1,
    });
    expect(registerPayload({ ...valid(), birth_date: '1990-01-02', gender_id: '2', postal_code: ' 0150 ' })).toMatchObject({ birth_date: '1990-01-02', gender_id: 2, postal_code: '0150' });
  });
});

describe('profile payload (SPEC §5)', () => {
  const user = { email: 'k@example.no' };
  const form: ProfileForm = { first_name: 'Kari', last_name: 'N', email: 'k@example.no', phone: '91234567', birth_date: '', address: '', postal_code: '', city: ' ', password: '', password_confirmation: '', current_password: '' };
  const base = { first_name: 'Kari', last_name: 'N', email: 'k@example.no', phone: '91234567' };
  it.each<[string, Partial<ProfileForm>, Record<string, unknown>]>([
    ['empty fields are left out', {}, base],
    ['values are trimmed', { city: ' Oslo ' }, { ...base, city: 'Oslo' }],
    ['the password goes with its confirmation and the current password', { password: 'nytt-pass', password_confirmation: 'nytt-pass', current_password: 'gammelt-1' }, { ...base, password: 'nytt-pass', password_confirmation: 'nytt-pass', current_password: 'gammelt-1' }],
    ['passwords are sent as typed', { password: ' nytt-pass ', password_confirmation: ' nytt-pass ', current_password: ' gammelt ' }, { ...base, password: ' nytt-pass ', password_confirmation: ' nytt-pass ', current_password: ' gammelt ' }],
    ['a lone confirmation is dropped', { password_confirmation: 'x' }, base],
    ['a new address goes with the current password', { email: 'ny@example.no', current_password: 'gammelt-1' }, { ...base, email: 'ny@example.no', current_password: 'gammelt-1' }],
    ['the same address typed differently needs none', { email: ' K@Example.NO', current_password: 'gammelt-1' }, { ...base, email: 'K@Example.NO' }],
    ['a current password typed without a change is not sent', { current_password: 'gammelt-1' }, base],
  ])('%s', (_name, change, expected) => {
    expect(profilePayload({ ...form, ...change }, user)).toEqual(expected);
  });

  it.each<[string, Partial<ProfileForm>, Record<string, string>]>([
    ['the four fields are required', { first_name: '', phone: ' ' }, { first_name: 'Fornavn må ha en verdi', phone: 'Telefonnummer må ha en verdi' }],
    ['a new password needs the current one', { password: 'nytt-pass', password_confirmation: 'nytt-pass' }, { current_password: currentPasswordTexts.required }],
    ['a new address needs the current password', { email: 'ny@example.no' }, { current_password: currentPasswordTexts.required }],
    ['with it, nothing is missing', { email: 'ny@example.no', current_password: 'gammelt-1' }, {}],
    ['a new address with æøå is refused (the shop mail cannot reach it)', { email: 'kåre@example.no', current_password: 'gammelt-1' }, { email: emailTexts.notAscii }],
    ['no change, no current password', {}, {}],
  ])('profileErrors: %s', (_name, change, expected) => {
    expect(profileErrors({ ...form, ...change }, user)).toEqual(expected);
  });

  it.each<[string, CustomerUpdatePayload, string, string | null]>([
    ['no address sent', { first_name: 'Kari' }, 'k@example.no', null],
    ['the address unchanged', { email: 'K@example.no' }, 'k@example.no', null],
    ['the answer keeps the old address: a confirmation went to the new one', { email: 'Ny@example.no' }, 'k@example.no', 'ny@example.no'],
  ])('pendingEmailChange: %s', (_name, sent, answered, expected) => {
    expect(pendingEmailChange(sent, { email: answered })).toBe(expected);
  });

  it.each<[Partial<ProfileForm>, boolean]>([
    [{}, false],
    [{ email: '' }, false],
    [{ email: 'ny@example.no' }, true],
    [{ password: 'x' }, true],
  ])('needsCurrentPassword(%j) = %s', (change, expected) => {
    expect(needsCurrentPassword({ ...form, ...change }, user)).toBe(expected);
  });
});
