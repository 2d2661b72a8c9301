import { translate } from '@psc/core';
import { currentLanguage } from '../i18n/i18n';
import { createApiClient, createStorageTokenStore } from './api-client';

// spec §9: request timeout 180000 ms.
const REQUEST_TIMEOUT_MS = 180_000;

// The workstation's OAuth client (spec §7). Like any installed client its secret ships with the
// app, so it identifies the application, it does not authenticate it; staff passwords do that.
const WORKSTATION_CLIENT = { id: 'staff-desktop', secret: 'staff-desktop-secret' };

export const tokenStore = createStorageTokenStore(localStorage, 'psc.staff.session');

const sessionEndedListeners = new Set<() => void>();

export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

export const api = createApiClient({
  fetch: (url, init) => fetch(url, init),
  client: WORKSTATION_CLIENT,
  tokens: tokenStore,
  timeoutMs: REQUEST_TIMEOUT_MS,
  getLanguage: currentLanguage,
  isOnline: () => navigator.onLine,
  translate: (key) => translate(currentLanguage(), key),
  onSessionEnded: () => {
    for (const listener of sessionEndedListeners) listener();
  },
});
