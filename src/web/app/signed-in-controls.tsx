import { useQueryClient } from '@tanstack/react-query';
import { GraduationCap, LayoutDashboard, ShieldCheck } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
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
import { displayName } from '#web/lib/display-name.ts';
import { leftToTheNextPage } from '#web/lib/interrupted-load.ts';
import { notifyInfo } from '#web/lib/notify.ts';
import { onBackOnline } from '#web/lib/offline/connectivity.ts';
import { QueryProvider } from '#web/lib/query-client.tsx';

/**
 * A learner's "Ask for help" on tutorial pages (product D16): loaded here, for a learner's session
 * only (a learner has no e-mail), so no tutorial page carries its code.
 */
const LearnerHelp = lazy(() => import('./learner-help.tsx'));

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

/**
 * At the start of every page of a signed-in member, and when the network is back: the sketch changes
 * an earlier visit left waiting on this device go to the account, not only when that sketch is opened
 * again (issue 43). The sync is a chunk of its own, loaded once the page has started.
 */
function useSendWaitingSketches(userId: string | null) {
  useEffect(() => {
    if (userId === null) return;
    let cancelled = false;
    const send = () => {
      import('#web/lib/sketch-sync.ts')
        .then(async ({ sendWaitingDrafts }) => {
          if (cancelled) return;
          for (const name of await sendWaitingDrafts(userId)) {
            notifyInfo(
              'Changed on two devices',
              `This device’s version is saved; the other device’s is kept in your sketches as “${name}”.`,
            );
          }
        }, leftToTheNextPage)
        // What could not be sent stays on the device for the next start.
        .catch(() => undefined);
    };
    send();
    const undo = onBackOnline(send);
    return () => {
      cancelled = true;
      undo();
    };
  }, [userId]);
}

function Controls({ signedOut }: { signedOut: ReactNode }) {
  const { status, session } = useSession();
  const userId = session?.user.id ?? null;
  const profile = useProfile(userId);
  // The role as the database holds it now: the Admin link shows for administrators only (product §2).
  const account = useAccount(userId).data;
  const role = account?.role;
  const isAdmin = role === 'admin';
  // Teachers and administrators run classes (product D16).
  const teaches = role === 'teacher' || role === 'admin';
  // On every page of a signed-in member: send what an earlier visit left waiting (product D15).
  usePendingChangesSync(userId);
  useSendWaitingSketches(userId);
  useKeepPersonalDataForOffline(userId);
  useEffect(() => {
    if (status !== 'loading') clearSessionMarker();
  }, [status]);

  if (status !== 'signed-in') return signedOut;
  const name = displayName(profile.data?.username, session.user.email, account?.display_name);
  // The member's name is the way to their dashboard (issue 23: a chip that looked like a button and
  // did nothing). A long name is cut short on screen; the link's name and title carry it whole.
  return (
    <div className="flex min-w-0 items-center gap-1.5">
      <Link
        to={ROUTES.dashboard}
        className={buttonVariants({ size: 'touch', variant: 'secondary', shrink: true })}
        title={`Dashboard · ${name}`}
        prefetch="intent"
      >
        <LayoutDashboard aria-hidden="true" />
        <span className="sr-only">Dashboard, signed in as </span>
        <span className="max-w-[11rem] truncate" data-testid="user-chip">
          {name}
        </span>
      </Link>
      {teaches ? (
        <Link
          to={ROUTES.classes}
          // An administrator's bar has Admin too: below 1024 px there is room for one of them, and the
          // administration page links to the classes.
          className={buttonVariants({
            size: 'touch',
            variant: 'secondary',
            className: isAdmin ? 'max-lg:hidden' : 'max-lg:w-11 max-lg:px-0',
          })}
          prefetch="intent"
        >
          <GraduationCap aria-hidden="true" />
          <span className="max-lg:sr-only">Classes</span>
        </Link>
      ) : null}
      {isAdmin ? (
        <Link
          to={ROUTES.admin}
          className={buttonVariants({ size: 'touch', variant: 'secondary', className: 'max-lg:w-11 max-lg:px-0' })}
          prefetch="intent"
        >
          <ShieldCheck aria-hidden="true" />
          <span className="max-lg:sr-only">Admin</span>
        </Link>
      ) : null}
      {session.user.email === '' ? (
        <Suspense fallback={null}>
          <LearnerHelp userId={session.user.id} />
        </Suspense>
      ) : null}
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
