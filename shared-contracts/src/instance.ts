/**
 * Run-time instance marker. Each stateful entry module pushes "<module>#<n>" into a global list when it is
 * evaluated, so a browser test can prove Module Federation shared ONE copy: every module label must occur once.
 */
declare global {
  // Must stay identical to the shell's declaration (shell/src/federation/singletons.ts).
  var __SHOP_CONTRACTS_INSTANCES__: unknown[] | undefined;
}

export type ContractsModule = 'index' | 'bus';

export function registerContractsInstance(module: ContractsModule): string {
  const list = (globalThis.__SHOP_CONTRACTS_INSTANCES__ ??= []);
  const id = `${module}#${list.length + 1}`;
  list.push(id);
  return id;
}

/** How many times each module label was evaluated: {bus: 1, index: 1} when shared correctly. */
export function contractsInstanceCounts(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const entry of globalThis.__SHOP_CONTRACTS_INSTANCES__ ?? []) {
    const label = String(entry).split('#')[0];
    counts[label] = (counts[label] ?? 0) + 1;
  }
  return counts;
}
