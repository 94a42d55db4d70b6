import { Search, X } from 'lucide-react';
import { lazy, Suspense, useId } from 'react';
import { useSearchParams } from 'react-router';
import { DIFFICULTIES, PROJECTS } from '#shared/content/projects.ts';
import { Button } from '#web/components/ui/button.tsx';
import { inputClass } from '#web/components/ui/field.tsx';
import { sessionManager } from '#web/lib/auth/session.ts';
import { cn } from '#web/lib/cn.ts';
import { notifyError } from '#web/lib/notify.ts';
import { useBookmarks, useToggleBookmark } from '../api/bookmarks.ts';
import { useProgress } from '../api/progress.ts';
import { ALL_LEVELS, filterProjects, parseLevel } from '../lib/filter-projects.ts';
import { projectProgress } from '../lib/progress.ts';
import { ProjectCard } from './project-card.tsx';

/** Shown only when a search finds nothing: a chunk of its own. */
const ProjectsToTry = lazy(() => import('./projects-to-try.tsx').then((module) => ({ default: module.ProjectsToTry })));

/** The nine tutorials with search and level filter; both live in the URL (product D7). */
export function ProjectBrowser({ userId }: { userId: string }) {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const level = parseLevel(params.get('level'));
  const projects = filterProjects(PROJECTS, query, level);
  const searchId = useId();
  const levelId = useId();

  const bookmarks = useBookmarks(userId);
  const toggle = useToggleBookmark(userId);
  const bookmarked = new Set(bookmarks.data?.map((b) => b.project_id));
  const progress = useProgress(userId);

  function update(name: 'q' | 'level', value: string) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === '' || value === ALL_LEVELS) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  function toggleBookmark(projectId: number) {
    // Protected pages already require a session; this covers one that just ended.
    if (!sessionManager().getSession()) {
      notifyError('Sign in required', 'Please sign in to bookmark projects');
      return;
    }
    toggle.mutate({ projectId, bookmarked: bookmarked.has(projectId) });
  }

  return (
    <section aria-labelledby="projects-heading" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <p className="label-mono text-accent">Build library</p>
      <h1 id="projects-heading" className="mt-2 font-display text-4xl font-bold sm:text-5xl">
        Robot Projects
      </h1>
      <p className="mt-3 max-w-2xl text-lg text-muted">
        Nine step-by-step builds, from your first sensor to a robot that helps people. Pick one that matches your level.
      </p>

      <search className="mt-8 flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <label htmlFor={searchId} className="sr-only">
            Search projects
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-muted"
            aria-hidden="true"
          />
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => update('q', event.target.value)}
            placeholder="Search projects..."
            className={cn(inputClass, 'pl-11')}
            autoComplete="off"
          />
        </div>
        <div className="sm:w-56">
          <label htmlFor={levelId} className="sr-only">
            Level
          </label>
          <select
            id={levelId}
            value={level}
            onChange={(event) => update('level', event.target.value)}
            className={cn(inputClass, 'appearance-auto')}
          >
            <option value={ALL_LEVELS}>{ALL_LEVELS}</option>
            {DIFFICULTIES.map((difficulty) => (
              <option key={difficulty} value={difficulty}>
                {difficulty}
              </option>
            ))}
          </select>
        </div>
      </search>
      <p className="mt-4 text-sm text-muted" aria-live="polite">
        {projects.length === PROJECTS.length
          ? `Showing all ${PROJECTS.length} projects`
          : `Showing ${projects.length} of ${PROJECTS.length} projects`}
      </p>

      {projects.length === 0 ? (
        <div className="tray bg-blueprint mt-8 flex flex-col items-center gap-4 px-4 py-10 text-center sm:px-6">
          <img src="/robot-hero.svg" alt="" width={240} height={320} className="h-32 w-auto -rotate-6" />
          <p className="font-display text-xl font-semibold [overflow-wrap:anywhere]">
            No projects found matching your criteria
          </p>
          <p className="max-w-md text-muted">Clear the search to see all nine, or start with one of these.</p>
          <Button variant="secondary" onClick={() => setParams({}, { replace: true })}>
            <X aria-hidden="true" /> Clear search and filter
          </Button>
          <Suspense fallback={null}>
            <ProjectsToTry headingId="no-match-suggestions" className="mt-4" />
          </Suspense>
        </div>
      ) : (
        // Cards in a row are as tall as the taller one: the two columns have no holes (issue 23).
        <div className="mt-8 grid gap-6 lg:grid-cols-2">
          {projects.map((project) => (
            <ProjectCard
              key={project.id}
              project={project}
              stepsDone={projectProgress(progress.data, project).stepsDone}
              bookmarked={bookmarked.has(project.id)}
              bookmarkPending={toggle.isPending && toggle.variables?.projectId === project.id}
              onToggleBookmark={() => toggleBookmark(project.id)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
