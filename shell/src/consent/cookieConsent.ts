import { createEvent, createStore } from 'effector';
import { filledByServer } from '@shop/contracts/ssr';
import { COOKIE_CONSENT } from '@shop/contracts/constants';

/** SPEC §3/§4: consent is the cookie `cookiesAccepted=true`; anything else (absent, another value) is "not yet". */
export function hasAcceptedCookies(cookieHeader: string): boolean {
  return cookieHeader
    .split(';')
    .map((part) => part.trim())
    .some((part) => {
      const eq = part.indexOf('=');
      return eq > 0 && part.slice(0, eq) === COOKIE_CONSENT.name && part.slice(eq + 1) === COOKIE_CONSENT.value;
    });
}

/** The Set-Cookie string accepting sets: about one year, path / (SPEC §9), Lax, Secure on https. */
export function consentCookie(secure: boolean): string {
  const maxAge = COOKIE_CONSENT.maxAgeDays * 24 * 60 * 60;
  return `${COOKIE_CONSENT.name}=${COOKIE_CONSENT.value}; max-age=${maxAge}; path=${COOKIE_CONSENT.path}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * Whether the shopper accepted, as the server read it from the request's cookie header: the server renders the
 * notice (or not) from it, and the browser's first render agrees (hydration).
 */
export const $cookiesAcceptedOnServer = filledByServer(createStore(false, { sid: 'shell/cookies-accepted', name: 'shell:cookies-accepted' }));
export const cookieHeaderRead = createEvent<string>({ name: 'shell:cookie-header-read' });
$cookiesAcceptedOnServer.on(cookieHeaderRead, (_, header) => hasAcceptedCookies(header));

export function cookiesAccepted(doc: Document = document): boolean {
  return hasAcceptedCookies(doc.cookie);
}

export function acceptCookies(doc: Document = document): void {
  doc.cookie = consentCookie(doc.location?.protocol === 'https:');
}
