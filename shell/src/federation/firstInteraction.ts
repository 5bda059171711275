/** What the shopper does that means "now they use the page": models due then load before the action needs them. */
const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'scroll', 'focusin'] as const;

/**
 * Calls `run` once, at the first interaction or `storage` event (another tab changed the shared state) on
 * `target`. Listeners are removed once it has run.
 */
export function onFirstInteraction(run: () => void, target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): void {
  let done = false;
  const events = [...INTERACTIONS, 'storage'] as const;
  const once = () => {
    if (done) return;
    done = true;
    for (const type of events) target.removeEventListener(type, once, { capture: true });
    run();
  };
  for (const type of events) target.addEventListener(type, once, { capture: true, passive: true });
}
