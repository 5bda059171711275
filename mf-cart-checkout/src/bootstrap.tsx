import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StandaloneApp } from './standalone/StandaloneApp.js';

// Only the remote's own dev page runs this; inside the shop the shell mounts the exposed modules instead.
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <StandaloneApp />
  </StrictMode>,
);
