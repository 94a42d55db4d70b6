import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ROUTES } from '#shared/routes.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { notifyError } from '#web/lib/notify.ts';
import { isSigningOutOnPurpose, sessionEndReason, useSession } from './session.ts';

/**
 * Login-required pages (product §2): a spinner while the session is checked; without a session, or
 * when it is lost while the page is open, the 'Authentication Required' toast and /auth. A member
 * suspended meanwhile is told so instead (product §8).
 */
export function RequireAuth({ children }: { children: (userId: string, email: string) => ReactNode }) {
  const state = useSession();
  const navigate = useNavigate();

  useEffect(() => {
    if (state.status !== 'signed-out' || isSigningOutOnPurpose()) return;
    const reason = sessionEndReason();
    if (reason?.code === 'user_suspended') notifyError('Account suspended', reason.message);
    else notifyError('Authentication Required', 'Sign in or sign up to access this page.');
    navigate(ROUTES.auth, { replace: true });
  }, [state.status, navigate]);

  if (state.status !== 'signed-in') {
    return (
      <div className="grid min-h-[60vh] place-items-center">
        <Spinner label="Checking your session…" />
      </div>
    );
  }
  return <>{children(state.session.user.id, state.session.user.email)}</>;
}
