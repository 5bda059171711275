import { createEvent, createStore } from 'effector';
import { MOBILE_BREAKPOINT_PX } from '@shop/contracts/constants';

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

export const viewportMeasured = createEvent<number>({ name: 'shell:viewport-measured' });
export const $viewportWidth = createStore(typeof window === 'undefined' ? MOBILE_BREAKPOINT_PX : window.innerWidth, {
  name: 'shell:viewport-width',
}).on(viewportMeasured, (_, width) => width);
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
