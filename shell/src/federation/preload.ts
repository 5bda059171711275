import { preloadFailed, type RemoteFailure } from '@shop/contracts/bus';
import { PRELOAD_ERROR_EVENT } from '@shop/contracts/constants';
import { describe } from './errors.js';
import { loadRemoteModule } from './loadRemoteModule.js';

export type PreloadErrorEvent = CustomEvent<RemoteFailure & { error: unknown }>;

/**
 * Fetches a remote page's code ahead of showing it (the guard does this while it checks the route). SPEC §8: a
 * failed lazy-piece preload fires a preload-error event — the window event `shop:preload-error` (cancelable) and
 * the bus's `preloadFailed` — and rethrows unless a listener handled it with preventDefault(). Either way the
 * piece is not lost: the RemoteBoundary that mounts it shows its fallback with "Prøv igjen".
 */
export async function preloadRemoteModule(
  remote: string,
  module: string,
  load: (remote: string, module: string) => Promise<unknown> = loadRemoteModule,
  target: EventTarget = window,
): Promise<void> {
  try {
    await load(remote, module);
  } catch (error) {
    const failure: RemoteFailure = { remote, module, message: describe(error) };
    preloadFailed(failure);
    const event: PreloadErrorEvent = new CustomEvent(PRELOAD_ERROR_EVENT, { cancelable: true, detail: { ...failure, error } });
    const unhandled = target.dispatchEvent(event);
    if (unhandled) throw error;
  }
}
