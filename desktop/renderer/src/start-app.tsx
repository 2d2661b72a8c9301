import '@fontsource/noto-sans-devanagari/400.css';
import '@fontsource/noto-sans-devanagari/600.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { announceFieldErrors } from './components/announce-field-errors';
import { makeTableScrollFocusable } from './components/focusable-table-scroll';
import { nameSelectLists } from './components/name-select-lists';
import { setUpI18n } from './i18n/i18n';

await setUpI18n();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// The body, not #root: dialogs are drawn outside the root.
announceFieldErrors(document.body);
makeTableScrollFocusable(document.body);
nameSelectLists(document.body);
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
