import { signOut } from '../api/calls';
import { apiClient, tokenStore } from '../api/client';
import { SIGN_OUT_SETTLE_MS } from '../config';
import { resetAllStores } from './reset-stores';
import { useSessionStore } from './session-store';

/**
 * Signs out on the server (revoking this device's refresh-token family) and then, whatever the
 * answer, forgets everything locally (spec §4: logging out resets the whole stored state).
 */
export async function signOutEverywhere(): Promise<void> {
  // A save already sent should not be cut off by its own session ending under it.
  await apiClient.settle(SIGN_OUT_SETTLE_MS);
  await signOut();
  useSessionStore.getState().markSignedOut();
  tokenStore.clear();
  resetAllStores();
}
