import type { Location } from 'react-router-dom';

// spec §2: a signed-out visitor is sent to /login; after sign-in they return where they were going.

export type ReturnState = { from?: Pick<Location, 'pathname' | 'search' | 'hash'> };

/** The state /login is given: the page to return to, unless it is the home page anyway. */
export function describeReturn(location: Location): ReturnState {
  if (location.pathname === '/' || location.pathname === '/home') return {};
  return { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
}

/** Where a user who just signed in should land: the page they were sent away from, else /home. */
export function returnPath(state: unknown): string {
  const from = (state as ReturnState | null)?.from;
  // Only paths inside the portal: "//host" would leave it.
  if (!from || typeof from.pathname !== 'string' || !/^\/(?!\/)/.test(from.pathname)) return '/home';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

