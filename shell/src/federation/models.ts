import { loadRemoteModule } from './loadRemoteModule.js';
import { describe } from './errors.js';
import { isSingletonProbe, type SingletonProbe } from './singletons.js';

export interface RemoteModel {
  /** See singletons.ts: each remote's ./model exports what its effector and contracts imports resolved to. */
  singletonProbe?: SingletonProbe;
}

export interface ModelLoadResult {
  remote: string;
  ok: boolean;
  probe?: SingletonProbe;
  error?: string;
}

/**
 * Imports every remote's ./model so cart count, user and favourites work before any page of that remote is shown.
 * Loads run in parallel and each failure is isolated: a broken remote must not stop the shell.
 */
export function loadRemoteModels(
  remotes: readonly string[],
  load: (remote: string) => Promise<RemoteModel> = (remote) => loadRemoteModule<RemoteModel>(remote, 'model'),
): Promise<ModelLoadResult[]> {
  return Promise.all(
    remotes.map((remote) =>
      load(remote).then(
        (model): ModelLoadResult => ({
          remote,
          ok: true,
          probe: isSingletonProbe(model.singletonProbe) ? model.singletonProbe : undefined,
        }),
        (error: unknown): ModelLoadResult => ({ remote, ok: false, error: describe(error) }),
      ),
    ),
  );
}
