import { useEffect, useId, useRef, type ReactNode } from 'react';
import { texts } from '../texts.js';
import { trapTab } from './focusTrap.js';
import styles from './Modal.module.css';

interface Props {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** For tests and e2e: `data-testid` of the dialog. */
  testId?: string;
}

/**
 * The shell's modal: a native <dialog> shown with showModal() (the page behind is inert), announced as a modal
 * dialog labelled by its title, focus kept inside with Tab/Shift+Tab, Esc closes, a click on the backdrop closes,
 * and focus goes back to the element that had it before the modal opened (usually the button that opened it).
 * The open flag lives outside (a bus store or a shell store): closing always goes through `onClose`.
 */
export function Modal({ open, onClose, title, children, testId }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      const active = element.ownerDocument.activeElement;
      returnFocusTo.current = active instanceof HTMLElement && active !== element.ownerDocument.body ? active : null;
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
      // The close button is first in the dialog; focus the dialog itself so screen readers start at the title.
      element.focus();
    } else if (!open && element.open) {
      element.close();
    }
    if (!open && returnFocusTo.current) {
      const target = returnFocusTo.current;
      returnFocusTo.current = null;
      if (target.isConnected) target.focus();
    }
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid={testId}
      onCancel={(event) => {
        // Esc: the open flag decides, so the dialog does not close behind the store's back.
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
          return;
        }
        if (dialog.current) trapTab(event.nativeEvent, dialog.current);
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <button type="button" className={styles.close} onClick={onClose}>
          {texts.close}
        </button>
      </div>
      <div className={styles.body}>{open ? children : null}</div>
    </dialog>
  );
}
