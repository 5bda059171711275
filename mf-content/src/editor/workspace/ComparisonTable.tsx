import type { FieldChange } from './compareSnapshots.js';
import { texts } from './texts.js';
import styles from './workspace.module.css';

const NONE = '—';

/** Changed fields side by side (a field, then the two versions); narrow containers show each field as a card. */
export function ComparisonTable({ changes, beforeLabel, afterLabel, caption }: { changes: FieldChange[]; beforeLabel: string; afterLabel: string; caption: string }) {
  if (changes.length === 0) return <p>{texts.compare.noChanges}</p>;
  return (
    <div className={styles.compare}>
      <table className={styles.compareTable}>
        <caption className={styles.visuallyHidden}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{texts.compare.field}</th>
            <th scope="col">{beforeLabel}</th>
            <th scope="col">{afterLabel}</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.path} data-kind={change.kind} data-testid="compare-row">
              <th scope="row" data-label={texts.compare.field}>
                {change.label}
                {change.kind !== 'changed' && <span className={styles.kind}> ({change.kind === 'added' ? texts.compare.added : texts.compare.removed})</span>}
              </th>
              <td data-label={beforeLabel}>{change.kind === 'added' ? NONE : change.before}</td>
              <td data-label={afterLabel}>{change.kind === 'removed' ? NONE : change.after}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
