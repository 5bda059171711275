import { brand } from '../brand.js';
import { texts } from '../texts.js';
import styles from './Chrome.module.css';

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <a href={`mailto:${brand.customerServiceEmail}`}>{texts.questions}</a>
        <p className={styles.copyright}>{texts.copyright(new Date().getFullYear(), brand.company)}</p>
      </div>
    </footer>
  );
}
