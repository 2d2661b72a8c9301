import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/fonts.css';
import './styles/global.css';
import { PortalApp } from './app';
import { initI18n } from './i18n';

// The stored language decides the first paint, so i18n is ready before anything renders.
async function start(): Promise<void> {
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
