/**
 * Run-time proof that the shell and every remote share ONE effector and ONE @shop/contracts instance.
 * Each app hands over a probe: a function from its `effector` import and a unit from its `@shop/contracts/bus`
 * import. Identical objects mean the same module instance; the e2e test reads window.__SHOP_DEBUG__.
 */
export interface SingletonProbe {
  effector: unknown;
  contracts: unknown;
}

export interface ShopDebug {
  /** Instance number (1, 2, …) each app got, per library. */
  apps: Record<string, { effector: number; contracts: number }>;
  effectorInstances: number;
  contractsInstances: number;
  /**
   * How often each stateful contracts module was evaluated, as the contracts report it themselves
   * ({bus: 1} when shared correctly; index: 1 too once something has loaded the contracts' root).
   */
  contractsModuleEvaluations: Record<string, number>;
}

declare global {
  interface Window {
    __SHOP_DEBUG__?: ShopDebug;
  }
}

/**
 * How many times each stateful contracts module was evaluated (instance.ts's `contractsInstanceCounts`, read here from
 * the same global list): importing it from the contracts' root would load the root, and the root imports every entry
 * point, /validation included, which no first view needs.
 */
function contractsInstanceCounts(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const entry of (globalThis as { __SHOP_CONTRACTS_INSTANCES__?: unknown[] }).__SHOP_CONTRACTS_INSTANCES__ ?? []) {
    const label = String(entry).split('#')[0];
    counts[label] = (counts[label] ?? 0) + 1;
  }
  return counts;
}

export function createSingletonRegistry() {
  const effectorIds = new Map<unknown, number>();
  const contractsIds = new Map<unknown, number>();
  const apps: ShopDebug['apps'] = {};
  const idOf = (ids: Map<unknown, number>, value: unknown) => {
    let id = ids.get(value);
    if (id === undefined) {
      id = ids.size + 1;
      ids.set(value, id);
    }
    return id;
  };
  return {
    record(app: string, probe: SingletonProbe): void {
      apps[app] = { effector: idOf(effectorIds, probe.effector), contracts: idOf(contractsIds, probe.contracts) };
    },
    snapshot(): ShopDebug {
      return {
        apps: { ...apps },
        effectorInstances: effectorIds.size,
        contractsInstances: contractsIds.size,
        contractsModuleEvaluations: contractsInstanceCounts(),
      };
    },
  };
}

export function isSingletonProbe(value: unknown): value is SingletonProbe {
  return typeof value === 'object' && value !== null && 'effector' in value && 'contracts' in value;
}
