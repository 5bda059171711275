/**
 * What the shell needs to know to start this remote (RemoteStartup; the build writes it as startup.json next to
 * mf-manifest.json). Stand-alone on purpose: the build evaluates this file by itself, so it imports types only.
 */
import type { RemoteStartup } from '@shop/contracts/types';

export const startup = {
  // ./model keeps no cross-page state: it comes with the first content piece the page shows.
  model: 'first-piece',
} as const satisfies RemoteStartup;
