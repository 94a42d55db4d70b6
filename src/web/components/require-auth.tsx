import { type ReactNode, useContext, useDeferredValue, useEffect, useMemo, useSyncExternalStore } from 'react';
import { type DataRouter, type Location, UNSAFE_DataRouterContext, useNavigate } from 'react-router';
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
  const router = useDataRouter();
  useEffect(() => {
    if (status !== 'signed-out' || isSigningOutOnPurpose()) return;
    const reason = sessionEndReason();
    if (reason?.code === 'user_suspended') notifyError('Account suspended', reason.message);
    else notifyError('Authentication Required', 'Sign in or sign up to access this page.');
    navigate(authPathReturningTo(whereTheVisitorIsGoing(router)), { replace: true });
  }, [status, navigate, router]);
}

/**
 * A page still loading is where the visitor is going: signing in leads there, not back to the page
 * being left (unless it is /auth itself, this redirect under way). Read from the router when the
 * session ends, not from what was drawn: React draws a navigation in a transition, which a busy
 * phone may not have committed yet when another tab signs out (useNavigation() still says idle).
 */
function whereTheVisitorIsGoing(router: DataRouter): Location {
  const { navigation, location } = router.state;
  return navigation.location && navigation.location.pathname !== ROUTES.auth ? navigation.location : location;
}

function useDataRouter(): DataRouter {
  // Exported as UNSAFE_ because a data router's internals may change; `state` is its documented shape.
  const context = useContext(UNSAFE_DataRouterContext);
  if (!context) throw new Error('RequireAuth needs a data router');
  return context.router;
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
