import { createEvent, createStore } from 'effector';
import { composeRemotes, type DeclaredRemote } from './composition.js';

/**
 * The registry's remotes and their declarations, in registry order: per request on the server (its scope), once per
 * page in the browser (from the page data, before the first render). Not serialized: it travels in the page data's
 * own `declarations`, which the browser's start-up reads before anything else.
 */
export const remotesDeclared = createEvent<DeclaredRemote[]>({ name: 'shell:remotes-declared' });
/** One remote's declaration read late (the browser, for a remote the server could not read). */
export const remoteDeclared = createEvent<DeclaredRemote>({ name: 'shell:remote-declared' });
/** "Prøv igjen" on a screen or piece no declaration names: the browser asks the undeclared remotes again. */
export const declarationsRetried = createEvent({ name: 'shell:declarations-retried' });

export const $declaredRemotes = createStore<DeclaredRemote[]>([], { sid: 'shell/declared-remotes', name: 'shell:declared-remotes', serialize: 'ignore' })
  .on(remotesDeclared, (_, declared) => declared)
  .on(remoteDeclared, (declared, late) => declared.map((remote) => (remote.name === late.name ? late : remote)));

/** Which remote module renders each route and fills each slot (problems are reported where declarations are read). */
export const $composition = $declaredRemotes.map((declared) => composeRemotes(declared).composition);
