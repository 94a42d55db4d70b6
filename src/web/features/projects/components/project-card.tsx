import { Heart } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { STEP_PREVIEW_COUNT } from '#shared/constants.ts';
import type { Project } from '#shared/content/projects.ts';
import { buildSteps } from '#shared/content/steps.ts';
import { tutorialPath } from '#shared/routes.ts';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { ExpandToggle } from '#web/components/ui/expand-toggle.tsx';
import { cn } from '#web/lib/cn.ts';
import { DifficultyBadge } from './difficulty-badge.tsx';
import { ProgressMeter } from './progress-meter.tsx';
import { PROJECT_COLOR_CLASSES } from './project-style.ts';
import { VideoFacade } from './video-facade.tsx';

interface ProjectCardProps {
  project: Project;
  /** Steps the learner has marked done, once the progress has loaded. */
  stepsDone: number;
  bookmarked: boolean;
  bookmarkPending: boolean;
  onToggleBookmark: () => void;
}

export function ProjectCard({ project, stepsDone, bookmarked, bookmarkPending, onToggleBookmark }: ProjectCardProps) {
  const [expanded, setExpanded] = useState(false);
  const stepsId = useId();
  const headingId = useId();
  const colors = PROJECT_COLOR_CLASSES[project.color];
  const steps = buildSteps(project);
  const stepCount = steps.filter((step) => step.number !== null).length;
  const shownSteps = expanded ? steps : steps.slice(0, STEP_PREVIEW_COUNT);
  const hiddenCount = steps.slice(STEP_PREVIEW_COUNT).filter((step) => step.number !== null).length;

  return (
    <article aria-labelledby={headingId} className="tray tray-interactive relative flex flex-col overflow-hidden">
      <div className={cn('h-1', colors.edge)} aria-hidden="true" />
      <div className="flex flex-col gap-5 p-5 sm:p-6">
        <header className="flex items-start gap-4">
          <span
            className={cn('grid size-14 shrink-0 place-items-center rounded-2xl ring-1', colors.tile)}
            aria-hidden="true"
          >
            <img src={`/art/${project.slug}.svg`} alt="" width="48" height="48" />
          </span>
          <div className="min-w-0 flex-1">
            <DifficultyBadge difficulty={project.difficulty} />
            <h2 id={headingId} className="mt-1.5 font-display text-xl leading-tight font-semibold">
              {project.title}
            </h2>
          </div>
          <Button
            variant="ghost"
            size="icon"
            className={cn('-mt-1 -mr-2', bookmarked && 'text-red-600 dark:text-red-400')}
            aria-pressed={bookmarked}
            aria-label={bookmarked ? `Remove ${project.title} from bookmarks` : `Bookmark ${project.title}`}
            aria-busy={bookmarkPending}
            disabled={bookmarkPending}
            onClick={onToggleBookmark}
            data-bookmark={project.id}
          >
            <Heart className={cn('!size-5', bookmarked && 'fill-current')} aria-hidden="true" />
          </Button>
        </header>

        <p className="leading-relaxed text-muted">{project.description}</p>

        <div className="-mt-1 flex flex-wrap items-center gap-x-5 gap-y-3">
          <Link
            to={tutorialPath(project.slug)}
            prefetch="intent"
            className={buttonVariants({ variant: 'secondary', size: 'sm' })}
            aria-label={`Open the full tutorial: ${project.title}`}
          >
            Open the full tutorial <span aria-hidden="true">→</span>
          </Link>
          {stepsDone > 0 ? (
            <div className="min-w-36 flex-1">
              <p className="text-sm font-semibold">
                {stepsDone} of {stepCount} steps
              </p>
              <ProgressMeter
                className="mt-1.5 h-1.5 max-w-56"
                done={stepsDone}
                total={stepCount}
                label={`${project.title}: your progress`}
              />
            </div>
          ) : null}
        </div>

        <VideoFacade project={project} />

        <section>
          <h3 className="font-display text-lg font-semibold">Materials Needed</h3>
          <ul className="mt-2 flex flex-col gap-1.5 text-[0.95rem]">
            {project.materials.map((material) => (
              <li key={material} className="flex gap-2.5">
                <span className="mt-2 size-1.5 shrink-0 rounded-full bg-accent" aria-hidden="true" />
                <span>{material}</span>
              </li>
            ))}
          </ul>
        </section>

        <section>
          <h3 className="font-display text-lg font-semibold">Build Steps</h3>
          <ol id={stepsId} className="mt-3 flex flex-col gap-3">
            {shownSteps.map(({ index, number, text }) => (
              <li key={index} className="flex gap-3">
                {number === null ? (
                  // A sign drawn in type, not an icon: the catalog's JavaScript stays within its budget.
                  <span className="safety-badge font-mono text-sm font-black" aria-hidden="true">
                    !
                  </span>
                ) : (
                  <span
                    className="grid h-7 w-9 shrink-0 place-items-center rounded-md border border-border bg-surface-2 font-mono text-xs font-bold text-accent"
                    aria-hidden="true"
                  >
                    {String(number).padStart(2, '0')}
                  </span>
                )}
                <span className="text-[0.95rem] leading-relaxed">
                  <span className="sr-only">{number === null ? 'Safety warning' : `Step ${number}`}: </span>
                  {text}
                </span>
              </li>
            ))}
          </ol>
          {!expanded && hiddenCount > 0 ? (
            <p className="mt-3 text-sm text-muted">... and {hiddenCount} more steps</p>
          ) : null}
          {hiddenCount > 0 ? (
            <ExpandToggle
              look="button"
              className="mt-4"
              expanded={expanded}
              onExpandedChange={setExpanded}
              controls={stepsId}
              moreLabel="View Full Tutorial"
            />
          ) : null}
        </section>
      </div>
    </article>
  );
}
