import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import { findProject } from '#shared/content/projects.ts';
import { ROUTES, tutorialPath } from '#shared/routes.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useBookmarks } from '../api/bookmarks.ts';
import { ProjectArt } from './project-art.tsx';

/** The dashboard's bookmarks card: the count and every bookmarked project's real title (product D3). */
export function BookmarksSummary({ userId }: { userId: string }) {
  const bookmarks = useBookmarks(userId);
  const saved = bookmarks.data ?? [];

  return (
    <section aria-labelledby="bookmarks-heading" className="tray flex min-w-0 flex-col gap-5 p-6">
      <h2 id="bookmarks-heading" className="font-display text-2xl font-semibold">
        Bookmarks
      </h2>
      {bookmarks.isPending ? (
        <Spinner label="Loading your bookmarks…" />
      ) : (
        <>
          <p className="flex items-baseline gap-3">
            <span className="font-mono text-5xl font-bold text-accent" data-testid="bookmark-count">
              {saved.length}
            </span>
            <span className="text-muted">Projects saved</span>
          </p>
          {saved.length > 0 ? (
            <div>
              <h3 className="font-display text-lg font-semibold">Your bookmarked projects</h3>
              <ul className="mt-3 flex flex-col gap-2">
                {saved.map((bookmark) => {
                  const project = findProject(bookmark.project_id);
                  return (
                    <li
                      key={bookmark.project_id}
                      className="flex items-center gap-3 rounded-xl border border-border bg-surface-2/60 px-3 py-2.5"
                    >
                      {project ? (
                        <ProjectArt project={project} size={28} className="size-7" />
                      ) : (
                        <span aria-hidden="true" className="text-xl">
                          🤖
                        </span>
                      )}
                      {project ? (
                        <Link
                          to={tutorialPath(project.slug)}
                          className="font-medium underline-offset-4 hover:text-accent hover:underline"
                        >
                          {project.title}
                        </Link>
                      ) : (
                        <span className="font-medium">Project {bookmark.project_id}</span>
                      )}
                    </li>
                  );
                })}
              </ul>
            </div>
          ) : (
            <p className="text-muted">
              <Heart className="mr-1 inline size-4 align-[-2px]" aria-hidden="true" />
              Tap the heart on a project to save it here.{' '}
              <Link to={ROUTES.projects} className="font-semibold text-accent underline-offset-4 hover:underline">
                Browse projects
              </Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}
