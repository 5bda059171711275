import type { ReactNode } from 'react';
import { Button } from '../ui/index.js';
import { texts } from './texts.js';
import styles from './admin.module.css';

/**
 * A question on a card before a step that cannot be taken back (deactivate, withdraw an invitation): the confirming
 * button takes the focus; Escape or "Avbryt" steps back (`onCancel` gives the focus back to the button that asked).
 */
export function Confirmation({ label, question, confirm, busy, onConfirm, onCancel }: { label: string; question: ReactNode; confirm: string; busy: boolean; onConfirm(): void; onCancel(): void }) {
  return (
    <div className={styles.confirm} role="group" aria-label={label} onKeyDown={(e) => e.key === 'Escape' && onCancel()}>
      <p>{question}</p>
      <div className={styles.actions}>
        <Button variant="danger" small disabled={busy} autoFocus onClick={onConfirm}>
          {confirm}
        </Button>
        <Button variant="secondary" small onClick={onCancel}>
          {texts.cancel}
        </Button>
      </div>
    </div>
  );
}
