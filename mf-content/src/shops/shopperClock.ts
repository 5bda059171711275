import { useMemo, useSyncExternalStore } from 'react';

/**
 * "Now" for the shop locator's "Åpent nå"/"Stengt": the shopper's own clock, to the minute. A shopper's device
 * clock is what "now" means on their screen, and a locator left open for hours must tick over as shops open and
 * close. The server cannot know that clock, so it says nothing (null): the server's markup and the hydration render
 * leave the status out, and the browser fills it in right after hydration — no mismatch, and never a stale answer
 * from the server's moment (the page held in the back/forward cache, a browser whose clock is not the server's).
 */
export const MINUTE_MS = 60_000;

/** Milliseconds from `nowMs` until the next whole minute starts (a full minute on the minute itself). */
export function msUntilNextMinute(nowMs: number): number {
  return MINUTE_MS - (((nowMs % MINUTE_MS) + MINUTE_MS) % MINUTE_MS);
}

/** The minute an instant falls in (minutes since the epoch): the same number all through a minute. */
export function minuteOf(nowMs: number): number {
  return Math.floor(nowMs / MINUTE_MS);
}

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

function tellListeners(): void {
  for (const listener of [...listeners]) listener();
}

/** One timer for every subscriber, set for the next whole minute each time (a timer that fires early just re-arms). */
function tickAtNextMinute(): void {
  timer = setTimeout(() => {
    tellListeners();
    tickAtNextMinute();
  }, msUntilNextMinute(Date.now()));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    tickAtNextMinute();
    // A phone's sleeping tab runs no timers: read the clock again when it is shown.
    document.addEventListener('visibilitychange', tellListeners);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    clearTimeout(timer);
    timer = undefined;
    document.removeEventListener('visibilitychange', tellListeners);
  };
}

const browserMinute = () => minuteOf(Date.now());
const unknownOnServer = () => null;

/** The shopper's clock to the minute; null on the server and in the hydration render (the browser's follows at once). */
export function useShopperClock(): Date | null {
  const minute = useSyncExternalStore<number | null>(subscribe, browserMinute, unknownOnServer);
  return useMemo(() => (minute === null ? null : new Date(minute * MINUTE_MS)), [minute]);
}
