/**
 * Server-filled state (state.ts): what the server serializes from a request's scope is what the browser's global
 * stores hold after `serverValuesApplied` — the path the shell's bootstrap takes instead of Effector's deprecated
 * hydrate(domain).
 */
import { allSettled, createEvent, createStore, fork, serialize } from 'effector';
import { describe, expect, it } from 'vitest';
import { filledByServer, serverValuesApplied } from './state.js';

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
