import { describe, expect, it } from 'vitest';
import * as contracts from './index.js';
import * as bus from '@shop/contracts/bus';
import * as api from '@shop/contracts/api';
import { readFileSync } from 'node:fs';

describe('package entry', () => {
  it('re-exports the SAME bus units and API client as the subpaths (no second copy)', () => {
    expect(contracts.$cartCount).toBe(bus.$cartCount);
    expect(contracts.cartAddRequested).toBe(bus.cartAddRequested);
    expect(contracts.http).toBe(api.http);
    expect(contracts.getCurrentCustomer).toBe(api.getCurrentCustomer);
  });

  it('each stateful module registered exactly once', () => {
    expect(contracts.contractsInstanceCounts()).toEqual({ index: 1, bus: 1 });
    expect(globalThis.__SHOP_CONTRACTS_INSTANCES__).toEqual(expect.arrayContaining([contracts.contractsInstanceId, bus.busInstanceId]));
  });

  it('every subpath of package.json exports exists and is reachable from the entry', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { exports: Record<string, string> };
    for (const [subpath, file] of Object.entries(pkg.exports)) {
      const mod = (await import(/* @vite-ignore */ new URL(`../${file}`, import.meta.url).href)) as Record<string, unknown>;
      // ./types is type-only: it must load, but has no run-time exports.
      if (subpath !== './types') expect(Object.keys(mod).length, subpath).toBeGreaterThan(0);
    }
    // A few names other packages import from the root.
    for (const name of ['formatMoney', 'pathFor', 'isValidPhone', 'loginErrorMessage', 'mapArticle', 'ApiError', 'DEFAULT_SHIPPING', 'alertRaised']) {
      expect(contracts, name).toHaveProperty(name);
    }
  });
});
