import { useId } from 'react';
import type { EditConflict } from '@shop/contracts/types';
import { Button, Notice } from '../ui/index.js';
import { ComparisonTable } from './ComparisonTable.js';
import { compareSnapshots, sameFieldsAs } from './compareSnapshots.js';
import { texts } from './texts.js';
import styles from './workspace.module.css';

export interface ConflictProps {
  conflict: EditConflict;
  /** The refused input (a save), or the content as this screen last loaded it (a status change or restore). */
  mine: unknown;
  /** A refused save can be handed back to the editor; a refused status change has nothing of the editor's to keep. */
  canKeepMine: boolean;
  onReload(): void;
  onKeepMine(): void;
}

/** Someone saved in between: who and when (the API's message), both versions side by side, and the two ways on. */
export function ConflictScreen({ conflict, mine, canKeepMine, onReload, onKeepMine }: ConflictProps) {
  const headingId = useId();
  const mineLabel = canKeepMine ? texts.conflict.mine : texts.conflict.statusMine;
  return (
    <section aria-labelledby={headingId} className={styles.conflict} data-testid="conflict">
      <h3 id={headingId}>{texts.conflict.heading}</h3>
      <Notice tone="error">{conflict.message}</Notice>
      <p>{canKeepMine ? texts.conflict.intro : texts.conflict.statusIntro}</p>
      <ComparisonTable
        changes={compareSnapshots(mine, sameFieldsAs(conflict.current, mine))}
        beforeLabel={mineLabel}
        afterLabel={texts.conflict.saved}
        caption={`${mineLabel} / ${texts.conflict.saved}`}
      />
      <div className={styles.choices}>
        <div>
          <Button variant={canKeepMine ? 'secondary' : 'primary'} onClick={onReload}>
            {texts.conflict.reload}
          </Button>
          {canKeepMine && <p className={styles.hint}>{texts.conflict.reloadHint}</p>}
        </div>
        {canKeepMine && (
          <div>
            <Button onClick={onKeepMine}>{texts.conflict.keepMine}</Button>
            <p className={styles.hint}>{texts.conflict.keepMineHint}</p>
          </div>
        )}
      </div>
    </section>
  );
}
