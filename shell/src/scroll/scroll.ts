import { HASH_SCROLL_DELAY, HASH_SCROLL_OFFSET_PX, POLL_INTERVAL, SCROLL_RESTORE_DELAY } from '@shop/contracts/constants';

export type ScrollAction =
  | { kind: 'hash'; id: string }
  | { kind: 'restore'; y: number }
  | { kind: 'top' }
  /** Only the query changed (filters, sorting): the shopper stays where they are. */
  | { kind: 'none' };

/**
 * SPEC §2 scroll behaviour: a hash scrolls to its element; a saved position (back/forward) is restored; otherwise
 * the new screen starts at the top.
 */
export function scrollActionFor(input: {
  hash: string;
  navigationType: 'POP' | 'PUSH' | 'REPLACE';
  savedY: number | null;
  pathChanged: boolean;
}): ScrollAction {
  const id = input.hash.replace(/^#/, '');
  if (id) {
    let decoded = id;
    try {
      decoded = decodeURIComponent(id);
    } catch {
      // A stray "%" is taken literally.
    }
    return { kind: 'hash', id: decoded };
  }
  if (!input.pathChanged) return { kind: 'none' };
  if (input.navigationType === 'POP' && input.savedY !== null) return { kind: 'restore', y: input.savedY };
  return { kind: 'top' };
}

export interface ScrollEnv {
  /** The loading flag: API requests or remote pieces still on their way. */
  isLoading(): boolean;
  scrollTo(options: ScrollToOptions): void;
  /** Top of an element relative to the document, or null when it is not (yet) there. */
  elementTop(id: string): number | null;
  /** The furthest the page can scroll down right now. */
  maxScrollY(): number;
  /** Where the page is scrolled to now. */
  scrollY(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /**
   * Calls `fn` when the shopper takes over (wheel, touch, a pointer pressed — the scrollbar too —, a key);
   * returns the unsubscribe. A hash scroll stops following its element then: the shopper's own scrolling wins.
   */
  onShopperScroll?(fn: () => void): () => void;
}

/** Gives up waiting for the loading flag after this long: a stuck request must not pin the page forever. */
export const LOADING_WAIT_LIMIT_MS = 10_000;
/**
 * After loading, how long a restore waits for the page to grow tall enough to reach the saved position. A slow
 * device (or a busy CI machine) can take more than a second to render a category listing after its data arrived;
 * restoring earlier clamps the position to the short page, and back then lands at the top.
 */
export const GROW_WAIT_LIMIT_MS = 3_000;
/**
 * How long a hash scroll keeps its element at the offset (unless the shopper takes over first). What renders above
 * the element after the first scroll — the home page's sections that load as they near the viewport, a catalogue
 * widget whose code, then data, then cards arrive one after another — pushes it down; the first scroll alone then
 * lands far above it (issue 21). No quiet spell says the page is done: a slow phone renders a widget whose code has
 * arrived for longer than any pause chosen here while nothing is on the network (a rule "stop once it has stayed put
 * for 600 ms with nothing loading" left /#about ~300–700 px above the section on a slow run). Following costs a
 * position read per poll and scrolls only when the element moves.
 */
export const HASH_FOLLOW_MS = LOADING_WAIT_LIMIT_MS;
/**
 * A page that has not moved for this long is not on its way anywhere: if it stopped short of the element (a smooth
 * scroll cut off by the page changing under it), the follow puts it there.
 */
export const HASH_STILL_MS = 200;

/**
 * Carries out a scroll action: hash → after 50 ms, smooth, 80 px above the element; then, until the shopper takes
 * over or HASH_FOLLOW_MS has passed, the element is kept there: when it moves (it renders late, or what is above it
 * grows) the page follows at once (as the browser's own scroll anchoring would: a second smooth scroll, restarted at
 * each change, was still under way seconds later on a slow phone), and a page that stopped short of it is put there;
 * restore → once the loading flag is gone, plus 300 ms (a flag that came back
 * meanwhile — the page's next request — is waited for again, and the page gets a moment to grow tall enough);
 * top → at once. Returns a cancel function: the next navigation cancels what is still pending.
 */
export function runScroll(action: ScrollAction, env: ScrollEnv): () => void {
  let handle: unknown;
  let cancelled = false;
  const later = (fn: () => void, ms: number) => {
    handle = env.setTimeout(() => {
      if (!cancelled) fn();
    }, ms);
  };
  const whenLoaded = (fn: () => void, waited = 0) => {
    if (!env.isLoading() || waited >= LOADING_WAIT_LIMIT_MS) fn();
    else later(() => whenLoaded(fn, waited + POLL_INTERVAL), POLL_INTERVAL);
  };
  let unsubscribe: (() => void) | undefined;
  /** Follows the hash's element for HASH_FOLLOW_MS: the first scroll smooth, the corrections at once. */
  const followHash = (id: string) => {
    /** The position last scrolled to (as far as the page reached then). */
    let target: number | null = null;
    let lastY: number | null = null;
    let stillFor = 0;
    let elapsed = 0;
    unsubscribe = env.onShopperScroll?.(() => {
      cancelled = true;
      env.clearTimeout(handle);
    });
    const stop = () => {
      unsubscribe?.();
      unsubscribe = undefined;
    };
    const step = () => {
      const top = env.elementTop(id);
      if (top !== null) {
        const wanted = Math.max(0, top - HASH_SCROLL_OFFSET_PX);
        // Where the page can actually go: a short page that grows later changes this too.
        const reachable = Math.min(wanted, Math.max(0, env.maxScrollY()));
        const y = env.scrollY();
        stillFor = lastY !== null && Math.abs(y - lastY) < 1 ? stillFor + POLL_INTERVAL : 0;
        lastY = y;
        if (target === null) {
          env.scrollTo({ top: wanted, behavior: 'smooth' });
          target = reachable;
        } else if (Math.abs(reachable - target) > 1 || (stillFor >= HASH_STILL_MS && Math.abs(y - reachable) > 1)) {
          env.scrollTo({ top: wanted, behavior: 'instant' });
          target = reachable;
          stillFor = 0;
        }
      }
      if (elapsed >= HASH_FOLLOW_MS) return stop();
      elapsed += POLL_INTERVAL;
      later(step, POLL_INTERVAL);
    };
    step();
  };

  switch (action.kind) {
    case 'top':
      env.scrollTo({ top: 0, left: 0 });
      break;
    case 'restore': {
      const started = Date.now();
      const restore = (grown = 0) => {
        if (env.isLoading() && Date.now() - started < LOADING_WAIT_LIMIT_MS) return whenLoaded(settle);
        if (env.maxScrollY() < action.y && grown < GROW_WAIT_LIMIT_MS) return later(() => restore(grown + POLL_INTERVAL), POLL_INTERVAL);
        env.scrollTo({ top: action.y });
      };
      const settle = () => later(() => restore(), SCROLL_RESTORE_DELAY);
      whenLoaded(settle);
      break;
    }
    case 'hash':
      later(() => followHash(action.id), HASH_SCROLL_DELAY);
      break;
    case 'none':
      break;
  }
  return () => {
    cancelled = true;
    env.clearTimeout(handle);
    unsubscribe?.();
  };
}
