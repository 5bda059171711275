import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
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
