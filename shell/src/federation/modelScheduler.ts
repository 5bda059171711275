import type { RemoteStartup } from '@shop/contracts/types';
import { modelMoments, pieceOf, startupRemotes, type ModelMoment, type Visit } from './startupPolicy.js';

export interface ModelScheduler {
  /** A remote's declaration is in (or known to be unreadable: UNDECLARED). */
  declared(remote: string, startup: RemoteStartup): void;
  /** The visit's first interaction happened. */
  interacted(): void;
  /** The shell is about to load the first piece of `remote`. */
  pieceUsed(remote: string): void;
}

/**
 * Applies the start-up policy as the facts come in: declarations arrive one by one (fetched in parallel), the
 * shopper interacts, pieces are loaded. Each model is loaded once, at the first of its moments; a piece or an
 * interaction that comes before its remote's declaration is remembered. `ready` is called once every declaration
 * is in and every start-up model has loaded (or failed).
 */
export function createModelScheduler(options: {
  remotes: readonly string[];
  /** This visit, for the storage keys named so far. */
  visit: (keys: string[]) => Visit;
  /** Imports the remote's ./model; settles when it is in or has failed. */
  load: (remote: string, startup: RemoteStartup) => Promise<void>;
  ready: () => void;
}): ModelScheduler {
  const declarations = new Map<string, RemoteStartup>();
  const seen = new Set<ModelMoment>(['first view']);
  const loading = new Map<string, Promise<void>>();
  let readyCalled = false;

  const apply = () => {
    const keys = [...declarations.values()].flatMap((startup) => startup.stateKeys ?? []);
    for (const [remote, moments] of modelMoments(declarations, options.visit(keys))) {
      if (loading.has(remote) || !moments.some((moment) => seen.has(moment))) continue;
      loading.set(remote, options.load(remote, declarations.get(remote)!));
    }
    if (readyCalled || options.remotes.some((remote) => !declarations.has(remote))) return;
    const group = startupRemotes(declarations);
    if (group.some((remote) => !loading.has(remote))) return;
    readyCalled = true;
    void Promise.all(group.map((remote) => loading.get(remote))).then(options.ready);
  };

  return {
    declared(remote, startup) {
      if (!options.remotes.includes(remote) || declarations.has(remote)) return;
      declarations.set(remote, startup);
      apply();
    },
    interacted() {
      seen.add('first interaction');
      apply();
    },
    pieceUsed(remote) {
      seen.add(pieceOf(remote));
      apply();
    },
  };
}
