import { useUnit } from 'effector-react';
import { privacyOpened } from '../modals/model.js';
import { $tenant } from '../tenant/model.js';
import { texts } from '../texts.js';
import styles from './Chrome.module.css';

/** Customer-service e-mail ("Spørsmål?"), the privacy modal, and the copyright line with the company's name. */
export function Footer() {
  const [tenant, openPrivacy] = useUnit([$tenant, privacyOpened]);
  return (
    <footer className={tenant.singleLineHeader ? `${styles.footer} ${styles.footerSingleLine}` : styles.footer}>
      <div className={styles.footerInner}>
        <a href={`mailto:${tenant.customerServiceEmail}`}>{texts.questions}</a>
        <button type="button" className={styles.linkButton} onClick={() => openPrivacy()}>
          {texts.privacyLink}
        </button>
        <p className={styles.copyright}>{texts.copyright(new Date().getFullYear(), tenant.companyName)}</p>
      </div>
    </footer>
  );
}
