import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './federation/provideContracts.js';
import './alerts/model.js';
import { App } from './App.js';
import { persistBreadcrumbs } from './breadcrumbs/model.js';
import { RemoteLoadError } from './federation/errors.js';
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

startFederation().finally(() => {
  createRoot(container, {
    // A remote that cannot load is handled (fallback + retry) and reported on the bus: a warning, not an error.
    onCaughtError(error, info) {
      if (error instanceof RemoteLoadError) console.warn(`[shell] ${error.message}`);
      else console.error(error, info.componentStack);
    },
  }).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
