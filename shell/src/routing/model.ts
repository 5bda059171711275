import { createEffect, createEvent, createStore, sample, type Event, type EventCallable } from 'effector';
import { EARLY_REQUESTS, pageTitled, userFetchRequested, type EarlyRequest } from '@shop/contracts/bus';

export interface Navigation {
  pathname: string;
  search: string;
  hash: string;
  type: 'POP' | 'PUSH' | 'REPLACE';
}

/** Every location the router settles on (fired by the shell's navigation effects). */
export const navigated = createEvent<Navigation>({ name: 'shell:navigated' });
/** The remotes' ./model modules are in (or failed): the units they implement are listening from now on. */
export const modelsReady = createEvent({ name: 'shell:models-ready' });

export const $modelsReady = createStore(false, { name: 'shell:models-ready' }).on(modelsReady, () => true);
const $hasNavigated = createStore(false, { name: 'shell:has-navigated' }).on(navigated, () => true);
const $userFetchSent = createStore(false, { name: 'shell:user-fetch-sent' });

/**
 * SPEC §6/§7 navigation guard: fetch the user on the first navigation. The account model answers the request, so
 * it is sent once both have happened — first navigation and models loaded — whichever comes last. No user (204,
 * 401, network failure) is a normal answer the account model turns into `$user = null`.
 */
const firstNavigationWithModels = sample({
  clock: [navigated, modelsReady],
  source: { navigatedYet: $hasNavigated, models: $modelsReady, sent: $userFetchSent },
  filter: ({ navigatedYet, models, sent }) => navigatedYet && models && !sent,
  fn: () => undefined,
});
$userFetchSent.on(firstNavigationWithModels, () => true);
sample({ clock: firstNavigationWithModels, target: userFetchRequested });

/** Actions that need a remote's model (e.g. opening the cart from the open-cart flag) wait for this. */
export function whenModelsReady(clock: Event<void>, target: EventCallable<void>): void {
  const $pending = createStore(false).on(clock, () => true);
  const fire = sample({
    clock: [clock, modelsReady],
    source: { pending: $pending, ready: $modelsReady },
    filter: ({ pending, ready }) => ready && pending,
    fn: () => undefined,
  });
  $pending.on(fire, () => false);
  sample({ clock: fire, target });
}

/** One remote's ./model is in (or failed to load), with the early bus requests its declaration says it answers. */
export const remoteModelReady = createEvent<{ remote: string; answers: readonly EarlyRequest[] }>({ name: 'shell:remote-model-ready' });

/**
 * Bus requests a page may fire before the model that answers them has loaded (an add-to-cart or a favourite click in
 * the first moments of a visit): kept, and fired again once a model that answers them is in, so none is lost and
 * none is heard twice. Which model answers what comes from the remotes' declarations, not from here.
 */
export function replayUntilAnswered<T>(event: EventCallable<T>, request: EarlyRequest): void {
  const answered = remoteModelReady.filter({ fn: (model) => model.answers.includes(request) });
  const $answered = createStore(false).on(answered, () => true);
  const early = sample({ clock: event, source: $answered, filter: (isAnswered) => !isAnswered, fn: (_, payload: T) => payload });
  const $early = createStore<T[]>([], { skipVoid: false }).on(early, (queue, payload) => [...queue, payload]);
  const replay = createEffect((payloads: T[]) => {
    for (const payload of payloads) event(payload);
  });
  sample({ clock: answered, source: $early, filter: (queue) => queue.length > 0, target: replay });
  $early.reset(replay);
}

for (const request of Object.keys(EARLY_REQUESTS) as EarlyRequest[]) {
  replayUntilAnswered(EARLY_REQUESTS[request] as EventCallable<unknown>, request);
}

/** The product guard learned the article's name: the page title and the breadcrumb use it. */
export const productShown = createEvent<{ path: string; title: string }>({ name: 'shell:product-shown' });
/** The title a page's data gives it (the product guard's article, a remote's `pageTitled`), for that path. */
export const $productTitle = createStore<{ path: string; title: string } | null>(null, {
  name: 'shell:product-title',
  skipVoid: false,
})
  .on(productShown, (_, shown) => shown)
  .on(pageTitled, (_, titled) => titled);
