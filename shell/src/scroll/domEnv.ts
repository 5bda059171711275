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
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};
