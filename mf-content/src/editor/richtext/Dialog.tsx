import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '../ui/index.js';
import { richTextTexts as t } from './texts.js';
import styles from './richtext.module.css';

/**
 * A modal dialog on the browser's <dialog> (focus kept inside, Escape closes, the page behind inert), styled like the
 * workspace. Closing hands focus back to the editor (the caller's onClose).
 */
export function Dialog({ title, onClose, children }: { title: string; onClose(): void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
  }, []);
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div className={styles.dialogHead}>
        <h2 id={titleId} className={styles.dialogTitle}>
          {title}
        </h2>
        <Button variant="secondary" small onClick={onClose}>
          {t.close}
        </Button>
      </div>
      {children}
    </dialog>
  );
}
