import { useQueryClient } from '@tanstack/react-query';
import { CircuitBoard, LogOut } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useNavigate } from 'react-router';
import { ROUTES } from '#shared/routes.ts';
import { RequireAuth } from '#web/components/require-auth.tsx';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { invalidateProfiles } from '#web/features/people/api/profiles.ts';
import { useProfile } from '#web/features/profile/api/profile.ts';
import { ProfileCard } from '#web/features/profile/components/profile-card.tsx';
import { BookmarksSummary } from '#web/features/projects/components/bookmarks-summary.tsx';
import { YourBuilds } from '#web/features/projects/components/your-builds.tsx';
import { signOut, useSession } from '#web/lib/auth/session.ts';
import { notifyInfo } from '#web/lib/notify.ts';
import { QueryProvider } from '#web/lib/query-client.tsx';
import { pageMeta, SITE_NAME } from '#web/lib/site.ts';

// A learner's card, for learners only (product D16): members' dashboards do not load it.
const LearnerClassCard = lazy(() =>
  import('#web/features/learner-help/components/learner-class-card.tsx').then((module) => ({
    default: module.LearnerClassCard,
  })),
);

// Below the fold, with its forms and dialog: loaded after the rest of the dashboard.
const AccountSettings = lazy(() =>
  import('#web/features/account/components/account-settings.tsx').then((module) => ({
    default: module.AccountSettings,
  })),
);

export const meta = () => pageMeta('Dashboard', `Your ${SITE_NAME} profile, saved projects and builds in progress.`);

function Dashboard({ userId, email }: { userId: string; email: string }) {
  const navigate = useNavigate();
  const profile = useProfile(userId);
  // A learner's account is their class's (product D16): no profile to edit, no password, no self-service
  // (the server refuses those calls to a learner). A learner's session names no e-mail: they have none.
  const isLearner = useSession().session?.user.email === '';
  const queryClient = useQueryClient();
  // The community list shows this profile too.
  const refreshCommunityList = () => void invalidateProfiles(queryClient);

  async function logout() {
    await signOut();
    notifyInfo('Logged out', 'You have been successfully logged out');
    navigate(ROUTES.home);
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <div>
        <p className="label-mono text-accent">Dashboard</p>
        <h1 className="mt-2 font-display text-4xl font-bold">Your workbench</h1>
      </div>
      {/* What a returning learner came for leads; their account's details and settings follow, quieter (issue 23). */}
      <div className="mt-8">
        <YourBuilds userId={userId} />
      </div>
      <div className="tray mt-6 flex flex-wrap items-center gap-4 p-5">
        <CircuitBoard aria-hidden="true" className="size-8 shrink-0 text-accent" />
        {/* A basis of its own: on a phone the button wraps below rather than squeezing the words a line each. */}
        <div className="min-w-0 flex-1 basis-56">
          <h2 className="font-display text-lg font-semibold">Playground</h2>
          <p className="text-sm text-muted">
            Write your own programs for the trainer board, or for any tutorial’s robot, and run them in the simulator.
          </p>
        </div>
        <Link to={ROUTES.playground} className={buttonVariants({ variant: 'secondary' })} prefetch="intent">
          Open the playground
        </Link>
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <BookmarksSummary userId={userId} />
        {isLearner ? (
          <Suspense
            fallback={
              <div className="tray grid min-h-64 place-items-center p-6">
                <Spinner label="Loading your class…" />
              </div>
            }
          >
            <LearnerClassCard userId={userId} username={profile.data?.username ?? undefined} />
          </Suspense>
        ) : profile.data ? (
          <ProfileCard profile={profile.data} email={email} onSaved={refreshCommunityList} />
        ) : profile.isError ? (
          <div role="alert" className="tray p-6">
            <p className="font-semibold">We could not load your profile.</p>
            <Button variant="secondary" className="mt-4" onClick={() => profile.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <div className="tray grid min-h-64 place-items-center p-6">
            <Spinner label="Loading your profile…" />
          </div>
        )}
      </div>
      <div className={isLearner ? 'hidden' : 'mt-12'}>
        <Suspense
          fallback={
            <div className="grid min-h-72 place-items-center p-6">
              <Spinner label="Loading your account settings…" />
            </div>
          }
        >
          {isLearner ? null : <AccountSettings />}
        </Suspense>
      </div>
      {/* Last, and quiet: what a member does when leaving, not what the page is for (issue 36). */}
      <div className="mt-12 flex flex-wrap items-center justify-between gap-3 border-t border-border pt-6">
        <p className="text-sm text-muted">On a shared computer? Log out when you are done.</p>
        <Button variant="ghost" onClick={logout}>
          <LogOut aria-hidden="true" /> Logout
        </Button>
      </div>
    </div>
  );
}

export default function DashboardRoute() {
  return (
    <QueryProvider>
      <RequireAuth>{(userId, email) => <Dashboard userId={userId} email={email} />}</RequireAuth>
    </QueryProvider>
  );
}
