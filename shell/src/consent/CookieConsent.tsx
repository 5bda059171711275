import { useState } from 'react';
import { useUnit } from 'effector-react';
import { hydratingServerPage } from '../start/serverPage.js';
import { $cookiesAcceptedOnServer, acceptCookies, cookiesAccepted } from './cookieConsent.js';
import { CookieNotice } from './CookieNotice.js';

/**
 * SPEC §4 cookie consent: not accepted → the notice; accepting sets the cookie and hides it. The notice is part of
 * the first paint (the cookie is read synchronously), so showing it never shifts the page after load.
 */
export function CookieConsent() {
  const onServer = useUnit($cookiesAcceptedOnServer);
  // On the server and when hydrating a server-rendered page: the server's reading (the same cookie); else the cookie.
  const [accepted, setAccepted] = useState(() => (typeof document === 'undefined' || hydratingServerPage() ? onServer : cookiesAccepted()));
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
