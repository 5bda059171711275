import { createEvent, createStore } from 'effector';
import { filledByServer } from '@shop/contracts/ssr';
import { consentCookie, hasAcceptedCookies } from '@shop/contracts/constants';

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
