import { useId } from 'react';
import { useUnit } from 'effector-react';
import { privacyOpened } from '../modals/model.js';
import { texts } from '../texts.js';
import styles from './CookieNotice.module.css';

/**
 * The cookie consent dialog, shown until the shopper accepts. It is deliberately non-blocking (aria-modal false, no
 * focus trap) and sits in the page flow above the header, so it never covers content: the shop works before consent,
 * and only the cookies needed to run it are set. "Les mer" opens the privacy modal.
 */
export function CookieNotice({ onAccept }: { onAccept: () => void }) {
  const openPrivacy = useUnit(privacyOpened);
  const titleId = useId();
  const textId = useId();
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
        <div className={styles.actions}>
          <button type="button" className={styles.accept} onClick={onAccept}>
            {texts.cookies.accept}
          </button>
          <button type="button" className={styles.more} onClick={() => openPrivacy()}>
            {texts.cookies.readMore}
          </button>
        </div>
      </div>
    </div>
  );
}
