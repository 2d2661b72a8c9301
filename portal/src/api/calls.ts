import type { InitData } from '../stores/session-store';
import { apiClient, tokenStore } from './client';
import { trackRequest } from './request-state';

// The portal's calls, each recorded in the request-state store under its name (spec §3/§4).

export type DashboardCounter = { key: string; value: number };
export type DashboardData = { counters: DashboardCounter[] };

export const CALLS = {
  signIn: 'oauth.signIn',
  init: 'oauth.init',
  signOut: 'oauth.signOut',
  dashboard: 'psc.dashboard',
  // Candidate account.
  register: 'psc.register',
  changePassword: 'psc.account.changePassword',
  forgotPassword: 'psc.account.forgotPassword',
  requestNewPassword: 'psc.account.requestNewPassword',
  resetToken: 'psc.account.resetToken',
  resetPassword: 'psc.account.resetPassword',
  recoveryStart: 'psc.account.recoveryStart',
  recoveryVerify: 'psc.account.recoveryVerify',
  deactivate: 'psc.account.deactivate',
  provinces: 'psc.reference.provinces',
  districts: 'psc.reference.districts',
} as const;

export function signIn(username: string, password: string) {
  return trackRequest(CALLS.signIn, () => apiClient.signIn(username, password));
}

export function fetchInit() {
  return trackRequest(CALLS.init, () => apiClient.request<InitData>('/oauth/privileges/get/init'));
}

export function fetchDashboard() {
  return trackRequest(CALLS.dashboard, () => apiClient.request<DashboardData>('/psc/dashboard'));
}

/** Revokes this device's refresh-token family; the caller clears local state whatever the answer. */
export function signOut() {
  const refreshToken = tokenStore.read()?.refreshToken;
  return trackRequest(CALLS.signOut, () =>
    apiClient.request<unknown>('/oauth/logout', { method: 'POST', body: refreshToken ? { refreshToken } : {} }),
  );
}

// ---- Candidate account. The public ones go without a token (auth 'none'),
// so a signed-in visitor of /change/password/:tokenid does not spend their session on them.

export type RegisterRequest = Record<string, unknown>;
export type RegisteredAccount = {
  masterId: number;
  username: string;
  email: string;
  /** In development without SMTP_URL, where the unsent mail can be read; null otherwise. */
  mailOutboxUrl: string | null;
};

export function register(body: RegisterRequest) {
  return trackRequest(CALLS.register, () =>
    apiClient.request<RegisteredAccount>('/psc/register', { method: 'POST', body, auth: 'none', silent: true }),
  );
}

export function changePassword(body: { oldPassword: string; newPassword: string; confirmPassword: string }) {
  return trackRequest(CALLS.changePassword, () => apiClient.request<unknown>('/psc/account/change-password', { method: 'POST', body }));
}

/** The same answer whether or not the account exists. */
export function forgotPassword(login: string) {
  return trackRequest(CALLS.forgotPassword, () =>
    apiClient.request<unknown>('/psc/account/forgot-password', { method: 'POST', body: { login }, auth: 'none', silent: true }),
  );
}

export function requestNewPassword(login: string) {
  return trackRequest(CALLS.requestNewPassword, () =>
    apiClient.request<unknown>('/psc/account/request-new-password', { method: 'POST', body: { login }, auth: 'none', silent: true }),
  );
}

export type ResetTokenCheck = { valid: boolean; username: string };

export function checkResetToken(token: string) {
  return trackRequest(CALLS.resetToken, () =>
    apiClient.request<ResetTokenCheck>(`/psc/account/reset-token/${encodeURIComponent(token)}`, { auth: 'none' }),
  );
}

export function resetPassword(body: { token: string; newPassword: string; confirmPassword: string }) {
  return trackRequest(CALLS.resetPassword, () =>
    apiClient.request<unknown>('/psc/account/reset-password', { method: 'POST', body, auth: 'none', silent: true }),
  );
}

export type RecoveryStarted = { maskedMobile?: string | null };

export function startRecovery(body: Record<string, unknown>) {
  return trackRequest(CALLS.recoveryStart, () =>
    apiClient.request<RecoveryStarted>('/psc/account/recovery/start', { method: 'POST', body, auth: 'none', silent: true }),
  );
}

export function verifyRecovery(body: { citizenshipNumber: string; citizenshipIssueDistrictId: number; code: string; newEmail: string }) {
  return trackRequest(CALLS.recoveryVerify, () =>
    apiClient.request<unknown>('/psc/account/recovery/verify', { method: 'POST', body, auth: 'none', silent: true }),
  );
}

export function deactivateAccount(body: { password: string; confirm: true; reason?: string }) {
  // Not silent: the server's "Your account has been deactivated." is what the person sees on /login.
  return trackRequest(CALLS.deactivate, () => apiClient.request<unknown>('/psc/account/deactivate', { method: 'POST', body }));
}

// ---- Reference lists for forms (public, the same for everyone).

export type ReferenceRow = { id: number; nameEn: string; nameNp: string };
export type DistrictRow = ReferenceRow & { provinceId: number };

export function fetchProvinces() {
  return trackRequest(CALLS.provinces, () => apiClient.request<ReferenceRow[]>('/psc/reference/provinces', { auth: 'none' }));
}

/** Every district (grouped by province on screen). */
export function fetchDistricts() {
  return trackRequest(CALLS.districts, () => apiClient.request<DistrictRow[]>('/psc/reference/districts', { auth: 'none' }));
}
