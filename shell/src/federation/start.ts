import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { createStore } from 'effector';
import { cartAddRequested, remoteFailed } from '@shop/contracts/bus';
import { modelsReady } from '../routing/model.js';
import { loadRemoteModels } from './models.js';
import { parseRemotes, type RemoteEntry } from './remotes.js';
import { remoteErrorPlugin } from './runtimePlugin.js';
import { createSingletonRegistry } from './singletons.js';
import { describe } from './errors.js';

/** How long the first render waits for the remotes' models; a slow remote attaches its model when it arrives. */
const MODELS_WAIT_MS = 3000;
/** A registry that does not answer must not keep the page blank: render the chrome with fallbacks instead. */
const REGISTRY_TIMEOUT_MS = 5000;

async function fetchRemotes(): Promise<RemoteEntry[]> {
  try {
    const response = await fetch('/remotes.json', {
      headers: { accept: 'application/json' },
      cache: 'no-cache',
      signal: AbortSignal.timeout(REGISTRY_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const { remotes, problems } = parseRemotes(await response.json(), window.location.href);
    for (const problem of problems) console.error(`[shell] remotes.json: ${problem}`);
    return remotes;
  } catch (error) {
    // Without the registry every remote mount shows its fallback; the chrome still renders.
    console.error(`[shell] could not read /remotes.json: ${describe(error)}`);
    return [];
  }
}

/**
 * Start-up: remote registry → every remote's ./model (in parallel, failures isolated) → models ready.
 * Resolves when the models are in or MODELS_WAIT_MS has passed, whichever comes first.
 */
export async function startFederation(): Promise<void> {
  registerPlugins([
    remoteErrorPlugin((error) => console.warn(`[shell] ${error.message}`, error.cause)),
  ]);

  const singletons = createSingletonRegistry();
  singletons.record('shell', { effector: createStore, contracts: cartAddRequested });
  window.__SHOP_DEBUG__ = singletons.snapshot();

  const remotes = await fetchRemotes();
  registerRemotes(remotes.map(({ name, entry }) => ({ name, entry })));

  const models = loadRemoteModels(remotes.map((remote) => remote.name)).then((results) => {
    for (const result of results) {
      if (result.probe) singletons.record(result.remote, result.probe);
      if (!result.ok) remoteFailed({ remote: result.remote, module: 'model', message: result.error ?? '' });
    }
    window.__SHOP_DEBUG__ = singletons.snapshot();
    // The units the models implement are listening now: the first navigation's user fetch and the open-cart flag
    // may go out (routing/model.ts).
    modelsReady();
  });

  await Promise.race([models, new Promise((resolve) => setTimeout(resolve, MODELS_WAIT_MS))]);
}
