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
