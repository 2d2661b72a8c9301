import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSessionStore } from '../stores/session-store';
import { describeReturn, returnPath } from './return-path';

// spec §2: an unauthenticated user sees only the unauthenticated-only routes (any other path
// redirects to /login); a signed-in user does not get them.

export function RequireSession() {
  const hasSession = useSessionStore((state) => state.hasSession);
  const location = useLocation();
  if (!hasSession) {
    return <Navigate to="/login" replace state={describeReturn(location)} />;
  }
  return <Outlet />;
}

export function PublicOnly() {
  const hasSession = useSessionStore((state) => state.hasSession);
  const isSigningIn = useSessionStore((state) => state.isSigningIn);
  const location = useLocation();
  if (hasSession && !isSigningIn) return <Navigate to={returnPath(location.state)} replace />;
  return <Outlet />;
}

/** Any path the portal does not know. */
export function UnknownPath() {
  const hasSession = useSessionStore((state) => state.hasSession);
  const location = useLocation();
  if (hasSession) return <Navigate to="/home" replace />;
  return <Navigate to="/login" replace state={describeReturn(location)} />;
}
