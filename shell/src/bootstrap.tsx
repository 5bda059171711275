import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './federation/provideContracts.js';
import './alerts/model.js';
import { App } from './App.js';
import { startFederation } from './federation/start.js';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

startFederation().finally(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
