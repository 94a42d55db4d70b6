import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '#shared/routes.ts';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { useSessionHint } from '#web/lib/auth/session-hint.ts';
import { cn } from '#web/lib/cn.ts';

const SignedInControls = lazy(() => import('./signed-in-controls.tsx'));

/**
 * Signed out: Login. Signed in: the member's name, leading to the dashboard (and Admin). The signed-in part
 * (and the session machinery) loads only when a session may exist; until it knows, the Login
 * button keeps the space, hidden by CSS when a session is stored, and the slot is as wide as the
 * signed-in controls can be (site.css), so nothing in the header moves when they come in.
 */
export function AccountControls() {
  const maybeSignedIn = useSessionHint();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const login = (
    <Link to={ROUTES.auth} className={buttonVariants({ size: 'touch', className: 'signed-out-only' })}>
      Login
    </Link>
  );
  const member = hydrated && maybeSignedIn;
  return (
    <div className={cn('account-slot min-w-0', member && 'account-slot-member')}>
      {member ? (
        <Suspense fallback={login}>
          <SignedInControls signedOut={login} />
        </Suspense>
      ) : (
        login
      )}
    </div>
  );
}
