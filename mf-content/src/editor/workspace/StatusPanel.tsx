import { useId, useState, type FormEvent } from 'react';
import { discardPendingChanges, editConflictOf, fieldErrors, serverMessage, setContentStatus } from '@shop/contracts/api';
import type { ContentItem, ContentStatusInput, ContentType, EditConflict } from '@shop/contracts/types';
import { Button, FieldGroup, Notice, TextField } from '../ui/index.js';
import { formatOslo, isoToOsloLocal, osloLocalToIso } from './osloTime.js';
import { texts } from './texts.js';
import styles from './workspace.module.css';

export interface StatusPanelProps {
  type: ContentType;
  item: ContentItem;
  /** Unsaved changes in the form: a status change would claim a new version under them, so it waits for the save. */
  dirty: boolean;
  /** Where shoppers see the content (to compare with the pending changes). */
  publishedPath: string;
  onChanged(message: string): void;
  onConflict(conflict: EditConflict): void;
}

type Errors = { form?: string; at?: string; until?: string };

/** The schedule's optional end (home layouts): both inputs or neither. */
function untilOf(date: string, time: string): { ok: true; iso: string | null } | { ok: false } {
  if (!date && !time) return { ok: true, iso: null };
  const iso = osloLocalToIso(date, time);
  return iso ? { ok: true, iso } : { ok: false };
}

/** Publish now, schedule (Oslo date and time; home layouts also an end), unpublish: each based on the loaded version. */
export function StatusPanel({ type, item, dirty, publishedPath, onChanged, onConflict }: StatusPanelProps) {
  const headingId = useId();
  const scheduled = item.status === 'scheduled' ? isoToOsloLocal(item.published_at) : null;
  const until = isoToOsloLocal(item.publish_until);
  const [date, setDate] = useState(scheduled?.date ?? '');
  const [time, setTime] = useState(scheduled?.time ?? '');
  const [untilDate, setUntilDate] = useState(until?.date ?? '');
  const [untilTime, setUntilTime] = useState(until?.time ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const layout = type === 'home-layout';
  const locked = dirty || busy;

  async function run(input: Omit<ContentStatusInput, 'version'> | 'discard', done: string) {
    setBusy(true);
    setErrors({});
    try {
      if (input === 'discard') await discardPendingChanges(type, item.key, item.version);
      else await setContentStatus(type, item.key, { ...input, version: item.version });
      onChanged(done);
    } catch (error) {
      const conflict = editConflictOf(error);
      if (conflict) {
        onConflict(conflict);
        return;
      }
      const fields = fieldErrors(error);
      setErrors({ form: serverMessage(error) ?? texts.status.failed, at: fields.at, until: fields.until });
    } finally {
      setBusy(false);
    }
  }

  function schedule(event: FormEvent) {
    event.preventDefault();
    const at = osloLocalToIso(date, time);
    const end = layout ? untilOf(untilDate, untilTime) : { ok: true as const, iso: null };
    if (!at || !end.ok) {
      setErrors({ at: at ? undefined : texts.status.badTime, until: end.ok ? undefined : texts.status.badUntil });
      return;
    }
    void run({ action: 'schedule', at, ...(layout ? { until: end.iso } : {}) }, texts.status.done.schedule(formatOslo(at)));
  }

  const live = item.status === 'published' || item.status === 'scheduled';
  // Saved changes to live content that shoppers do not see yet: publish or discard them (posts and copy pages).
  const pending = item.pending_changes && item.status === 'published';
  return (
    <section aria-labelledby={headingId} className={styles.panel}>
      <h3 id={headingId}>{texts.status.heading}</h3>
      <p>
        {texts.status.current[item.status](formatOslo(item.published_at))}
        {item.publish_until && live && <> {texts.status.until(formatOslo(item.publish_until))}</>}
      </p>
      {dirty && <p className={styles.hint}>{texts.status.dirty}</p>}
      {errors.form && <Notice tone="error">{errors.form}</Notice>}
      {pending && (
        <div className={styles.pendingChanges}>
          <p>{texts.status.pending}</p>
          <div className={styles.choicesRow}>
            <Button disabled={locked} onClick={() => void run({ action: 'publish' }, texts.status.done.publishChanges)}>
              {texts.status.publishChanges}
            </Button>
            <Button variant="secondary" disabled={locked} onClick={() => void run('discard', texts.status.done.discard)}>
              {texts.status.discardChanges}
            </Button>
          </div>
          <a href={publishedPath} target="_blank" rel="noopener">
            {texts.status.seePublished} <span className={styles.visuallyHidden}>{texts.item.previewHint}</span>
          </a>
        </div>
      )}
      <div className={styles.choicesRow}>
        {item.status !== 'published' && (
          <Button disabled={locked} onClick={() => void run({ action: 'publish' }, texts.status.done.publish)}>
            {texts.status.publishNow}
          </Button>
        )}
        {live && (
          <Button variant="danger" disabled={locked} onClick={() => void run({ action: 'unpublish' }, texts.status.done.unpublish)}>
            {texts.status.unpublish}
          </Button>
        )}
      </div>
      <form onSubmit={schedule} noValidate>
        <FieldGroup legend={texts.status.scheduleLegend}>
          <p className={styles.hint}>{texts.status.osloHint}</p>
          <div className={styles.dateTime}>
            <TextField label={texts.status.date} type="date" value={date} onChange={(e) => setDate(e.target.value)} error={errors.at} required />
            <TextField label={texts.status.time} type="time" value={time} onChange={(e) => setTime(e.target.value)} required />
          </div>
          {layout && (
            <div className={styles.dateTime}>
              <TextField label={texts.status.untilDate} type="date" value={untilDate} onChange={(e) => setUntilDate(e.target.value)} error={errors.until} />
              <TextField label={texts.status.untilTime} type="time" value={untilTime} onChange={(e) => setUntilTime(e.target.value)} />
            </div>
          )}
          <div>
            <Button type="submit" variant="secondary" disabled={locked}>
              {texts.status.schedule}
            </Button>
          </div>
        </FieldGroup>
      </form>
    </section>
  );
}
