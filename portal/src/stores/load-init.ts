import { fetchInit } from '../api/calls';
import { useSessionStore } from './session-store';

/** Asks who is signed in (spec §6 init call) and keeps the answer; true when it came. */
export async function loadInit(): Promise<boolean> {
  const result = await fetchInit();
  // An answer that arrives after the session ended belongs to nobody.
  if (result.ok && useSessionStore.getState().hasSession) useSessionStore.getState().setInit(result.data);
  return result.ok;
}
