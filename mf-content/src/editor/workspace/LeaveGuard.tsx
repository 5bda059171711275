import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../ui/index.js';
import { texts } from './texts.js';
import styles from './workspace.module.css';

/** The in-app address a click on a link goes to, or null when the browser (new tab, download, another site) handles it. */
function inAppTarget(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path === `${window.location.pathname}${window.location.search}${window.location.hash}` ? null : path;
}

/** The parts of the browser's Navigation API (window.navigation) the guard uses; browsers without it skip them. */
interface TraverseEvent extends Event {
  navigationType: 'push' | 'replace' | 'reload' | 'traverse';
  destination: { url: string; key: string; sameDocument: boolean };
}
interface NavigationApi extends EventTarget {
  traverseTo(key: string): unknown;
}
const navigationApi = (): NavigationApi | null => (window as unknown as { navigation?: NavigationApi }).navigation ?? null;

/** Where a leave goes: an in-app address (a link), or a history entry (Back/Forward) by its Navigation API key. */
type Leaving = { path: string } | { historyKey: string };

/**
 * While `dirty`: closing or reloading the tab asks through the browser's own prompt (the only one it allows there),
 * and following a link inside the shop or going Back/Forward within it asks in the shop's own dialog first. The shell
 * routes with the History API (no blocker API in a BrowserRouter), so links are caught on their way down, before the
 * router sees the click, and Back/Forward through the Navigation API's cancelable `navigate` event where the browser
 * has it (one without goes back unasked; its own prompt still guards leaving the shop).
 */
export function LeaveGuard({ dirty, onLeave }: { dirty: boolean; onLeave(): void }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<Leaving | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  // Set while the guard itself goes back: its own traversal must pass before `dirty` has turned false.
  const letThrough = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    letThrough.current = false;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    const click = (event: MouseEvent) => {
      const target = inAppTarget(event);
      if (target === null) return;
      event.preventDefault();
      event.stopPropagation();
      setPending({ path: target });
    };
    const traverse = (event: Event) => {
      const { navigationType, destination } = event as TraverseEvent;
      if (letThrough.current || navigationType !== 'traverse' || !destination.sameDocument || !event.cancelable) return;
      event.preventDefault();
      setPending({ historyKey: destination.key });
    };
    const navigation = navigationApi();
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    navigation?.addEventListener('navigate', traverse);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
      navigation?.removeEventListener('navigate', traverse);
    };
  }, [dirty]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (pending !== null && !element.open) element.showModal?.();
    if (pending === null && element.open) element.close();
  }, [pending]);

  const leave = () => {
    const target = pending;
    setPending(null);
    onLeave();
    if (target === null) return;
    if ('path' in target) {
      navigate(target.path);
      return;
    }
    letThrough.current = true;
    navigationApi()?.traverseTo(target.historyKey);
  };

  return (
    <dialog ref={dialog} aria-labelledby={headingId} className={styles.dialog} onClose={() => setPending(null)}>
      <h2 id={headingId}>{texts.leave.heading}</h2>
      <p>{texts.leave.text}</p>
      <div className={styles.choicesRow}>
        <Button variant="secondary" autoFocus onClick={() => setPending(null)}>
          {texts.leave.stay}
        </Button>
        <Button variant="danger" onClick={leave}>
          {texts.leave.leave}
        </Button>
      </div>
    </dialog>
  );
}
