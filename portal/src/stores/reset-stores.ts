import { resetAllRequestState } from '../api/request-state';
import { useSessionStore } from './session-store';

/** spec §4: "Logging out resets the whole stored state." Every store the portal keeps is listed here. */
export function resetAllStores(): void {
  useSessionStore.getState().reset();
  resetAllRequestState();
}
