import { describe, expect, it } from 'vitest';
import { requiredFieldTexts } from '@shop/contracts/texts/forms';
import { emptyRegisterForm, registerFormErrors, registerPayload, type RegisterForm } from './rules.js';
import { profilePayload, profileErrors, type ProfileForm } from '../account/profile.js';

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
    ['bad e-mail', { email: 'kari' }, { email: 'Ugyldig e-postadresse' }],
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
  const form: ProfileForm = { first_name: 'Kari', last_name: 'N', email: 'k@example.no', phone: '91234567', birth_date: '', address: '', postal_code: '', city: ' ', password: '', password_confirmation: '' };
  it.each<[string, Partial<ProfileForm>, Record<string, unknown>]>([
    ['empty fields are left out', {}, { first_name: 'Kari', last_name: 'N', email: 'k@example.no', phone: '91234567' }],
    ['values are trimmed', { city: ' Oslo ' }, { first_name: 'Kari', last_name: 'N', email: 'k@example.no', phone: '91234567', city: 'Oslo' }],
    ['the password goes with its confirmation', { password: 'nytt-pass', password_confirmation: 'nytt-pass' }, { first_name: 'Kari', last_name: 'N', email: 'k@example.no', phone: '91234567', password: 'nytt-pass', password_confirmation: 'nytt-pass' }],
    ['a lone confirmation is dropped', { password_confirmation: 'x' }, { first_name: 'Kari', last_name: 'N', email: 'k@example.no', phone: '91234567' }],
  ])('%s', (_name, change, expected) => {
    expect(profilePayload({ ...form, ...change })).toEqual(expected);
  });
  it('requires the four fields', () => {
    expect(profileErrors({ ...form, first_name: '', phone: ' ' })).toEqual({ first_name: 'Fornavn må ha en verdi', phone: 'Telefonnummer må ha en verdi' });
  });
});
