import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { FullPageLoader } from '../components/full-page-loader';
import { useSessionStore } from '../stores/session-store';

/**
 * Admin screens need a signed-in member of staff; others go to the sign-in screen and come back.
 * A password reset by another member of staff is changed first (the API refuses the rest).
 */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const status = useSessionStore((state) => state.status);
  const mustChangePassword = useSessionStore((state) => state.session?.user.mustChangePassword === true);
  const location = useLocation();
  if (status === 'starting') return <FullPageLoader />;
  if (status === 'signed-out') return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (mustChangePassword) return <Navigate to="/change-password" replace state={{ from: location.pathname + location.search }} />;
  return children;
}

/** The password change screen: only while a signed-in user must change the password. */
export function PasswordChangeOnly({ children }: { children: ReactNode }) {
  const status = useSessionStore((state) => state.status);
  const mustChangePassword = useSessionStore((state) => state.session?.user.mustChangePassword === true);
  const location = useLocation();
  if (status === 'starting') return <FullPageLoader />;
  if (status === 'signed-out') return <Navigate to="/login" replace />;
  if (!mustChangePassword) {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={from?.startsWith('/admin') ? from : '/admin'} replace />;
  }
  return children;
}

/** Spec §2: a signed-in user does not get the sign-in screen. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const status = useSessionStore((state) => state.status);
  const location = useLocation();
  if (status === 'starting') return <FullPageLoader />;
  if (status === 'signed-in') {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={from?.startsWith('/admin') ? from : '/admin'} replace />;
  }
  return children;
}
