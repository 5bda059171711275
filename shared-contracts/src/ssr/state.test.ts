/**
 * Server-filled state (state.ts): what the server serializes from a request's scope is what the browser's global
 * stores hold after `serverValuesApplied` — the path the shell's bootstrap takes instead of Effector's deprecated
 * hydrate(domain).
 */
import { allSettled, createEvent, createStore, fork, serialize } from 'effector';
import { describe, expect, it } from 'vitest';
import { getCategories, inlineCategories } from '../api/catalog.js';
import { rawCategory } from '../testing/fixtures.js';
import { mapCategory } from '../mappers/index.js';
import { $categoryTree, filledByServer, serverFilledState, serverValuesApplied, setServerScope } from './state.js';

describe('filledByServer', () => {
  it('takes the value the server serialized under the store’s sid', async () => {
    const set = createEvent<string[]>();
    const $names = filledByServer(createStore<string[]>([], { sid: 'test/names' })).on(set, (_, names) => names);
    const scope = fork();
    await allSettled(set, { scope, params: ['Jakke', 'Bukse'] });
    const values = JSON.parse(JSON.stringify(serialize(scope))) as Record<string, unknown>;

    serverValuesApplied(values);
    expect($names.getState()).toEqual(['Jakke', 'Bukse']);
  });

  it.each([
    ['a value under another sid', { 'test/other': 5 }, 1],
    ['no values', {}, 1],
    ['null, where the store allows it', { 'test/count': null }, null],
    ['false-y values', { 'test/count': 0 }, 0],
  ])('with %s the store holds what it should', (_, values, expected) => {
    const $count = filledByServer(createStore<number | null>(1, { sid: 'test/count', skipVoid: false }));
    serverValuesApplied(values);
    expect($count.getState()).toBe(expected);
  });

  it('refuses a store without a sid (the server could not name its value)', () => {
    expect(() => filledByServer(createStore(0))).toThrow(/no sid/);
  });
});

describe('serverFilledState and the category tree', () => {
  const tree = [mapCategory(rawCategory())];

  it('reads the request’s scope on the server and the global state elsewhere', async () => {
    const scope = fork();
    const fill = createEvent<typeof tree>();
    $categoryTree.on(fill, (_, categories) => categories);
    await allSettled(fill, { scope, params: tree });
    setServerScope(() => scope);
    try {
      expect(serverFilledState($categoryTree)).toEqual(tree);
      expect(inlineCategories()).toEqual(tree);
      // Answered from the tree: in node a request to the relative /api/v1 could not succeed.
      await expect(getCategories()).resolves.toEqual(tree);
    } finally {
      setServerScope(() => undefined);
    }
    expect(inlineCategories()).toBeUndefined();
  });

  it('serves the browser the tree the server rendered with', async () => {
    const scope = fork();
    const fill = createEvent<typeof tree>();
    $categoryTree.on(fill, (_, categories) => categories);
    await allSettled(fill, { scope, params: tree });
    serverValuesApplied(JSON.parse(JSON.stringify(serialize(scope))) as Record<string, unknown>);
    expect(inlineCategories()).toEqual(tree);
    $categoryTree.reinit();
  });
});
