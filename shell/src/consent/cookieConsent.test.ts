import { describe, expect, it } from 'vitest';
import { acceptCookies, consentCookie, cookiesAccepted, hasAcceptedCookies } from './cookieConsent.js';

describe('cookie consent', () => {
  it.each([
    ['', false],
    ['cookiesAccepted=true', true],
    ['session=abc; cookiesAccepted=true; x=1', true],
    ['cookiesAccepted=false', false],
    ['notcookiesAccepted=true', false],
    ['cookiesAccepted=truely', false],
  ])('%j → accepted %s', (header, accepted) => {
    expect(hasAcceptedCookies(header)).toBe(accepted);
  });

  it('accepting sets cookiesAccepted=true for about a year on path /', () => {
    expect(consentCookie(false)).toBe('cookiesAccepted=true; max-age=31536000; path=/; SameSite=Lax');
    expect(consentCookie(true)).toMatch(/; Secure$/);
  });

  it('accepting in a document makes it accepted', () => {
    expect(cookiesAccepted(document)).toBe(false);
    acceptCookies(document);
    expect(cookiesAccepted(document)).toBe(true);
  });
});
