import { ArrowRight, LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router';
import { PROJECTS } from '#shared/content/projects.ts';
import { ROUTES, tutorialPath } from '#shared/routes.ts';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { useAccount } from '#web/features/account/api/account.ts';
import { useProfile } from '#web/features/profile/api/profile.ts';
import { useProgress } from '#web/features/projects/api/progress.ts';
import { buildsByRecency } from '#web/features/projects/lib/builds.ts';
import { useSession } from '#web/lib/auth/session.ts';
import { displayName } from '#web/lib/display-name.ts';
import { QueryProvider } from '#web/lib/query-client.tsx';

/** The primary button's look, with room for a long title to wrap (the base button keeps one line). */
const continueClass =
  'inline-flex min-h-12 items-center gap-2 rounded-xl bg-cta px-5 py-2.5 text-left font-semibold text-cta-text shadow-[0_8px_24px_-12px_var(--cta)] transition-colors hover:bg-cta-hover [&_svg]:size-4 [&_svg]:shrink-0';

function Greeting() {
  const { status, session } = useSession();
  const userId = session?.user.id ?? null;
  const profile = useProfile(userId);
  const progress = useProgress(userId);
  const account = useAccount(userId);
  // Nothing until the name and the builds are known, so nothing changes once shown (the slot holds the place).
  if (status !== 'signed-in' || profile.isPending || progress.isPending || account.isPending) return null;

  const name = displayName(profile.data?.username, session.user.email, account.data?.display_name);
  const next = buildsByRecency(progress.data, PROJECTS).find((build) => !build.progress.complete);
  const step = next ? (next.progress.continueStep ?? 1) : null;
  return (
    <section
      aria-labelledby="welcome-heading"
      className="flex flex-1 items-center border-b border-border/70"
      data-testid="welcome-back"
    >
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-6 sm:px-6 lg:flex-row lg:items-center lg:justify-between lg:gap-8">
        <div className="min-w-0">
          <h2 id="welcome-heading" className="font-display">
            <span className="label-mono block text-accent">Welcome back,</span>
            {/* A long name is cut short on screen; the heading (and its title) carry it whole. */}
            <span className="mt-1 block truncate text-2xl font-bold" title={name}>
              {name}
            </span>
          </h2>
          <p className="mt-1 text-muted">
            {next
              ? `${next.progress.stepsDone} of ${next.progress.stepCount} steps of ${next.project.title} done.`
              : 'Pick a build, then tick its steps as you go: we keep your place.'}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-3">
          {next && step !== null ? (
            <Link to={tutorialPath(next.project.slug)} className={continueClass} prefetch="intent">
              <span>
                Continue {next.project.title} at step {step}
              </span>
              <ArrowRight aria-hidden="true" />
            </Link>
          ) : (
            <Link to={ROUTES.projects} className={continueClass} prefetch="intent">
              <span>Pick a build</span>
              <ArrowRight aria-hidden="true" />
            </Link>
          )}
          <Link to={ROUTES.dashboard} className={buttonVariants({ variant: 'secondary' })} prefetch="intent">
            <LayoutDashboard aria-hidden="true" />
            Your dashboard
          </Link>
        </div>
      </div>
    </section>
  );
}

/**
 * The home page's greeting for a signed-in member (issue 23): their name and where they left off.
 * Loaded only when a session may exist, after the session check, so `/`'s first paint and script
 * budget stay those of the anonymous page.
 */
export default function WelcomeBack() {
  return (
    <QueryProvider>
      <Greeting />
    </QueryProvider>
  );
}
