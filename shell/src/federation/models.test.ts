import { describe, expect, it } from 'vitest';
import { loadRemoteModels } from './models.js';
import { createSingletonRegistry } from './singletons.js';

describe('loadRemoteModels', () => {
  it('a failing remote model does not stop the others', async () => {
    const probe = { effector: () => 0, contracts: {} };
    const results = await loadRemoteModels(['mf_catalog', 'mf_account'], (remote) =>
      remote === 'mf_account' ? Promise.reject(new Error('404 mf-manifest.json')) : Promise.resolve({ singletonProbe: probe }),
    );
    expect(results).toEqual([
      { remote: 'mf_catalog', ok: true, probe },
      { remote: 'mf_account', ok: false, error: '404 mf-manifest.json' },
    ]);
  });
});

describe('singleton registry', () => {
  it('numbers instances by identity and counts them', () => {
    const effectorA = () => 'a';
    const effectorB = () => 'b';
    const bus = {};
    const registry = createSingletonRegistry();
    registry.record('shell', { effector: effectorA, contracts: bus });
    registry.record('mf_catalog', { effector: effectorA, contracts: bus });
    expect(registry.snapshot()).toMatchObject({ effectorInstances: 1, contractsInstances: 1 });
    registry.record('mf_account', { effector: effectorB, contracts: bus });
    const snapshot = registry.snapshot();
    expect(snapshot.effectorInstances).toBe(2);
    expect(snapshot.apps.mf_account).toEqual({ effector: 2, contracts: 1 });
  });
});
