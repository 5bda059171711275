import { Component, Suspense, lazy, useCallback, useEffect, useLayoutEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useUnit } from 'effector-react';
import { remoteFailed } from '@shop/contracts/bus';
import { pieceLoading } from '../scroll/loading.js';
import { texts } from '../texts.js';
import { describe } from './errors.js';
import { loadedRemoteModule, loadRemoteModule } from './loadRemoteModule.js';
import { HydrationMark, useHydrationToken } from '../start/firstCommit.js';
import { $serverFailedPieces, pieceKey } from './serverFailures.js';
import styles from './RemoteBoundary.module.css';

type RemoteComponent<P> = ComponentType<P>;
export type RemoteLoader<P> = (remote: string, module: string) => Promise<{ default: RemoteComponent<P> }>;

const defaultLoader = <P,>(remote: string, module: string) =>
  loadRemoteModule<{ default: RemoteComponent<P> }>(remote, module);

interface Props<P> {
  remote: string;
  /** Exposed module without the "./", e.g. "CategoryPage". */
  module: string;
  props?: P;
  /** Injected in tests; the federation runtime otherwise. */
  load?: RemoteLoader<P>;
  /**
   * "retry" (pages, modal contents): the Norwegian fallback with "Prøv igjen". "none" (optional widgets such as the
   * header's search box): nothing is shown when the widget cannot load; the failure is still reported.
   */
  fallback?: 'retry' | 'none';
  /**
   * Called when the module first shows, in the commit that mounts it (a layout effect), so a stand-in can give way
   * before the browser paints or handles another key.
   */
  onShown?: () => void;
}

/**
 * Every remote mount goes through here: lazy load + Suspense + error boundary. A remote that is down or throws
 * shows a Norwegian fallback with a retry, is reported on the bus, and never blanks the rest of the page.
 */
export function RemoteBoundary<P extends object = Record<string, never>>({
  remote,
  module,
  props,
  load = defaultLoader as RemoteLoader<P>,
  fallback = 'retry',
  onShown,
}: Props<P>) {
  const [reportFailure, serverFailed] = useUnit([remoteFailed, $serverFailedPieces]);
  const hydration = useHydrationToken(() => loadedRemoteModule(remote, module) !== undefined);
  const [attempt, setAttempt] = useState(0);
  // The server could not render this piece and sent its fallback: hydrate that, then load it here (one retry).
  const failedOnServer = attempt === 0 && serverFailed.includes(pieceKey(remote, module));
  useEffect(() => {
    if (failedOnServer) setAttempt(1);
  }, [failedOnServer]);
  // React.lazy remembers a rejected load for good, so every retry needs a fresh lazy component.
  const Remote = useMemo<ComponentType<P>>(
    () =>
      lazy(() => {
        // Already loaded (server render, hydration): a thenable that resolves at once, which React reads in the same
        // render instead of suspending, so the markup is the page, never the loading state in between.
        const ready = attempt === 0 && load === defaultLoader ? loadedRemoteModule<{ default: RemoteComponent<P> }>(remote, module) : undefined;
        if (ready && (typeof ready.default === 'function' || typeof ready.default === 'object')) {
          return { then: (resolve: (value: { default: RemoteComponent<P> }) => void) => resolve(ready) } as Promise<{ default: RemoteComponent<P> }>;
        }
        return load(remote, module).then((loaded) => {
          if (typeof loaded?.default !== 'function' && typeof loaded?.default !== 'object') {
            throw new Error(`${remote}/${module} har ingen standardeksport`);
          }
          return loaded;
        });
      }),
    // `attempt` is deliberately a dependency: a new value means load again.
    [remote, module, load, attempt],
  );
  const onError = useCallback(
    (error: unknown) => reportFailure({ remote, module, message: describe(error) }),
    [reportFailure, remote, module],
  );
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  // A fallback that replaced the content ends the boundary's hydration as well: there is nothing more to wait for.
  const failed = (
    <>
      {fallback === 'none' ? null : <RemoteFallback onRetry={retry} />}
      <HydrationMark token={hydration} />
    </>
  );
  if (failedOnServer) return failed;
  return (
    <ErrorBoundary key={attempt} onError={onError} fallback={failed}>
      <Suspense fallback={fallback === 'none' ? <PieceLoading /> : <RemoteLoading />}>
        <Remote {...((props ?? {}) as P)} />
        {onShown && <Shown onShown={onShown} />}
        <HydrationMark token={hydration} />
      </Suspense>
    </ErrorBoundary>
  );
}

/** Mounts beside the remote module, so its layout effect runs in the commit that shows the module. */
function Shown({ onShown }: { onShown: () => void }) {
  // Once per mount of the module: a new callback from a later render is not a new showing.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    onShown();
  }, []);
  return null;
}

/** Counts itself into the shell's loading flag while shown (scroll restore waits for it). */
function usePieceLoading() {
  useEffect(() => pieceLoading(), []);
}

function PieceLoading() {
  usePieceLoading();
  return null;
}

export function RemoteLoading() {
  usePieceLoading();
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      {texts.loading}
    </div>
  );
}

export function RemoteFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={styles.fallback} role="alert">
      <p>{texts.remoteFailed}</p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        {texts.retry}
      </button>
    </div>
  );
}

interface BoundaryProps {
  fallback: ReactNode;
  onError: (error: unknown) => void;
  children: ReactNode;
}

class ErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
