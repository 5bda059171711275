import { useState, type ReactNode } from 'react';
import { Notice } from '../ui/index.js';
import type { Loaded } from './reloadable.js';
import { texts } from './texts.js';
import styles from './admin.module.css';

export type ListMessage = { tone: 'success' | 'error'; text: string } | null;

/**
 * The last action's message on a list screen: `report` shows it once the list has been read again (so the message
 * and the list agree), `clear` when the next action starts.
 */
export function useListMessage(reload: () => Promise<void>) {
  const [message, setMessage] = useState<ListMessage>(null);
  return {
    message,
    report: async (next: ListMessage) => {
      await reload();
      setMessage(next);
    },
    clear: () => setMessage(null),
  };
}

/**
 * An admin list screen (staff accounts, blog categories): heading and intro, the last action's message, the list as
 * loaded (loading, failed, empty, its rows), then what adds to it.
 */
export function ListScreen<T>({
  id,
  title,
  intro,
  message,
  state,
  none,
  listLabel,
  row,
  after,
}: {
  id: string;
  title: string;
  intro: string;
  message: ListMessage;
  state: Loaded<T[]>;
  none: string;
  listLabel: string;
  row: (item: T, all: T[]) => ReactNode;
  after: ReactNode;
}) {
  return (
    <section className={styles.screen} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p className={styles.intro}>{intro}</p>
      {message && <Notice tone={message.tone}>{message.text}</Notice>}
      {state.status === 'loading' && <p role="status">{texts.loading}</p>}
      {state.status === 'failed' && <Notice tone="error">{texts.loadFailed}</Notice>}
      {state.status === 'ready' &&
        (state.data.length === 0 ? (
          <p>{none}</p>
        ) : (
          <ul className={styles.list} aria-label={listLabel}>
            {state.data.map((item) => row(item, state.data))}
          </ul>
        ))}
      {after}
    </section>
  );
}
