import { texts } from '../texts.js';
import styles from './Chrome.module.css';

export const MAIN_ID = 'innhold';

/** First focusable element on every page: jumps past the header to the main content. */
export function SkipLink() {
  return (
    <a className={styles.skipLink} href={`#${MAIN_ID}`}>
      {texts.skipLink}
    </a>
  );
}
