import { Link } from 'react-router';
import { PROJECTS } from '#shared/content/projects.ts';
import { ROUTES, tutorialPath } from '#shared/routes.ts';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/cn.ts';
import { useProgress } from '../api/progress.ts';
import { buildsByRecency } from '../lib/builds.ts';
import { ProgressMeter } from './progress-meter.tsx';
import { ProjectArt } from './project-art.tsx';
import { PROJECT_COLOR_CLASSES } from './project-style.ts';

function continueLabel(continueStep: number | null, complete: boolean): string {
  if (complete) return 'Open again';
  return continueStep === null ? 'Start building' : `Continue at step ${continueStep}`;
}

/**
 * The dashboard's lead: every project with a tick, how far it is, and where to go on; those in
 * progress first, the one touched last first of all, with its next step as the page's main button.
 */
export function YourBuilds({ userId }: { userId: string }) {
  const progress = useProgress(userId);
  const builds = buildsByRecency(progress.data, PROJECTS);

  return (
    <section aria-labelledby="builds-heading" className="tray flex min-w-0 flex-col gap-5 p-6">
      <h2 id="builds-heading" className="font-display text-2xl font-semibold">
        Your builds
      </h2>
      {progress.isPending ? (
        <Spinner label="Loading your builds…" />
      ) : progress.isError ? (
        <div role="alert">
          <p className="font-semibold">We could not load your builds.</p>
          <Button variant="secondary" className="mt-4" onClick={() => progress.refetch()}>
            Try again
          </Button>
        </div>
      ) : builds.length === 0 ? (
        <p className="text-muted">
          Nothing on the workbench yet: open a tutorial and tick the steps as you build.{' '}
          <Link to={ROUTES.projects} className="font-semibold text-accent underline-offset-4 hover:underline">
            Pick a project
          </Link>
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {builds.map(({ project, progress: { stepsDone, stepCount, continueStep, complete } }, index) => {
            const lead = index === 0 && !complete;
            return (
              <li
                key={project.id}
                className={cn(
                  'flex min-w-0 flex-col gap-3 rounded-xl border bg-surface-2/60 p-4',
                  lead ? 'border-accent/70 sm:col-span-2' : 'border-border',
                )}
                data-build={project.slug}
              >
                <div className="flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className={cn(
                      'grid size-10 shrink-0 place-items-center rounded-xl ring-1',
                      PROJECT_COLOR_CLASSES[project.color].tile,
                    )}
                  >
                    <ProjectArt project={project} size={32} className="size-8" />
                  </span>
                  <h3 className="min-w-0 font-display text-lg leading-tight font-semibold">{project.title}</h3>
                </div>
                <div>
                  <p className="text-sm text-muted">
                    {complete ? 'Every step done' : `${stepsDone} of ${stepCount} steps done`}
                  </p>
                  <ProgressMeter
                    className="mt-1.5"
                    done={stepsDone}
                    total={stepCount}
                    label={`${project.title}: your progress`}
                  />
                </div>
                <Link
                  to={tutorialPath(project.slug)}
                  className={
                    lead
                      ? buttonVariants({ className: 'self-start' })
                      : 'inline-flex min-h-11 items-center gap-1 self-start rounded-lg font-semibold text-accent underline-offset-4 hover:underline'
                  }
                  aria-label={`${continueLabel(continueStep, complete)}: ${project.title}`}
                >
                  {continueLabel(continueStep, complete)} <span aria-hidden="true">→</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
