import { create } from 'zustand';
import { api, onSessionEnded, tokenStore } from '../api/api';
import type { ApiFailure } from '../api/api-client';
import type { SessionInit } from '../api/session-types';

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
};

const noPrivileges: ReadonlySet<string> = new Set();

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
      set(signedOut);
      return;
    }
    const result = await api.request<SessionInit>('/api/oauth/privileges/get/init');
    set(result.ok ? signedIn(result.data) : signedOut);
  },

  async signIn(username, password) {
    const tokens = await api.signIn(username, password);
    if (!tokens.ok) return tokens;
    const init = await api.request<SessionInit>('/api/oauth/privileges/get/init');
    if (!init.ok) {
      tokenStore.clear();
      return init;
    }
    set(signedIn(init.data));
    return null;
  },

  async signOut() {
    await api.signOut();
    set({ ...signedOut, hasExpired: false });
  },
}));

onSessionEnded(() => useSessionStore.setState({ ...signedOut, hasExpired: true }));
