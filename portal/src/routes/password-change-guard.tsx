import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSessionStore } from '../stores/session-store';

/** The signed-in change-password screen; also where a temporary password leads. */
export const CHANGE_PASSWORD_PATH = '/change/password';

/**
 * spec §4 candidate flow: after a sign-in with the temporary password the candidate "must change
 * it" before anything else. The init call says so (user.mustChangePassword), and so does any call
 * answered 403 PASSWORD_CHANGE_REQUIRED; every signed-in page but the change screen then leads there.
 */
export function RequirePasswordChanged() {
  const mustChange = useSessionStore((state) => state.isPasswordChangeRequired || state.init?.user.mustChangePassword === true);
  const { pathname } = useLocation();
  if (mustChange && pathname !== CHANGE_PASSWORD_PATH) return <Navigate to={CHANGE_PASSWORD_PATH} replace />;
  return <Outlet />;
}
