import { loadRemote } from '@module-federation/enhanced/runtime';
import { RemoteLoadError } from './errors.js';

type FirstUseHook = (remote: string) => void;
let firstUseHook: FirstUseHook | null = null;
const used = new Set<string>();

/**
 * Called once per remote, when the shell first loads one of its pieces other than ./model (start.ts: the models a
 * remote's declaration ties to that moment load then).
 */
export function onRemoteFirstUse(hook: FirstUseHook | null): void {
  firstUseHook = hook;
  used.clear();
}

/** Loads `remote/module` through the federation runtime; a missing module is an error, never a silent null. */
export async function loadRemoteModule<T>(remote: string, module: string): Promise<T> {
  const request = `${remote}/${module}`;
  if (module !== 'model' && !used.has(remote)) {
    used.add(remote);
    firstUseHook?.(remote);
  }
  let loaded: T | null;
  try {
    loaded = await loadRemote<T>(request);
  } catch (error) {
    throw error instanceof RemoteLoadError ? error : new RemoteLoadError(remote, request, { cause: error });
  }
  if (loaded == null) throw new RemoteLoadError(remote, request, { cause: new Error('tom modul') });
  return loaded;
}
