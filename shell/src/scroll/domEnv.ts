import { isLoading } from './loading.js';
import type { ScrollEnv } from './scroll.js';

/** runScroll's environment in the browser. */
export const domScrollEnv: ScrollEnv = {
  isLoading,
  scrollTo: (options) => window.scrollTo(options),
  elementTop: (id) => {
    const element = document.getElementById(id);
    return element ? element.getBoundingClientRect().top + window.scrollY : null;
  },
  maxScrollY: () => document.documentElement.scrollHeight - window.innerHeight,
  scrollY: () => window.scrollY,
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
  onShopperScroll: (fn) => {
    const options = { passive: true, capture: true } as const;
    // pointerdown: a drag of the scrollbar (or a tap, a click); any key: scrolling keys, Tab to a link, find in page —
    // the shopper is doing something of their own.
    window.addEventListener('wheel', fn, options);
    window.addEventListener('touchstart', fn, options);
    window.addEventListener('pointerdown', fn, options);
    window.addEventListener('keydown', fn, options);
    return () => {
      window.removeEventListener('wheel', fn, options);
      window.removeEventListener('touchstart', fn, options);
      window.removeEventListener('pointerdown', fn, options);
      window.removeEventListener('keydown', fn, options);
    };
  },
};
