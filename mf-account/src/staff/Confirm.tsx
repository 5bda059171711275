import { useEffect, useId, useRef } from 'react';
import uiStyles from '../ui/ui.module.css';
import { staffTexts as t } from './texts.js';
import styles from './staff.module.css';

/** Asks before money moves. Inline (not modal) so it works the same at 375 px; focus goes to it. */
export function Confirm({ text, onConfirm, onCancel }: { text: string; onConfirm: () => void; onCancel: () => void }) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, []);
  return (
    <div ref={box} tabIndex={-1} role="alertdialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} className={styles.confirm}>
      <h3 id={`${id}-title`}>{t.confirmTitle}</h3>
      <p id={`${id}-text`}>{text}</p>
      <div className={styles.buttons}>
        <button type="button" className={uiStyles.button} onClick={onConfirm}>
          {t.confirm}
        </button>
        <button type="button" className={uiStyles.secondary} onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </div>
  );
}
