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

const loadedModules = new Map<string, unknown>();

/**
 * A module already loaded, or undefined. RemoteBoundary renders such a module in the same render (no suspension):
 * on the server, and on hydration, where the bootstrap loaded the server-rendered modules before hydrateRoot — so
 * the browser's first render is the server's markup, not a loading state.
 */
export function loadedRemoteModule<T>(remote: string, module: string): T | undefined {
  return loadedModules.get(`${remote}/${module}`) as T | undefined;
}

/** Forgets what was loaded from a remote (the server re-registered it: a new build was deployed in place). */
export function forgetRemoteModules(remote: string): void {
  for (const request of loadedModules.keys()) if (request.startsWith(`${remote}/`)) loadedModules.delete(request);
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
  loadedModules.set(request, loaded);
  return loaded;
}
