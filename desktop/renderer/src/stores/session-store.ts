import { create } from 'zustand';
import { api, onSessionEnded, tokenStore } from '../api/api';
import type { ApiFailure } from '../api/api-client';
import type { SessionInit } from '../api/session-types';
import { useSyncStore } from './sync-store';

type SessionState = {
  status: 'starting' | 'signed-out' | 'signed-in';
  session: SessionInit | null;
  /** Codes the user holds, for the menu and the route guards. */
  heldPrivileges: ReadonlySet<string>;
  /** Set when the session ended on its own (expired, refresh refused), for the sign-in screen. */
  hasExpired: boolean;
  restore(): Promise<void>;
  signIn(username: string, password: string): Promise<ApiFailure | null>;
  signOut(): Promise<void>;
  /** The staff member's own password change (the way out of a reset's must-change); null when done. */
  changePassword(input: { oldPassword: string; newPassword: string; confirmPassword: string }): Promise<ApiFailure | null>;
};

const noPrivileges: ReadonlySet<string> = new Set();

// The last answer of privileges/get/init, so a workstation started while the API is unreachable
// still opens on the cached master data (DESIGN: offline). The API checks every call anyway; this
// copy only decides which screens are shown, and goes with the tokens.
const LAST_SESSION_KEY = 'psc.staff.lastSession';

function rememberSession(session: SessionInit) {
  localStorage.setItem(LAST_SESSION_KEY, JSON.stringify(session));
}

function recallSession(): SessionInit | null {
  try {
    const value = JSON.parse(localStorage.getItem(LAST_SESSION_KEY) ?? 'null') as SessionInit | null;
    return value && typeof value === 'object' && Array.isArray(value.privileges) && value.user ? value : null;
  } catch {
    return null;
  }
}

function forgetSession() {
  localStorage.removeItem(LAST_SESSION_KEY);
}

const isUnreachable = (failure: ApiFailure) => failure.code === 'UNREACHABLE' || failure.code === 'NO_CONNECTION' || failure.code === 'TIMEOUT';

function signedIn(session: SessionInit) {
  return {
    status: 'signed-in' as const,
    session,
    heldPrivileges: new Set(session.privileges.filter((p) => p.actions.length > 0).map((p) => p.code)),
    hasExpired: false,
  };
}

const signedOut = { status: 'signed-out' as const, session: null, heldPrivileges: noPrivileges };

export const useSessionStore = create<SessionState>()((set) => ({
  status: 'starting',
  session: null,
  heldPrivileges: noPrivileges,
  hasExpired: false,

  async restore() {
    if (tokenStore.read() === null) {
      forgetSession();
      set(signedOut);
      return;
    }
    const result = await api.request<SessionInit>('/api/oauth/privileges/get/init');
    if (result.ok) {
      rememberSession(result.data);
      set(signedIn(result.data));
      return;
    }
    const remembered = isUnreachable(result) ? recallSession() : null;
    if (remembered) {
      useSyncStore.getState().markOffline();
      set(signedIn(remembered));
      return;
    }
    forgetSession();
    set(signedOut);
  },

  async signIn(username, password) {
    const tokens = await api.signIn(username, password);
    if (!tokens.ok) return tokens;
    const init = await api.request<SessionInit>('/api/oauth/privileges/get/init');
    if (!init.ok) {
      tokenStore.clear();
      return init;
    }
    rememberSession(init.data);
    set(signedIn(init.data));
    return null;
  },

  async changePassword(input) {
    const changed = await api.request<null>('/api/oauth/change-password', { method: 'POST', body: input });
    if (!changed.ok) return changed;
    // The session goes on; its facts now say the password need not change.
    const init = await api.request<SessionInit>('/api/oauth/privileges/get/init');
    if (!init.ok) return init;
    rememberSession(init.data);
    set(signedIn(init.data));
    return null;
  },

  async signOut() {
    await api.signOut();
    forgetSession();
    set({ ...signedOut, hasExpired: false });
  },
}));

onSessionEnded(() => {
  forgetSession();
  useSessionStore.setState({ ...signedOut, hasExpired: true });
});

/** The actions the signed-in user holds on one privilege code (spec §6: per-module actions). */
export function useActions(code: string): ReadonlySet<string> {
  const privileges = useSessionStore((state) => state.session?.privileges ?? []);
  return new Set(privileges.find((privilege) => privilege.code === code)?.actions ?? []);
}
