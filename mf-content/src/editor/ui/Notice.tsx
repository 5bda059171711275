import type { ReactNode } from 'react';
import type { ContentStatus } from '@shop/contracts/types';
import { texts } from './texts.js';
import styles from './ui.module.css';

/** A message box: `error` is announced at once (role=alert), the others politely (role=status). */
export function Notice({ tone = 'info', children }: { tone?: 'info' | 'success' | 'error'; children: ReactNode }) {
  const toneClass = tone === 'error' ? styles.noticeError : tone === 'success' ? styles.noticeSuccess : undefined;
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={[styles.notice, toneClass].filter(Boolean).join(' ')}>
      {children}
    </div>
  );
}

/** Draft, scheduled, published or unpublished, in words and colour. */
export function StatusBadge({ status, pendingChanges = false }: { status: ContentStatus; pendingChanges?: boolean }) {
  return (
    <>
      <span className={styles.badge} data-status={status}>
        {texts.status[status]}
      </span>
      {pendingChanges && (
        <>
          {' '}
          <span className={styles.badge} data-status="pending">
            {texts.pendingChanges}
          </span>
        </>
      )}
    </>
  );
}

export const uiStyles = styles;
