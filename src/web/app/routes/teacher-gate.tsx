import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ROUTES } from '#shared/routes.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAccount } from '#web/features/account/api/account.ts';
import { isSigningOutOnPurpose, useSession } from '#web/lib/auth/session.ts';
import { notifyError } from '#web/lib/notify.ts';

function Gate({ userId, children }: { userId: string; children: (userId: string) => ReactNode }) {
  const account = useAccount(userId);
  if (account.isPending) {
    return (
      <div className="grid min-h-[60vh] place-items-center">
        <Spinner label="Checking your account…" />
      </div>
    );
  }
  if (account.data?.role === 'teacher' || account.data?.role === 'admin') return <>{children(userId)}</>;
  if (account.data) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <p className="text-5xl" aria-hidden="true">
          🧑‍🏫
        </p>
        <h1 className="mt-4 font-display text-3xl font-bold">Classes are for teachers</h1>
        <p className="mt-3 text-muted">
          Ask your club’s administrator to make your account a teacher’s. Then you can create classes here, add your
          pupils and follow their builds live.
        </p>
      </div>
    );
  }
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-32 text-center">
      <p className="font-display text-2xl font-bold">We could not load this page.</p>
      <Button variant="secondary" className="mt-6" onClick={() => account.refetch()}>
        Try again
      </Button>
    </div>
  );
}

/**
 * Teachers' pages (product D16): signed in, and a teacher or an administrator as the database says now.
 * Signed out: the protected pages' toast and `/auth` (product §2). Not lib's RequireAuth: importing it
 * here would move it out of the chunk the projects pages share with it (scripts/bundle-budget.ts).
 */
export function TeacherGate({ children }: { children: (userId: string) => ReactNode }) {
  const { status, session } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (status !== 'signed-out' || isSigningOutOnPurpose()) return;
    notifyError('Authentication Required', 'Sign in or sign up to access this page.');
    navigate(ROUTES.auth, { replace: true });
  }, [status, navigate]);
  if (status !== 'signed-in') {
    return (
      <div className="grid min-h-[60vh] place-items-center">
        <Spinner label="Checking your session…" />
      </div>
    );
  }
  return <Gate userId={session.user.id}>{children}</Gate>;
}
