/**
 * Widgets of mf-catalog (BestsellerList, CampaignList, PopularCategories, ProductCard) inside mf-content pages,
 * loaded through the shell's one federation loader (`loadPiece` on the bus): its registry, error handling and
 * first-use hooks apply as to the shell's own pieces. A widget that cannot load renders its fallback (plain links) —
 * it never blanks the page.
 */
import { Component, lazy, Suspense, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { loadPiece } from '@shop/contracts/bus';

const CATALOG = 'mf_catalog';

const cache = new Map<string, ComponentType<Record<string, unknown>>>();

function widget(module: string): ComponentType<Record<string, unknown>> {
  let component = cache.get(module);
  if (!component) {
    component = lazy(async () => {
      const loaded = await loadPiece<{ default?: ComponentType<Record<string, unknown>> }>({ remote: CATALOG, module });
      if (!loaded.default) throw new Error(`${CATALOG}/${module} has no default export`);
      return { default: loaded.default };
    });
    cache.set(module, component);
  }
  return component;
}

class Boundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.warn('[mf-content] catalogue widget failed:', error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export type CatalogModule = 'BestsellerList' | 'CampaignList' | 'PopularCategories' | 'ProductCard';

const noSubscription = () => () => undefined;

/**
 * False on the server and in the hydration render, true after: the shell's loader (`loadPiece`) runs in the browser,
 * so the server renders the fallback, and hydration renders the same fallback before the widget loads (throwing on
 * the server instead makes React log a recoverable error and re-render the whole boundary).
 */
const useHydrated = () => useSyncExternalStore(noSubscription, () => true, () => false);

export function CatalogWidget({ module, props = {}, fallback }: { module: CatalogModule; props?: Record<string, unknown>; fallback: ReactNode }) {
  const hydrated = useHydrated();
  if (!hydrated) return <>{fallback}</>;
  const Widget = widget(module);
  return (
    <Boundary fallback={fallback}>
      <Suspense fallback={fallback}>
        <Widget {...props} />
      </Suspense>
    </Boundary>
  );
}
