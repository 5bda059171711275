import { isLoading } from './loading.js';
import type { ScrollEnv } from './scroll.js';

/** Keys that scroll the page: pressing one means the shopper has taken over. */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);

/** runScroll's environment in the browser. */
export const domScrollEnv: ScrollEnv = {
  isLoading,
  scrollTo: (options) => window.scrollTo(options),
  elementTop: (id) => {
    const element = document.getElementById(id);
    return element ? element.getBoundingClientRect().top + window.scrollY : null;
  },
  maxScrollY: () => document.documentElement.scrollHeight - window.innerHeight,
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
  onShopperScroll: (fn) => {
    const onKey = (event: KeyboardEvent) => {
      if (SCROLL_KEYS.has(event.key)) fn();
    };
    const options = { passive: true, capture: true } as const;
    window.addEventListener('wheel', fn, options);
    window.addEventListener('touchstart', fn, options);
    window.addEventListener('keydown', onKey, options);
    return () => {
      window.removeEventListener('wheel', fn, options);
      window.removeEventListener('touchstart', fn, options);
      window.removeEventListener('keydown', onKey, options);
    };
  },
};
