// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { acceptCookies, cookiesAccepted } from './cookieConsent.js';

describe('cookie consent', () => {
  it('accepting in a document makes it accepted', () => {
    expect(cookiesAccepted(document)).toBe(false);
    acceptCookies(document);
    expect(cookiesAccepted(document)).toBe(true);
  });
});
