import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { createStore } from 'effector';
import { cartAddRequested, pieceLoadFx, remoteFailed } from '@shop/contracts/bus';
import { modelsReady, remoteModelReady } from '../routing/model.js';
import type { RemoteStartup } from '@shop/contracts/types';
import { pieceLoading } from '../scroll/loading.js';
import { composeRemotes, declaredRemotes, type DeclaredRemote } from './composition.js';
import { $declaredRemotes, declarationsRetried, remoteDeclared, remotesDeclared } from './compositionModel.js';
import { checkDeclaration, fetchDeclaration, UNDECLARED } from './declarations.js';
import { onFirstInteraction } from './firstInteraction.js';
import { loadRemoteModels } from './models.js';
import { loadRemoteModule, onRemoteFirstUse } from './loadRemoteModule.js';
import { createModelScheduler } from './modelScheduler.js';
import { readRegistry, type RemoteEntry } from './remotes.js';
import { remoteErrorPlugin, yieldBeforeRemoteCodePlugin } from './runtimePlugin.js';
import { createSingletonRegistry } from './singletons.js';
import { readVisit } from './startupPolicy.js';

/**
 * Start-up: the remote registry and each remote's declaration (the ones the server composed the page from, in the
 * page data; a page without them reads each remote's startup.json first) → the screens and pieces the shell mounts
 * (compositionModel.ts), and each remote's model when the one policy says (startupPolicy.ts) → `modelsReady` once
 * the start-up models are in. Resolves once the remotes are registered and declared: on a server-rendered page the
 * first render waits for no request and no model; they load alongside the page's own remote.
 * The header's cart count and user appear when their models arrive; what needs a model — the first navigation's user
 * fetch, the open-cart flag, a click on the cart link — waits for `modelsReady` (routing/model.ts whenModelsReady).
 * Pieces a remote mounts from another remote load through the same loader (`pieceLoadFx` on the bus).
 */
export async function startFederation(
  rendered: { remotes?: unknown; declarations?: Readonly<Record<string, unknown>> } = {},
  modelsAfter: Promise<unknown> = Promise.resolve(),
): Promise<void> {
  registerPlugins([
    remoteErrorPlugin((error) => console.warn(`[shell] ${error.message}`, error.cause)),
    yieldBeforeRemoteCodePlugin(),
  ]);

  const singletons = createSingletonRegistry();
  singletons.record('shell', { effector: createStore, contracts: cartAddRequested });
  window.__SHOP_DEBUG__ = singletons.snapshot();

  const remotes = await readRegistry(rendered.remotes);
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
  const declared = await startingDeclarations(remotes, rendered.declarations);
  remotesDeclared(declared);
  // Read here (no page data): one that could not be read is known to be so. From the page: it is asked below.
  for (const { name, startup } of declared) if (startup || !rendered.declarations) scheduler.declared(name, startup ?? UNDECLARED);

  // A remote the page came without (the server could not read it): asked here once the page has hydrated (its screens
  // and pieces were rendered as unavailable on both sides), and again with each "Prøv igjen" on such a screen.
  const reading = new Set<string>();
  const readMissing = () => {
    for (const { name, startup } of $declaredRemotes.getState()) {
      const remote = remotes.find((entry) => entry.name === name);
      if (startup || !remote || reading.has(name)) continue;
      reading.add(name);
      void fetchDeclaration(remote).then((late) => {
        reading.delete(name);
        if (late) remoteDeclared({ name, startup: late });
        scheduler.declared(name, late ?? UNDECLARED);
      });
    }
  };
  if (rendered.declarations) void modelsAfter.then(readMissing);
  declarationsRetried.watch(readMissing);
}

/**
 * The declarations the first render is composed from: the page's (checked again: the page data is only as good as
 * the server that wrote it), else each remote's startup.json, read in parallel before the first render (a page no
 * server rendered: a dev server's).
 */
async function startingDeclarations(remotes: readonly RemoteEntry[], rendered: Readonly<Record<string, unknown>> | undefined): Promise<DeclaredRemote[]> {
  if (rendered) {
    const checked: Record<string, RemoteStartup> = {};
    for (const [name, doc] of Object.entries(rendered)) checked[name] = checkDeclaration(name, doc);
    return declaredRemotes(remotes.map((remote) => remote.name), checked);
  }
  const declared = await Promise.all(remotes.map(async (remote) => ({ name: remote.name, startup: await fetchDeclaration(remote) })));
  for (const problem of composeRemotes(declared).problems) console.warn(`[shell] remote declarations: ${problem}`);
  return declared;
}
