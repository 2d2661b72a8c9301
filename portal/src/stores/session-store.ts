import { create } from 'zustand';

// Who is signed in, from GET /api/oauth/privileges/get/init (spec §6: privileges are fetched
// at start through an init call). The tokens themselves live in api/token-storage.ts; this store
// only mirrors whether a session exists so routes re-render when it starts or ends.

export type InitUser = {
  id: number;
  masterId: number;
  kind: 'candidate' | 'staff';
  username: string;
  email: string;
  firstNameEn: string;
  middleNameEn: string | null;
  lastNameEn: string;
  fullNameEn: string;
  fullNameNp: string | null;
  mustChangePassword: boolean;
};

export type InitData = {
  user: InitUser;
  roles: { id: number; name: string }[];
  privileges: { code: string; actions: string[] }[];
};

type SessionStore = {
  hasSession: boolean;
  /** True between a successful password grant and the end of the init call (spec §5 sign-in). */
  isSigningIn: boolean;
  init: InitData | null;
  /**
   * Spec §4: a call answered 403 PASSWORD_CHANGE_REQUIRED (the init data may not be
   * here yet, or may be older than a temporary password the user was sent meanwhile).
   */
  isPasswordChangeRequired: boolean;
  setHasSession(hasSession: boolean): void;
  setSigningIn(isSigningIn: boolean): void;
  setInit(init: InitData): void;
  setPasswordChangeRequired(isRequired: boolean): void;
  reset(): void;
};

export const useSessionStore = create<SessionStore>()((set) => ({
  hasSession: false,
  isSigningIn: false,
  init: null,
  isPasswordChangeRequired: false,
  setHasSession: (hasSession) => set({ hasSession }),
  setSigningIn: (isSigningIn) => set({ isSigningIn }),
  setInit: (init) => set({ init }),
  setPasswordChangeRequired: (isPasswordChangeRequired) => set({ isPasswordChangeRequired }),
  reset: () => set({ isSigningIn: false, init: null, isPasswordChangeRequired: false }),
}));
