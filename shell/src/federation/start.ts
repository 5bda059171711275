import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { createStore } from 'effector';
import { cartAddRequested, pieceLoadFx, remoteFailed } from '@shop/contracts/bus';
import { modelsReady, remoteModelReady } from '../routing/model.js';
import { pieceLoading } from '../scroll/loading.js';
import { readDeclaration } from './declarations.js';
import { onFirstInteraction } from './firstInteraction.js';
import { loadRemoteModels } from './models.js';
import { loadRemoteModule, onRemoteFirstUse } from './loadRemoteModule.js';
import { createModelScheduler } from './modelScheduler.js';
import { readRegistry } from './remotes.js';
import { remoteErrorPlugin, yieldBeforeRemoteCodePlugin } from './runtimePlugin.js';
import { createSingletonRegistry } from './singletons.js';
import { readVisit } from './startupPolicy.js';

/**
 * Start-up: the remote registry → each remote's start-up declaration (fetched in parallel) → its model, when the
 * one policy says (startupPolicy.ts) → `modelsReady` once the start-up models are in. Resolves once the remotes are
 * registered: the first render waits for no declaration and no model; they load alongside the page's own remote.
 * The header's cart count and user appear when their models arrive; what needs a model — the first navigation's user
 * fetch, the open-cart flag, a click on the cart link — waits for `modelsReady` (routing/model.ts whenModelsReady).
 * Pieces a remote mounts from another remote load through the same loader (`pieceLoadFx` on the bus).
 */
export async function startFederation(registry?: unknown, modelsAfter: Promise<unknown> = Promise.resolve()): Promise<void> {
  registerPlugins([
    remoteErrorPlugin((error) => console.warn(`[shell] ${error.message}`, error.cause)),
    yieldBeforeRemoteCodePlugin(),
  ]);

  const singletons = createSingletonRegistry();
  singletons.record('shell', { effector: createStore, contracts: cartAddRequested });
  window.__SHOP_DEBUG__ = singletons.snapshot();

  const remotes = await readRegistry(registry);
  registerRemotes(remotes.map(({ name, entry }) => ({ name, entry })));
  // A piece on its way counts as loading: a hash scroll waits for the widget (and what it then fetches) to render.
  pieceLoadFx.use(({ remote, module }) => {
    const done = pieceLoading();
    return loadRemoteModule(remote, module).finally(done);
  });

  const scheduler = createModelScheduler({
    remotes: remotes.map((remote) => remote.name),
    visit: (keys) => readVisit(keys),
    // A model fills the stores from the browser's storage and session: on a server-rendered page only once it has
    // hydrated with the server's values (start/firstCommit.tsx), else the chrome's first render would not match.
    load: (remote, startup) =>
      modelsAfter.then(() => loadRemoteModels([remote])).then(([result]) => {
        if (result.probe) singletons.record(result.remote, result.probe);
        if (!result.ok) remoteFailed({ remote, module: 'model', message: result.error ?? '' });
        window.__SHOP_DEBUG__ = singletons.snapshot();
        // What it answers listens from now on: requests fired before are replayed to it (routing/model.ts).
        remoteModelReady({ remote, answers: startup.answers ?? [] });
      }),
    // The units the start-up models implement are listening now: the first navigation's user fetch, the open-cart
    // flag and a cart-link click made before this moment may go out (routing/model.ts whenModelsReady).
    ready: () => modelsReady(),
  });
  onRemoteFirstUse((remote) => scheduler.pieceUsed(remote));
  onFirstInteraction(() => scheduler.interacted());
  for (const remote of remotes) void readDeclaration(remote).then((startup) => scheduler.declared(remote.name, startup));
}
