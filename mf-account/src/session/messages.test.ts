import { describe, expect, it } from 'vitest';
import { genericErrorText } from '@shop/contracts/texts';
import { accountTexts, authErrorTexts, requiredFieldTexts } from '@shop/contracts/texts/forms';
import { deleteFailure, historyFailureClearsUser, loginFailure, logoutClearsUser, registerFailure, updateFailure } from './messages.js';

describe('loginFailure (SPEC §8)', () => {
  it.each([
    [401, authErrorTexts[401], { clearUser: true, logout: true, reload: false }],
    [404, authErrorTexts[404], { clearUser: true, logout: false, reload: false }],
    [419, 'Vennligst last siden på nytt.', { clearUser: false, logout: false, reload: false }],
    [422, 'Feil brukernavn/passord - har du glemt passordet ditt?', { clearUser: false, logout: false, reload: false }],
    [423, authErrorTexts[423], { clearUser: false, logout: false, reload: false }],
    [429, authErrorTexts[429], { clearUser: false, logout: false, reload: false }],
    [500, genericErrorText, { clearUser: false, logout: false, reload: false }],
    [undefined, genericErrorText, { clearUser: false, logout: false, reload: false }],
  ])('%s', (status, message, flags) => {
    expect(loginFailure(status)).toEqual({ message, ...flags });
  });
});

describe('registerFailure', () => {
  it.each([
    [401, authErrorTexts[401], true],
    [404, authErrorTexts[404], true],
    [422, authErrorTexts[422], false],
    [423, authErrorTexts[423], false],
    [419, authErrorTexts[419], false],
  ])('%s', (status, message, clearUser) => {
    expect(registerFailure(status)).toMatchObject({ message, clearUser, logout: false, reload: false });
  });
});

describe('updateFailure / deleteFailure', () => {
  it.each([
    [401, null, accountTexts.otherUserLoggedIn, true, true],
    [403, requiredFieldTexts.first_name, requiredFieldTexts.first_name, false, false],
    [403, null, 'Ugyldig data', false, false],
    [422, requiredFieldTexts.email, 'Email må ha en verdi', false, false],
    [422, null, 'Ikke gyldig data, alle feltene må fylles ut', false, false],
    [423, null, 'Ugyldig data', false, false],
    [404, null, authErrorTexts[404], true, false],
    [undefined, null, 'Ugyldig data', false, false],
  ])('update %s (%s)', (status, field, message, clearUser, reload) => {
    expect(updateFailure(status, field)).toMatchObject({ message, clearUser, reload, logout: false });
  });

  it.each([
    [401, 'En annen bruker er logget inn', true, true],
    [422, 'Ikke gyldig data, alle feltene må fylles ut', false, false],
    [404, authErrorTexts[404], true, false],
    [500, genericErrorText, false, false],
  ])('delete %s', (status, message, clearUser, reload) => {
    expect(deleteFailure(status)).toMatchObject({ message, clearUser, reload });
  });
});

describe('logout and history', () => {
  it.each([
    [200, true],
    [419, true],
    [401, true],
    [404, true],
    [500, false],
    [undefined, false],
  ])('logout %s clears: %s', (status, clears) => {
    expect(logoutClearsUser(status)).toBe(clears);
  });
  it.each([
    [401, true],
    [404, true],
    [500, false],
    [undefined, false],
  ])('history %s clears: %s', (status, clears) => {
    expect(historyFailureClearsUser(status)).toBe(clears);
  });
});
