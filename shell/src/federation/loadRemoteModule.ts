import { loadRemote } from '@module-federation/enhanced/runtime';
import { RemoteLoadError } from './errors.js';

/** Loads `remote/module` through the federation runtime; a missing module is an error, never a silent null. */
export async function loadRemoteModule<T>(remote: string, module: string): Promise<T> {
  const request = `${remote}/${module}`;
  let loaded: T | null;
  try {
    loaded = await loadRemote<T>(request);
  } catch (error) {
    throw error instanceof RemoteLoadError ? error : new RemoteLoadError(remote, request, { cause: error });
  }
  if (loaded == null) throw new RemoteLoadError(remote, request, { cause: new Error('tom modul') });
  return loaded;
}
