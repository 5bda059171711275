/**
 * Widgets of mf-catalog (BestsellerList, CampaignList, PopularCategories, ProductCard) inside mf-content pages,
 * through the federation runtime. This remote has its own runtime instance, which does not know the shell's
 * registry, so the catalogue's entry is registered here from the same registry the shell reads. A widget that
 * cannot load renders its fallback (plain links) — it never blanks the page.
 */
import { Component, lazy, Suspense, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

let registered: Promise<void> | null = null;

/** The registry the server wrote into index.html (window.__SHOP_REMOTES__), else GET /remotes.json. */
function readRegistry(): Promise<Record<string, unknown>> {
  const inline = (window as { __SHOP_REMOTES__?: unknown }).__SHOP_REMOTES__;
  if (inline && typeof inline === 'object') return Promise.resolve(inline as Record<string, unknown>);
  return fetch('/remotes.json', { headers: { accept: 'application/json' } }).then((r) =>
    r.ok ? (r.json() as Promise<Record<string, unknown>>) : Promise.reject(new Error(`HTTP ${r.status}`)),
  );
}

function registerCatalog(): Promise<void> {
  registered ??= readRegistry()
    .then((remotes) => {
      const entry = remotes.mf_catalog;
      if (typeof entry !== 'string') throw new Error('mf_catalog is not in /remotes.json');
      registerRemotes([{ name: 'mf_catalog', entry: new URL(entry, window.location.href).href }]);
    });
  registered.catch(() => {
    registered = null;
  });
  return registered;
}

const cache = new Map<string, ComponentType<Record<string, unknown>>>();

function widget(module: string): ComponentType<Record<string, unknown>> {
  let component = cache.get(module);
  if (!component) {
    component = lazy(async () => {
      await registerCatalog();
      const loaded = await loadRemote<{ default: ComponentType<Record<string, unknown>> }>(`mf_catalog/${module}`);
      if (!loaded?.default) throw new Error(`mf_catalog/${module} has no default export`);
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
 * False on the server and in the hydration render, true after: this runtime registers the catalogue from the
 * browser's registry, so the server renders the fallback, and hydration renders the same fallback before the widget
 * loads (throwing on the server instead makes React log a recoverable error and re-render the whole boundary).
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
