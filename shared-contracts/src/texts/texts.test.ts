import { describe, expect, it } from 'vitest';
import { alertTitles, chromeTexts, genericErrorText, loadErrorTexts } from './index.js';
import { accountDeleteErrorMessage, accountUpdateErrorMessage, addressTexts, loginErrorMessage, registerErrorMessage, resendTexts } from './forms.js';

describe('login/register errors by status (SPEC §8)', () => {
  it.each([
    [401, 'Du er allerede logget inn - logg ut for å logge inn med en ny bruker.'],
    [404, 'Ingen bruker logget inn - vennligst logg inn.'],
    [419, 'Vennligst last siden på nytt.'],
    [422, 'Feil brukernavn/passord - har du glemt passordet ditt?'],
    [423, 'Hei - vi ser at det allerede finnes en konto med samme email/telefonummer - har du glemt passordet?'],
    [
      429,
      'Du har brukt opp antall innloggingsforsøk - for å beskytte kontoen din tillater vi ikke flere forsøk på en stund. Vennligst kom tilbake senere og prøv igjen.',
    ],
    [500, genericErrorText],
    [undefined, genericErrorText],
  ])('%s → %j', (status, text) => {
    expect(loginErrorMessage(status)).toBe(text);
    expect(registerErrorMessage(status)).toBe(text);
  });
});

describe('account errors', () => {
  it.each([
    [401, undefined, 'En annen bruker er logget inn'],
    [422, undefined, 'Ikke gyldig data, alle feltene må fylles ut'],
    [422, 'Email må ha en verdi', 'Email må ha en verdi'],
    [403, 'Fornavn må ha en verdi', 'Fornavn må ha en verdi'],
    [403, undefined, 'Ugyldig data'],
    [500, undefined, 'Ugyldig data'],
  ])('update %s (%j) → %j', (status, field, text) => {
    expect(accountUpdateErrorMessage(status, field)).toBe(text);
  });
  it.each([
    [401, 'En annen bruker er logget inn'],
    [422, 'Ikke gyldig data, alle feltene må fylles ut'],
  ])('delete %s → %j', (status, text) => {
    expect(accountDeleteErrorMessage(status)).toBe(text);
  });
});

it('catalogue texts', () => {
  expect(addressTexts.noneFound).toBe('Ingen addresser funnet');
  expect(resendTexts.sent('kari@example.no')).toBe('Epost sendt til kari@example.no');
  expect(resendTexts.failed).toBe('Epost ble ikke sendt');
  expect(resendTexts.timeout).toBe(3000);
  expect(loadErrorTexts).toEqual({ article: 'Error: Could not load article', socialPosts: 'Error: Something went wrong' });
  expect(alertTitles).toEqual({ error: 'Noe gikk galt', warning: 'Obs!', info: 'Informasjon', success: 'Suksess' });
  expect(chromeTexts).toMatchObject({
    goToCheckout: 'Gå til kassen',
    skipToContent: 'Gå til innhold',
    questions: 'Spørsmål?',
    cartTitle: 'Min Handlekurv',
    privacyTitle: 'Personvern',
    remoteFallback: 'Denne delen av siden kunne ikke lastes.',
    retry: 'Prøv igjen',
  });
});
