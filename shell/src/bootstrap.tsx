import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './alerts/model.js';
import { App } from './App.js';
import { persistBreadcrumbs } from './breadcrumbs/model.js';
import { RemoteLoadError } from './federation/errors.js';
import { loadRemoteModule } from './federation/loadRemoteModule.js';
import { startFederation } from './federation/start.js';
import { watchViewport } from './layout/viewport.js';
import { categoriesRequested } from './menu/model.js';
import { inlineTenant, tenantRequested } from './tenant/model.js';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The shell restores scroll positions itself (SPEC §2), after the page's data has arrived.
if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
persistBreadcrumbs();
watchViewport();
// Start-up calls run in parallel with loading the remotes (SPEC §7). The tenant usually came with index.html.
if (!inlineTenant()) tenantRequested();
categoriesRequested();

/** The longest the server's first view (below) waits for the home page's code before React takes over anyway. */
const FIRST_VIEW_WAIT_MS = 3000;

/**
 * The server drew the page's largest element into #root (api/src/server/firstView.ts: the home page's top banner, a
 * category's banner — painted before any script) and named the remote module of that page in `data-first-view`.
 * React's first render replaces #root; rendering before that module is in would swap the element for a loading
 * placeholder until it arrives. So the first render waits for the code — a failure or FIRST_VIEW_WAIT_MS later it
 * renders anyway, and the page's RemoteBoundary shows what went wrong.
 */
function firstViewHandOver(): Promise<unknown> {
  const [remote, module] = container?.querySelector('[data-first-view]')?.getAttribute('data-first-view')?.split('/') ?? [];
  if (!remote || !module) return Promise.resolve();
  const page = loadRemoteModule(remote, module).catch(() => undefined);
  return Promise.race([page, new Promise((resolve) => setTimeout(resolve, FIRST_VIEW_WAIT_MS))]);
}

startFederation()
  .then(firstViewHandOver, () => undefined)
  .finally(() => {
    const root = createRoot(container, {
      // A remote that cannot load is handled (fallback + retry) and reported on the bus: a warning, not an error.
      onCaughtError(error, info) {
        if (error instanceof RemoteLoadError) console.warn(`[shell] ${error.message}`);
        else console.error(error, info.componentStack);
      },
    });
    // A transition: the first render of the whole page yields to the browser every few milliseconds instead of
    // blocking input for one long task (what a slow phone feels as a frozen page).
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
  });
