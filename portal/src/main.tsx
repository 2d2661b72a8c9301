import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/fonts.css';
import './styles/global.css';
import './styles/plain-controls.css';
import { startSession } from './api/client';
import { PortalApp } from './app';
import { initI18n } from './i18n';

// The stored language decides the first paint and the stored session decides the first route,
// so both are read before anything renders.
async function start(): Promise<void> {
  startSession();
  await initI18n();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <PortalApp />
    </StrictMode>,
  );
}

void start();
