import { useState } from 'react';
import { acceptCookies, cookiesAccepted } from './cookieConsent.js';
import { CookieNotice } from './CookieNotice.js';

/**
 * SPEC §4 cookie consent: not accepted → the notice; accepting sets the cookie and hides it. The notice is part of
 * the first paint (the cookie is read synchronously), so showing it never shifts the page after load.
 */
export function CookieConsent() {
  const [accepted, setAccepted] = useState(() => cookiesAccepted());
  if (accepted) return null;
  return (
    <CookieNotice
      onAccept={() => {
        acceptCookies();
        setAccepted(true);
      }}
    />
  );
}
