import { useState } from 'react';
import { ProductPicker } from './picker.js';
import { Button } from '../ui/index.js';
import { Dialog } from './Dialog.js';
import { richTextTexts as t } from './texts.js';
import styles from './richtext.module.css';

/** Picks one product for an embedded product card (the catalogue search of the workspace's product picker). */
export function ProductDialog({ onChoose, onClose }: { onChoose(articleId: number): void; onClose(): void }) {
  const [ids, setIds] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog title={t.productDialog} onClose={onClose}>
      <div className={styles.dialogBody}>
        <ProductPicker label={t.productPick} value={ids} onChange={setIds} max={1} />
        {error && (
          <p role="alert" className={styles.warning}>
            {error}
          </p>
        )}
        <div className={styles.dialogActions}>
          <Button onClick={() => (ids[0] ? onChoose(ids[0]) : setError(t.productNone))}>{t.productInsert}</Button>
          <Button variant="secondary" onClick={onClose}>
            {t.cancel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
