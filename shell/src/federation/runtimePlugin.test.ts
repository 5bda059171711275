import { ModuleFederation } from '@module-federation/enhanced/runtime';
import { describe, expect, it } from 'vitest';
import { yieldBeforeRemoteCodePlugin } from './runtimePlugin.js';

describe('yieldBeforeRemoteCodePlugin (with the real federation runtime)', () => {
  let remoteCount = 0;

  /** Loads `<remote>/Page` from a container already on the page; says what ran first: a queued task or the module. */
  async function loadOrder(plugins: ReturnType<typeof yieldBeforeRemoteCodePlugin>[]): Promise<string[]> {
    const name = `fake_remote_${++remoteCount}`;
    const order: string[] = [];
    (globalThis as Record<string, unknown>)[name] = {
      init() {},
      get: async () => () => {
        order.push('module code');
        return { Page: 'page' };
      },
    };
    const host = new ModuleFederation({
      name: `host_${remoteCount}`,
      remotes: [{ name, entry: `http://localhost/${name}/remoteEntry.js`, entryGlobalName: name }],
      plugins,
      shared: {},
    });
    setTimeout(() => order.push('queued task'), 0);
    expect(await host.loadRemote(`${name}/Page`)).toEqual({ Page: 'page' });
    delete (globalThis as Record<string, unknown>)[name];
    return order;
  }

  it.each([
    ['without the plugin the module runs in the loading task', [], ['module code', 'queued task']],
    [
      'with it the module runs after a task boundary',
      [yieldBeforeRemoteCodePlugin(() => new Promise((resolve) => setTimeout(resolve, 0)))],
      ['queued task', 'module code'],
    ],
  ])('%s', async (_case, plugins, expected) => {
    const order = await loadOrder(plugins);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order).toEqual(expected);
  });
});
