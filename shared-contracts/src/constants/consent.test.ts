import { describe, expect, it } from 'vitest';
import { consentCookie, hasAcceptedCookies } from './index.js';

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
});
