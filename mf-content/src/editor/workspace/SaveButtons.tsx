import type { FormEvent } from 'react';
import { Button } from '../ui/index.js';
import { texts } from './texts.js';
import styles from './workspace.module.css';

export interface SaveButtonsProps {
  /** Shoppers see this content now: a save may keep its changes from them (pending) or publish them. */
  live: boolean;
  saving: boolean;
  /** The one button of content that is not live, and what shows while saving. */
  label: string;
  savingLabel: string;
}

/**
 * The submit buttons of a post's or copy page's form. Live content gets two, and the one that keeps the changes from
 * shoppers comes first, so Enter in a field never publishes.
 */
export function SaveButtons({ live, saving, label, savingLabel }: SaveButtonsProps) {
  if (!live) {
    return (
      <Button type="submit" disabled={saving}>
        {saving ? savingLabel : label}
      </Button>
    );
  }
  return (
    <>
      <Button type="submit" variant="secondary" name="publish" value="later" disabled={saving}>
        {texts.save.pending}
      </Button>
      <Button type="submit" name="publish" value="now" disabled={saving}>
        {texts.save.live}
      </Button>
      {saving && <span role="status">{savingLabel}</span>}
      <p className={`${styles.hint} ${styles.saveHint}`}>{texts.save.liveHint}</p>
    </>
  );
}

/** Whether a save keeps its changes from shoppers: live content, unless the form was sent with "Lagre og publiser". */
export function savesPending(live: boolean, event: FormEvent): boolean {
  if (!live) return false;
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  return !(submitter instanceof HTMLButtonElement && submitter.name === 'publish' && submitter.value === 'now');
}
