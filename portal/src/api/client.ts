import { API_BASE, PORTAL_CLIENT, REQUEST_TIMEOUT_MS, SESSION_EXPIRED_GUARD_MS, STORAGE_KEYS } from '../config';
import { currentLanguage } from '../i18n';
import { translateText } from '../i18n/texts';
import { showToast } from '../notify/toast';
import { resetAllStores } from '../stores/reset-stores';
import { useSessionStore } from '../stores/session-store';
import { createApiClient } from './request';
import { createStorageTokenStore, removeStaleStoredValues } from './token-storage';

// The browser wiring of the request module: real fetch, localStorage, antd toasts, the texts.

export const tokenStore = createStorageTokenStore(localStorage, (hasSession) =>
  useSessionStore.getState().setHasSession(hasSession),
);

/**
 * Runs once before the first render (main.tsx): removes old stored values and any plain access
 * token (spec §7), then tells the route guards whether a session survives from before the reload.
 */
export function startSession(): void {
  removeStaleStoredValues(localStorage);
  useSessionStore.getState().setHasSession(tokenStore.read() !== null);
  // Another tab signing in or out changes the same storage entry; follow it.
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEYS.session && event.key !== null) return;
    const hasSession = tokenStore.read() !== null;
    if (!hasSession) resetAllStores();
    useSessionStore.getState().setHasSession(hasSession);
  });
}

const locks = typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined;

export const apiClient = createApiClient({
  fetch: (url, init) => fetch(url, init),
  baseUrl: API_BASE,
  timeoutMs: REQUEST_TIMEOUT_MS,
  client: PORTAL_CLIENT,
  tokens: tokenStore,
  getLanguage: currentLanguage,
  isOnline: () => navigator.onLine,
  translate: (key) => translateText(key),
  notify: {
    success: (message) => showToast('success', message),
    error: (message) => showToast('error', message),
  },
  // The route guards send the user to /login (remembering the page) once hasSession is false.
  onSessionEnded: () => resetAllStores(),
  // The guard in routes/password-change-guard.tsx then opens the change-password screen.
  onPasswordChangeRequired: () => useSessionStore.getState().setPasswordChangeRequired(true),
  now: () => Date.now(),
  sessionExpiredGuardMs: SESSION_EXPIRED_GUARD_MS,
  withRefreshLock: locks ? (run) => locks.request('psc.portal.token-refresh', run) : undefined,
});
