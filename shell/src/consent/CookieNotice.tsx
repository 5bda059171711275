import { useId, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { csrfToken } from '@shop/contracts/api';
import { CONSENT_FORM, FORM_CSRF_FIELD } from '@shop/contracts/constants';
import { $pageHydrated } from '@shop/contracts/ssr';
import { privacyOpened } from '../modals/model.js';
import { texts } from '../texts.js';
import styles from './CookieNotice.module.css';

/**
 * The cookie consent dialog, shown until the shopper accepts. It is deliberately non-blocking (aria-modal false, no
 * focus trap) and sits in the page flow above the header, so it never covers content: the shop works before consent,
 * and only the cookies needed to run it are set. "Les mer" opens the privacy modal.
 *
 * "Godta" is a plain form too (POST to the API with the session's CSRF token and this page's path; the API sets the
 * same cookie and answers 303 back here): it works before the page has hydrated, and without JavaScript. Once
 * hydrated, `onAccept` sets the cookie in the page instead. "Les mer" needs the page's code (a modal), so it is
 * disabled until then rather than a button that does nothing.
 */
export function CookieNotice({ onAccept }: { onAccept: () => void }) {
  const [openPrivacy, hydrated] = useUnit([privacyOpened, $pageHydrated]);
  const location = useLocation();
  const titleId = useId();
  const textId = useId();
  const accept = (event: FormEvent) => {
    event.preventDefault();
    onAccept();
  };
  return (
    <div role="dialog" aria-modal="false" aria-labelledby={titleId} aria-describedby={textId} className={styles.notice} data-testid="cookie-consent">
      <div className={styles.inner}>
        <div className={styles.copy}>
          <h2 id={titleId} className={styles.title}>
            {texts.cookies.title}
          </h2>
          <p id={textId} className={styles.text}>
            {texts.cookies.text}
          </p>
        </div>
        <form className={styles.actions} method="post" action={CONSENT_FORM.action} onSubmit={accept}>
          <input type="hidden" name={FORM_CSRF_FIELD} value={csrfToken() ?? ''} />
          <input type="hidden" name={CONSENT_FORM.returnField} value={`${location.pathname}${location.search}`} />
          <button type="submit" name={CONSENT_FORM.consentField} value={CONSENT_FORM.accepted} className={styles.accept}>
            {texts.cookies.accept}
          </button>
          <button type="button" className={styles.more} disabled={!hydrated} onClick={() => openPrivacy()}>
            {texts.cookies.readMore}
          </button>
        </form>
      </div>
    </div>
  );
}
