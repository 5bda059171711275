import { createEvent } from 'effector';
import { MOBILE_BREAKPOINT_PX } from '@shop/contracts/constants';
import { $viewportWidth as $sharedViewportWidth } from '@shop/contracts/ssr';

/** SPEC §4: the mobile layout applies when the window is narrower than 1020 px. */
export function isMobileWidth(width: number): boolean {
  return width < MOBILE_BREAKPOINT_PX;
}

/** Resize events arrive in bursts; the layout is decided once the window has been still this long. */
export const RESIZE_DEBOUNCE_MS = 150;

/** Calls `fn` once calls have stopped for `ms`, with the last arguments. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number): ((...args: A) => void) & { cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, ms);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}

/** A phone's width, for the server's guess from a mobile browser's User-Agent. */
const PHONE_WIDTH_PX = 360;

/**
 * The server cannot measure the window: it renders the layout a User-Agent with "Mobi" in it (every mobile browser's,
 * MDN's advice) most likely has, and the browser measures after hydration (a wrong guess is corrected then).
 */
export function widthForUserAgent(userAgent: string): number {
  return /Mobi/i.test(userAgent) ? PHONE_WIDTH_PX : MOBILE_BREAKPOINT_PX;
}

export const viewportMeasured = createEvent<number>({ name: 'shell:viewport-measured' });
/**
 * The server's guess crosses in PageData (the contracts store's sid), so the browser hydrates the layout the server
 * rendered; remotes read the same store (@shop/contracts/ssr) for their own layout-dependent markup.
 */
export const $viewportWidth = $sharedViewportWidth.on(viewportMeasured, (_, width) => width);
export const $isMobile = $viewportWidth.map(isMobileWidth);

/** Follows the window's width (debounced). Returns the cleanup. */
export function watchViewport(target: Window = window): () => void {
  const measure = debounce(() => viewportMeasured(target.innerWidth), RESIZE_DEBOUNCE_MS);
  target.addEventListener('resize', measure);
  viewportMeasured(target.innerWidth);
  return () => {
    measure.cancel();
    target.removeEventListener('resize', measure);
  };
}
