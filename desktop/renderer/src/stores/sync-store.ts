import { create } from 'zustand';
import type { CacheStatus } from '../../../main/services/contract';
import { api, tokenStore } from '../api/api';
import { WorkstationError, invokeWorkstation, isInsideElectron } from '../workstation/workstation-client';

// DESIGN "The desktop workstation": master-data screens read the local cache; the cache follows
// the API's change feed. It syncs on sign-in, every few minutes while the app is open, and after
// every master-data write; when the API cannot be reached the screens say so (offline banner)
// and keep showing the cached rows.

export const AUTO_SYNC_INTERVAL_MS = 3 * 60_000;
/** While offline, how often to look whether the API is back. */
const RECONNECT_PROBE_MS = 15_000;

type SyncState = {
  isOnline: boolean;
  isSyncing: boolean;
  status: CacheStatus | null;
  /** Incremented after every sync that changed the cache, so tables re-read it. */
  revision: number;
  sync(): Promise<boolean>;
  refreshStatus(): Promise<void>;
  markOffline(): void;
};

function apiBaseUrlArgs(): { apiBaseUrl?: string } {
  // Inside Electron the main process knows the configured API; in a browser the API is the page's origin.
  return isInsideElectron() ? {} : { apiBaseUrl: window.location.origin };
}

async function runSync(): Promise<CacheStatus> {
  const token = tokenStore.read()?.accessToken;
  if (!token) throw new WorkstationError('UNAUTHENTICATED', 'Not signed in');
  try {
    return (await invokeWorkstation('cache.sync', { ...apiBaseUrlArgs(), accessToken: token })).status;
  } catch (error) {
    if (!(error instanceof WorkstationError) || error.code !== 'INVALID_TOKEN') throw error;
    // The access token expired: any API call runs the client's one silent refresh; then retry once.
    await api.request('/api/oauth/privileges/get/init');
    const fresh = tokenStore.read()?.accessToken;
    if (!fresh) throw error;
    return (await invokeWorkstation('cache.sync', { ...apiBaseUrlArgs(), accessToken: fresh })).status;
  }
}

let inFlight: Promise<boolean> | null = null;

export const useSyncStore = create<SyncState>()((set, get) => ({
  isOnline: true,
  isSyncing: false,
  status: null,
  revision: 0,

  sync() {
    inFlight ??= (async () => {
      set({ isSyncing: true });
      try {
        const before = get().status?.lastSeq;
        const status = await runSync();
        set((state) => ({ status, isOnline: true, revision: status.lastSeq === before ? state.revision : state.revision + 1 }));
        return true;
      } catch (error) {
        if (error instanceof WorkstationError && error.code === 'UNREACHABLE') set({ isOnline: false });
        await get().refreshStatus();
        return false;
      } finally {
        set({ isSyncing: false });
      }
    })().finally(() => {
      inFlight = null;
    });
    return inFlight;
  },

  async refreshStatus() {
    try {
      set({ status: await invokeWorkstation('cache.status', {}) });
    } catch {
      // The local services answer even offline; if they do not, the cache card says so.
    }
  },

  markOffline() {
    set({ isOnline: false });
  },
}));

/** Starts the timers of a signed-in session; returns the stop function. */
export function startAutoSync(): () => void {
  void useSyncStore.getState().sync();
  const every = setInterval(() => void useSyncStore.getState().sync(), AUTO_SYNC_INTERVAL_MS);
  const probe = setInterval(() => {
    if (useSyncStore.getState().isOnline) return;
    void fetch('/api/health', { headers: { Accept: 'application/json' } })
      .then((response) => {
        if (response.ok) void useSyncStore.getState().sync();
      })
      .catch(() => undefined);
  }, RECONNECT_PROBE_MS);
  return () => {
    clearInterval(every);
    clearInterval(probe);
  };
}
