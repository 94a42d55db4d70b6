import { type ReactNode, useDeferredValue, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import { ROUTES } from '#shared/routes.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { authPathReturningTo } from '#web/lib/auth/auth-redirect.ts';
import { isSigningOutOnPurpose, sessionEndReason, useSession } from '#web/lib/auth/session.ts';
import { useSessionHint } from '#web/lib/auth/session-hint.ts';
import { cn } from '#web/lib/cn.ts';
import { notifyError } from '#web/lib/notify.ts';

/**
 * Without a session, or when it is lost while the page is open: the 'Authentication Required'
 * toast and /auth, which leads back here after signing in (product §2). A member suspended
 * meanwhile is told so instead (product §8).
 */
function useSignedOutRedirect(status: ReturnType<typeof useSession>['status']) {
  const navigate = useNavigate();
  // Read when the session ends, not a dependency: moving within the page must not redirect again.
  // A page still loading is where the visitor is going: signing in leads there, not back here
  // (unless it is /auth itself, this redirect under way: it must not name /auth as the way back).
  const here = useLocation();
  const goingTo = useNavigation().location;
  const location = useRef(here);
  location.current = goingTo && goingTo.pathname !== ROUTES.auth ? goingTo : here;
  useEffect(() => {
    if (status !== 'signed-out' || isSigningOutOnPurpose()) return;
    const reason = sessionEndReason();
    if (reason?.code === 'user_suspended') notifyError('Account suspended', reason.message);
    else notifyError('Authentication Required', 'Sign in or sign up to access this page.');
    navigate(authPathReturningTo(location.current), { replace: true });
  }, [status, navigate]);
}

function SessionSpinner({ className }: { className?: string }) {
  return (
    <div className={cn('grid min-h-[60vh] place-items-center', className)}>
      <Spinner label="Checking your session…" />
    </div>
  );
}

/** Login-required pages (product §2): a spinner while the session is checked, then the page or /auth. */
export function RequireAuth({ children }: { children: (userId: string, email: string) => ReactNode }) {
  const state = useSession();
  useSignedOutRedirect(state.status);
  if (state.status !== 'signed-in') return <SessionSpinner />;
  return <>{children(state.session.user.id, state.session.user.email)}</>;
}

const noSubscription = () => () => {};

/** False while the page is prerendered and hydrated, true once the app runs. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * A login-required page whose content is public (a tutorial, product §4): a browser that holds a
 * session sees the page at once, with `userId` null until the session is confirmed, so the first
 * paint needs neither the app's code nor the network (decision 011). The prerendered HTML carries
 * both the spinner and the page; the boot script's `data-session` marker shows one before paint
 * (site.css). Without a stored session it is RequireAuth: the spinner, the toast and /auth.
 *
 * Both wrappers are rendered in every state, only their classes change, so React keeps the page's
 * elements from the prerendered HTML on: nothing is painted twice.
 */
export function RequireAuthWithPreview({ children }: { children: (userId: string | null) => ReactNode }) {
  const state = useSession();
  const maybeSignedIn = useSessionHint();
  const hydrated = useHydrated();
  useSignedOutRedirect(state.status);
  // The page re-renders for the member in a transition, in slices a phone's main thread can take;
  // and not at all for the gate's own changes (hydration, the hint).
  const userId = useDeferredValue(state.status === 'signed-in' ? state.session.user.id : null);
  const page = useMemo(() => children(userId), [children, userId]);

  const shown = !hydrated
    ? 'by-marker'
    : state.status === 'signed-in' || (state.status === 'loading' && maybeSignedIn)
      ? 'page'
      : 'spinner';
  return (
    <>
      <SessionSpinner
        className={shown === 'by-marker' ? 'session-gate-spinner' : shown === 'page' ? 'hidden' : undefined}
      />
      <div className={shown === 'by-marker' ? 'session-gate-page' : shown === 'spinner' ? 'hidden' : undefined}>
        {page}
      </div>
    </>
  );
}
