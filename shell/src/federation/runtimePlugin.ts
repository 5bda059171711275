import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { yieldToMain } from '../start/yieldToMain.js';
import { RemoteLoadError, remoteOf } from './errors.js';

/**
 * Turns a failed remote load into one typed, handled error.
 *
 * The runtime calls `errorLoadRemote` twice for a missing manifest: first while fetching it (lifecycle
 * "afterResolve"), then for the `loadRemote` call (lifecycle "onLoad"). Only the second may throw: returning nothing
 * in the first lets the runtime forget the failed manifest request, which is what makes "Prøv igjen" fetch it again
 * (a throw there would leave the rejected promise cached for good).
 */
export function remoteErrorPlugin(onFailure: (error: RemoteLoadError) => void): ModuleFederationRuntimePlugin {
  return {
    name: 'shop-remote-errors',
    errorLoadRemote(args) {
      if (args.lifecycle !== 'onLoad') return undefined;
      const failure =
        args.error instanceof RemoteLoadError
          ? args.error
          : new RemoteLoadError(remoteOf(args.id), args.id, { cause: args.error });
      onFailure(failure);
      throw failure;
    },
  };
}

/**
 * Runs a remote module's code in a task of its own. Loading a remote piece — its remoteEntry.js, the container's
 * start, the module's chunks — ends in one chain of promise callbacks, and evaluating the module (a page and the
 * models it imports) at the end of that chain made one long task of it: 25 ms on this machine, 100 ms on
 * Lighthouse's slow phone, the largest share of checkout's blocking time. Yielding before the module's factory runs
 * cuts that task in two.
 */
export function yieldBeforeRemoteCodePlugin(
  yieldNow: () => Promise<void> = yieldToMain,
): ModuleFederationRuntimePlugin {
  return {
    name: 'shop-yield-before-remote-code',
    beforeExecuteFactory() {
      return yieldNow();
    },
  };
}
