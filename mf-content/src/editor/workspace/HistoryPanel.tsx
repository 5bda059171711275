import { useEffect, useId, useState } from 'react';
import { getRevision, getRevisions } from '@shop/contracts/api';
import type { ContentRevisionSummary, ContentType } from '@shop/contracts/types';
import { Button, Notice } from '../ui/index.js';
import { ComparisonTable } from './ComparisonTable.js';
import { compareSnapshots, type FieldChange } from './compareSnapshots.js';
import { formatOslo } from './osloTime.js';
import { texts } from './texts.js';
import styles from './workspace.module.css';

export interface HistoryPanelProps {
  type: ContentType;
  itemKey: string;
  /** The loaded version: the list reloads when it changes, and it cannot be restored onto itself. */
  version: number;
  dirty: boolean;
  onRestore(n: number): Promise<void>;
}

type Comparison = { n: number; previous: number } & ({ state: 'loading' } | { state: 'failed' } | { state: 'done'; changes: FieldChange[] });

/** Every save as a version: who and when (Oslo time), what changed since the one before, and restore. */
export function HistoryPanel({ type, itemKey, version, dirty, onRestore }: HistoryPanelProps) {
  const headingId = useId();
  const [revisions, setRevisions] = useState<ContentRevisionSummary[] | 'loading' | 'failed'>('loading');
  const [comparison, setComparison] = useState<Comparison | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    getRevisions(type, itemKey).then(
      (list) => current && setRevisions(list),
      () => current && setRevisions('failed'),
    );
    return () => {
      current = false;
    };
  }, [type, itemKey, version]);

  async function compare(n: number, previous: number) {
    setComparison({ n, previous, state: 'loading' });
    try {
      const [before, after] = await Promise.all([getRevision(type, itemKey, previous), getRevision(type, itemKey, n)]);
      setComparison({ n, previous, state: 'done', changes: compareSnapshots(before.snapshot, after.snapshot) });
    } catch {
      setComparison({ n, previous, state: 'failed' });
    }
  }

  async function restore(n: number) {
    setConfirming(null);
    setBusy(true);
    try {
      await onRestore(n);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className={styles.panel}>
      <h3 id={headingId}>{texts.history.heading}</h3>
      {revisions === 'loading' && <p role="status">{texts.loading}</p>}
      {revisions === 'failed' && <Notice tone="error">{texts.history.failed}</Notice>}
      {Array.isArray(revisions) && revisions.length === 0 && <p>{texts.history.empty}</p>}
      {Array.isArray(revisions) && revisions.length > 0 && (
        <ol className={styles.revisions}>
          {revisions.map((revision, i) => {
            const previous = revisions[i + 1]?.number;
            return (
              <li key={revision.number} data-testid="revision">
                <strong>{texts.history.entry(revision.number)}</strong>
                {revision.number === version && ` ${texts.history.current}`}
                <br />
                <span className={styles.hint}>{texts.history.by(revision.author ?? texts.unknownAuthor, formatOslo(revision.created_at))}</span>
                <div className={styles.choicesRow}>
                  {previous !== undefined && (
                    <Button small variant="secondary" aria-label={texts.history.compareLabel(revision.number)} onClick={() => void compare(revision.number, previous)}>
                      {texts.history.compare}
                    </Button>
                  )}
                  {revision.number !== version && (
                    <Button
                      small
                      variant="secondary"
                      disabled={busy}
                      aria-label={texts.history.restoreLabel(revision.number)}
                      onClick={() => (dirty ? setConfirming(revision.number) : void restore(revision.number))}
                    >
                      {texts.history.restore}
                    </Button>
                  )}
                </div>
                {confirming === revision.number && (
                  <div className={styles.confirm} role="alert">
                    <p>{texts.history.confirmRestore(revision.number)}</p>
                    <div className={styles.choicesRow}>
                      <Button small variant="danger" onClick={() => void restore(revision.number)}>
                        {texts.history.confirmRestoreYes}
                      </Button>
                      <Button small variant="secondary" onClick={() => setConfirming(null)}>
                        {texts.history.cancel}
                      </Button>
                    </div>
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {comparison && (
        <section aria-label={texts.history.comparing(comparison.n, comparison.previous)} className={styles.comparison} data-testid="comparison">
          <h4>{texts.history.comparing(comparison.n, comparison.previous)}</h4>
          {comparison.state === 'loading' && <p role="status">{texts.loading}</p>}
          {comparison.state === 'failed' && <Notice tone="error">{texts.history.compareFailed}</Notice>}
          {comparison.state === 'done' && (
            <ComparisonTable
              changes={comparison.changes}
              beforeLabel={texts.history.version(comparison.previous)}
              afterLabel={texts.history.version(comparison.n)}
              caption={texts.history.comparing(comparison.n, comparison.previous)}
            />
          )}
          <Button small variant="secondary" onClick={() => setComparison(null)}>
            {texts.history.closeCompare}
          </Button>
        </section>
      )}
    </section>
  );
}
