/**
 * What the shell needs to know to start this remote (RemoteStartup; the build writes it as startup.json next to
 * mf-manifest.json). Stand-alone on purpose: the build evaluates this file by itself, so it imports types only.
 */
import type { RemoteStartup } from '@shop/contracts/types';

export const startup = {
  // ./model is only the singleton probe (no state): nothing waits for it, and a page that shows no catalogue piece
  // does not fetch this remote for its first view.
  model: 'first-interaction',
} as const satisfies RemoteStartup;
