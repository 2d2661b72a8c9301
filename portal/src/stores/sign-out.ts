import { signOut } from '../api/calls';
import { apiClient, tokenStore } from '../api/client';
import { SIGN_OUT_SETTLE_MS } from '../config';
import { router } from '../routes/router';
import { resetAllStores } from './reset-stores';

/**
 * Signs out on the server (revoking this device's refresh-token family) and then, whatever the
 * answer, forgets everything locally (spec §4: logging out resets the whole stored state).
 */
export async function signOutEverywhere(): Promise<void> {
  // A save already sent should not be cut off by its own session ending under it.
  await apiClient.settle(SIGN_OUT_SETTLE_MS);
  await signOut();
  tokenStore.clear();
  resetAllStores();
  // Straight to a plain /login: after a deliberate sign-out there is no page to return to.
  void router.navigate('/login', { replace: true });
}
