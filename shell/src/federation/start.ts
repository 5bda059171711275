import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { createStore } from 'effector';
import { cartAddRequested, remoteFailed } from '@shop/contracts/bus';
import { modelsReady, remoteModelReady } from '../routing/model.js';
import { loadWhenNeeded, MODEL_DEPENDENT_REMOTES, startupModelsCanWait } from './deferredModels.js';
import { loadRemoteModels } from './models.js';
import { onRemoteFirstUse } from './loadRemoteModule.js';
import { ON_DEMAND_MODELS, parseRemotes, PROBE_MODELS, type RemoteEntry } from './remotes.js';
import { remoteErrorPlugin, yieldBeforeRemoteCodePlugin } from './runtimePlugin.js';
import { createSingletonRegistry } from './singletons.js';
import { describe } from './errors.js';

/** A registry that does not answer must not keep the page blank: render the chrome with fallbacks instead. */
const REGISTRY_TIMEOUT_MS = 5000;

async function fetchRemotes(registry: unknown): Promise<RemoteEntry[]> {
  // The server-rendered page carries the registry it rendered with (PageData: no round trip before the first remote
  // can load); /remotes.json is the fallback (dev servers) and stays the registry's public address.
  if (registry !== undefined) {
    const { remotes, problems } = parseRemotes(registry, window.location.href);
    for (const problem of problems) console.error(`[shell] remotes.json: ${problem}`);
    return remotes;
  }
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
 * Start-up: remote registry → the start-up models (cart, session: in parallel, failures isolated; on a first visit
 * with nothing stored, only once the visit needs them: deferredModels.ts) → models ready. The catalogue's probe
 * model comes at the first interaction (remotes.ts PROBE_MODELS). Resolves once the remotes are registered: the
 * first render does not wait for the models (it waited up to 3 s); they load alongside the page's own remote. The header's cart count and user appear when their
 * models arrive; what needs a model — the first navigation's user fetch, the open-cart flag, a click on the cart
 * link — waits for `modelsReady` (routing/model.ts whenModelsReady). The models of ON_DEMAND_MODELS remotes are
 * imported with the first piece the shell mounts from them.
 */
export async function startFederation(registry?: unknown, modelsAfter: Promise<unknown> = Promise.resolve()): Promise<void> {
  registerPlugins([
    remoteErrorPlugin((error) => console.warn(`[shell] ${error.message}`, error.cause)),
    yieldBeforeRemoteCodePlugin(),
  ]);

  const singletons = createSingletonRegistry();
  singletons.record('shell', { effector: createStore, contracts: cartAddRequested });
  window.__SHOP_DEBUG__ = singletons.snapshot();

  const remotes = await fetchRemotes(registry);
  registerRemotes(remotes.map(({ name, entry }) => ({ name, entry })));

  // A model fills the stores from the browser's storage and session: on a server-rendered page only once it has
  // hydrated with the server's values (start/firstCommit.tsx), else the chrome's first render would not match.
  const attachModels = (names: string[]) =>
    modelsAfter.then(() => loadRemoteModels(names)).then((results) => {
      for (const result of results) {
        if (result.probe) singletons.record(result.remote, result.probe);
        if (!result.ok) remoteFailed({ remote: result.remote, module: 'model', message: result.error ?? '' });
      }
      window.__SHOP_DEBUG__ = singletons.snapshot();
    });

  const startupModels = remotes
    .filter((remote) => !ON_DEMAND_MODELS.has(remote.name) && !PROBE_MODELS.has(remote.name))
    .map((remote) => remote.name);
  const loadStartupModels = () => {
    // Each model announces itself as soon as it is in (bus events fired before it are replayed to it then).
    const eachModel = startupModels.map((name) => attachModels([name]).then(() => remoteModelReady(name)));
    void Promise.all(eachModel).then(() => {
      // The units the start-up models implement are listening now: the first navigation's user fetch, the open-cart
      // flag and a cart-link click made before this moment may go out (routing/model.ts whenModelsReady).
      modelsReady();
    });
  };
  // A first visit with nothing stored and nobody logged in loads them when it first needs them (deferredModels.ts).
  const loadStartupModelsNow = startupModelsCanWait() ? loadWhenNeeded(loadStartupModels) : (loadStartupModels(), () => undefined);

  // Probe-only models (remotes.ts PROBE_MODELS): at the first interaction, or with the first piece of their remote.
  const probeModels = remotes.filter((remote) => PROBE_MODELS.has(remote.name)).map((remote) => remote.name);
  const loadProbeModelsNow = probeModels.length ? loadWhenNeeded(() => void attachModels(probeModels)) : () => undefined;

  const registered = new Set(remotes.map((remote) => remote.name));
  onRemoteFirstUse((remote) => {
    if (MODEL_DEPENDENT_REMOTES.has(remote)) loadStartupModelsNow();
    if (PROBE_MODELS.has(remote)) loadProbeModelsNow();
    if (ON_DEMAND_MODELS.has(remote) && registered.has(remote)) void attachModels([remote]);
  });
}
