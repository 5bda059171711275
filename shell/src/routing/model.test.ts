import { allSettled, createEvent, createStore, fork, sample } from 'effector';
import { describe, expect, it } from 'vitest';
import { favouriteToggled, userFetchRequested } from '@shop/contracts/bus';
import { modelsReady, navigated, remoteModelReady, whenModelsReady, type Navigation } from './model.js';

const $userFetches = createStore(0).on(userFetchRequested, (n) => n + 1);
const at = (pathname: string, type: Navigation['type'] = 'PUSH'): Navigation => ({ pathname, search: '', hash: '', type });

describe('user fetch on first navigation', () => {
  it('asks once, after the first navigation, when the models are already in', async () => {
    const scope = fork();
    await allSettled(modelsReady, { scope });
    expect(scope.getState($userFetches)).toBe(0);
    await allSettled(navigated, { scope, params: at('/', 'POP') });
    expect(scope.getState($userFetches)).toBe(1);
    await allSettled(navigated, { scope, params: at('/herre') });
    await allSettled(navigated, { scope, params: at('/product/x') });
    expect(scope.getState($userFetches)).toBe(1);
  });

  it('waits for the models when the first navigation comes first', async () => {
    const scope = fork();
    await allSettled(navigated, { scope, params: at('/', 'POP') });
    await allSettled(navigated, { scope, params: at('/sko') });
    expect(scope.getState($userFetches)).toBe(0);
    await allSettled(modelsReady, { scope });
    expect(scope.getState($userFetches)).toBe(1);
    await allSettled(modelsReady, { scope });
    expect(scope.getState($userFetches)).toBe(1);
  });
});

describe('whenModelsReady', () => {
  const requested = createEvent();
  const delivered = createEvent();
  const $delivered = createStore(0).on(delivered, (n) => n + 1);
  whenModelsReady(requested, delivered);

  it('holds an action until the models are in, then delivers it once', async () => {
    const scope = fork();
    await allSettled(requested, { scope });
    expect(scope.getState($delivered)).toBe(0);
    await allSettled(modelsReady, { scope });
    expect(scope.getState($delivered)).toBe(1);
    await allSettled(modelsReady, { scope });
    expect(scope.getState($delivered)).toBe(1);
  });

  it('delivers at once when the models are already in', async () => {
    const scope = fork();
    await allSettled(modelsReady, { scope });
    await allSettled(requested, { scope });
    expect(scope.getState($delivered)).toBe(1);
  });
});

describe('bus events fired before the models are in', () => {
  // The account model, which only listens once it has loaded (as in the browser, where its handlers attach then).
  const $accountLoaded = createStore(false).on(remoteModelReady, (loaded, model) => loaded || model.answers.includes('favouriteToggled'));
  const heard = sample({ clock: favouriteToggled, source: $accountLoaded, filter: (loaded) => loaded, fn: (_, id: number) => id });
  const $heardByModel = createStore<number[]>([]).on(heard, (list, id) => [...list, id]);

  it("are kept and fired again once a model that answers them is in: in order, once, and not for another model", async () => {
    const scope = fork();
    await allSettled(favouriteToggled, { scope, params: 11 });
    await allSettled(favouriteToggled, { scope, params: 12 });
    await allSettled(remoteModelReady, { scope, params: { remote: 'mf_cart_checkout', answers: ['cartAddRequested'] } });
    expect(scope.getState($heardByModel)).toEqual([]);
    await allSettled(remoteModelReady, { scope, params: { remote: 'mf_account', answers: ['favouriteToggled'] } });
    expect(scope.getState($heardByModel)).toEqual([11, 12]);
    await allSettled(favouriteToggled, { scope, params: 13 });
    await allSettled(remoteModelReady, { scope, params: { remote: 'mf_account', answers: ['favouriteToggled'] } });
    expect(scope.getState($heardByModel)).toEqual([11, 12, 13]);
  });
});
