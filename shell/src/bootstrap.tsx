import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { readPageData, serverValuesApplied, type PageData } from '@shop/contracts/ssr';
import './alerts/model.js';
import { App } from './App.js';
import { persistBreadcrumbs } from './breadcrumbs/model.js';
import { RemoteLoadError } from './federation/errors.js';
import { loadRemoteModule } from './federation/loadRemoteModule.js';
import { startFederation } from './federation/start.js';
import { firstCommit } from './start/firstCommit.js';
import { watchViewport } from './layout/viewport.js';
import { categoriesRequested } from './menu/model.js';
import { tenantRequested } from './tenant/model.js';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// What the server rendered the page with (issue 22), read once: the Effector values it filled (tenant, categories,
// the page's loader data and API answers) go into the browser's (global) state before anything renders: each store
// the server fills takes its value by sid (@shop/contracts/ssr filledByServer).
const pageData: PageData | null = readPageData(document);
if (pageData) serverValuesApplied(pageData.values);

// The shell restores scroll positions itself (SPEC §2), after the page's data has arrived.
if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
persistBreadcrumbs();
// A server-rendered page hydrates with the layout the server guessed; the window is measured once that is done.
if (pageData) void firstCommit.then(() => watchViewport());
else watchViewport();
// Start-up calls run in parallel with loading the remotes (SPEC §7); a server-rendered page brought their answers.
if (!pageData) tenantRequested();
categoriesRequested();

/** The longest hydration waits for the code of the modules the server rendered before it starts anyway. */
const MODULE_WAIT_MS = 5000;

/**
 * The modules the server rendered, loaded before hydration: RemoteBoundary then renders them in the first render
 * (the server's markup, no loading state in between). One that fails suspends its boundary until its retry.
 */
function renderedModules(): Promise<unknown> {
  const modules = (pageData?.modules ?? []).map(({ remote, module }) => loadRemoteModule(remote, module).catch(() => undefined));
  return Promise.race([Promise.all(modules), new Promise((resolve) => setTimeout(resolve, MODULE_WAIT_MS))]);
}

const onCaughtError = (error: unknown, info: { componentStack?: string }) => {
  // A remote that cannot load is handled (fallback + retry) and reported on the bus: a warning, not an error.
  if (error instanceof RemoteLoadError) console.warn(`[shell] ${error.message}`);
  else console.error(error, info.componentStack);
};

startFederation({ remotes: pageData?.remotes, declarations: pageData?.declarations }, pageData ? firstCommit : undefined)
  .then(renderedModules, () => undefined)
  .finally(() => {
    const app = (
      <StrictMode>
        <App />
      </StrictMode>
    );
    // A transition, hydrating or not: the first render of the whole page yields to the browser every few
    // milliseconds instead of blocking input for one long task (what a slow phone feels as a frozen page). Outside
    // one, React hydrates in its default lane, which is never sliced. A click or key on markup not yet hydrated
    // makes React hydrate that part at once and replay the event; text typed meanwhile is kept (typedBeforeHydration).
    if (pageData && container.firstChild) {
      startTransition(() => {
        hydrateRoot(container, app, { onCaughtError });
      });
      return;
    }
    const root = createRoot(container, { onCaughtError });
    startTransition(() => root.render(app));
  });
