import { Link } from 'react-router';
import { findProject, type Project } from '#shared/content/projects.ts';
import { tutorialPath } from '#shared/routes.ts';
import { cn } from '#web/lib/cn.ts';
import { DifficultyBadge } from './difficulty-badge.tsx';
import { ProjectArt } from './project-art.tsx';
import { PROJECT_COLOR_CLASSES } from './project-style.ts';

/** Where a lost visitor can start (the 404 page, an empty search): the first build of each of the two entry levels, and a robot that moves. */
const STARTER_IDS = [1, 2, 5] as const;
const STARTERS: readonly Project[] = STARTER_IDS.map((id) => findProject(id)).filter(
  (project): project is Project => project !== undefined,
);

/** A short list of builds to try, each a link to its tutorial (which asks a signed-out visitor to sign in first). */
export function ProjectsToTry({ headingId, className }: { headingId: string; className?: string }) {
  return (
    <section aria-labelledby={headingId} className={cn('w-full', className)}>
      <h2 id={headingId} className="font-display text-lg font-semibold">
        Projects to try
      </h2>
      <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
        {STARTERS.map((project) => (
          <li key={project.id} className="min-w-0">
            <Link
              to={tutorialPath(project.slug)}
              className="tray tray-interactive flex h-full min-h-11 items-center gap-3 p-3 text-left"
              prefetch="intent"
            >
              <span
                aria-hidden="true"
                className={cn(
                  'grid size-11 shrink-0 place-items-center rounded-xl ring-1',
                  PROJECT_COLOR_CLASSES[project.color].tile,
                )}
              >
                <ProjectArt project={project} size={36} className="size-9" />
              </span>
              <span className="flex min-w-0 flex-col items-start gap-1">
                <span className="font-semibold leading-tight">{project.title}</span>
                <DifficultyBadge difficulty={project.difficulty} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
