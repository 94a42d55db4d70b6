import { useQueryClient } from '@tanstack/react-query';
import { GraduationCap, LayoutDashboard, ShieldCheck } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '#shared/routes.ts';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { accountQueryOptions, useAccount } from '#web/features/account/api/account.ts';
import { profileQueryOptions, useProfile } from '#web/features/profile/api/profile.ts';
import { bookmarksQueryOptions } from '#web/features/projects/api/bookmarks.ts';
import { usePendingChangesSync } from '#web/features/projects/api/pending-changes.ts';
import { progressQueryOptions } from '#web/features/projects/api/progress.ts';
import { useSession } from '#web/lib/auth/session.ts';
import { clearSessionMarker } from '#web/lib/auth/session-hint.ts';
import { leftToTheNextPage } from '#web/lib/interrupted-load.ts';
import { QueryProvider } from '#web/lib/query-client.tsx';

/** The chip's name: the username, or the e-mail before the @ (product §2). */
function displayName(username: string | null | undefined, email: string): string {
  return username?.trim() || email.split('@')[0] || email;
}

/**
 * The first time the service worker takes control (a first visit), the member's own reads went
 * past it: read them again through it, so the tutorials, dashboard and navigation have them
 * offline (product D15).
 */
function useKeepPersonalDataForOffline(userId: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === null || !('serviceWorker' in navigator)) return;
    let undo: (() => void) | null = null;
    let cancelled = false;
    import('#web/lib/offline/service-worker.ts').then(({ onFirstServiceWorkerControl }) => {
      if (cancelled) return;
      undo = onFirstServiceWorkerControl(() => {
        const ignore = () => undefined;
        void queryClient.fetchQuery({ ...progressQueryOptions(userId), staleTime: 0 }).catch(ignore);
        void queryClient.fetchQuery({ ...bookmarksQueryOptions(userId), staleTime: 0 }).catch(ignore);
        void queryClient.fetchQuery({ ...profileQueryOptions(userId), staleTime: 0 }).catch(ignore);
        void queryClient.fetchQuery({ ...accountQueryOptions(userId), staleTime: 0 }).catch(ignore);
      });
    }, leftToTheNextPage);
    return () => {
      cancelled = true;
      undo?.();
    };
  }, [queryClient, userId]);
}

function Controls({ signedOut }: { signedOut: ReactNode }) {
  const { status, session } = useSession();
  const userId = session?.user.id ?? null;
  const profile = useProfile(userId);
  // The role as the database holds it now: the Admin link shows for administrators only (product §2).
  const role = useAccount(userId).data?.role;
  const isAdmin = role === 'admin';
  // Teachers and administrators run classes (product D16).
  const teaches = role === 'teacher' || role === 'admin';
  // An administrator's bar holds one more button (Classes and Admin): the name chip gives way on a 320 px phone.
  // On every page of a signed-in member: send what an earlier visit left waiting (product D15).
  usePendingChangesSync(userId);
  useKeepPersonalDataForOffline(userId);
  useEffect(() => {
    if (status !== 'loading') clearSessionMarker();
  }, [status]);

  if (status !== 'signed-in') return signedOut;
  return (
    <div className="flex items-center gap-1.5">
      <Link to={ROUTES.dashboard} className={buttonVariants({ size: 'sm', variant: 'secondary' })} prefetch="intent">
        <LayoutDashboard aria-hidden="true" />
        <span className="max-sm:sr-only">Dashboard</span>
      </Link>
      {teaches ? (
        <Link to={ROUTES.classes} className={buttonVariants({ size: 'sm', variant: 'secondary' })} prefetch="intent">
          <GraduationCap aria-hidden="true" />
          <span className="max-sm:sr-only">Classes</span>
        </Link>
      ) : null}
      {isAdmin ? (
        <Link to={ROUTES.admin} className={buttonVariants({ size: 'sm', variant: 'secondary' })} prefetch="intent">
          <ShieldCheck aria-hidden="true" />
          <span className="max-sm:sr-only">Admin</span>
        </Link>
      ) : null}
      <span
        className={`label-mono inline-block ${isAdmin ? 'max-w-[4.5rem]' : 'max-w-[5.5rem]'} truncate rounded-full border border-border bg-surface-2 px-3 py-1.5 normal-case tracking-normal text-text sm:max-w-[11rem]`}
        title="Signed in"
        data-testid="user-chip"
      >
        {displayName(profile.data?.username, session.user.email)}
      </span>
    </div>
  );
}

/** Loaded only when a session may exist (see session-hint.ts). */
export default function SignedInControls({ signedOut }: { signedOut: ReactNode }) {
  return (
    <QueryProvider>
      <Controls signedOut={signedOut} />
    </QueryProvider>
  );
}
