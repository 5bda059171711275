import { Link } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { pathFor } from '@shop/contracts/routes';
import { privacyOpened } from '../modals/model.js';
import { $tenant } from '../tenant/model.js';
import { texts } from '../texts.js';
import styles from './Chrome.module.css';

/** Pages no menu reaches: the shop locator, inspiration (blog), the poll and the shopper's own pages. */
const FOOTER_LINKS = ['shops', 'blog', 'poll', 'favourites', 'account'] as const;

/** Customer-service e-mail ("Spørsmål?"), the privacy modal, and the copyright line with the company's name. */
export function Footer() {
  const [tenant, openPrivacy] = useUnit([$tenant, privacyOpened]);
  return (
    <footer className={tenant.singleLineHeader ? `${styles.footer} ${styles.footerSingleLine}` : styles.footer}>
      <div className={styles.footerInner}>
        <a href={`mailto:${tenant.customerServiceEmail}`}>{texts.questions}</a>
        <nav aria-label={texts.footerNav}>
          <ul className={styles.footerLinks}>
            {FOOTER_LINKS.map((name) => (
              <li key={name}>
                <Link to={pathFor(name)}>{texts.footerLinks[name]}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <button type="button" className={styles.linkButton} onClick={() => openPrivacy()}>
          {texts.privacyLink}
        </button>
        <p className={styles.copyright}>{texts.copyright(new Date().getFullYear(), tenant.companyName)}</p>
      </div>
    </footer>
  );
}
